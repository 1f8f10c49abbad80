import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function withOverride(username: string, permission: string, granted: boolean): Promise<void> {
  const user = await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  await t.db
    .insertInto('user_permissions')
    .values({ user_id: user.id, permission, granted: granted ? 1 : 0 })
    .onConflict((oc) => oc.columns(['user_id', 'permission']).doUpdateSet({ granted: granted ? 1 : 0 }))
    .execute();
}

const newPatient = { firstName: 'Lena', lastName: 'Okafor', phone: '4165550123', dateOfBirth: '1990-04-02' };

describe('each route answers 403 with the permission it requires', () => {
  it.each([
    ['staff', 'POST', '/api/patients', 'patients.create'],
    ['hygienist', 'POST', '/api/patients', 'patients.create'],
  ] as const)('%s %s %s needs %s', async (username, method, url, permission) => {
    const cookie = await t.login(username);
    const response = await t.request({ method, url, cookie, body: newPatient });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'Forbidden',
      message: "You don't have permission to perform this action.",
      requiredPermission: permission,
    });
  });

  it.each([
    ['/api/patients', 'patients.view'],
    ['/api/users', 'appointments.view'],
    ['/api/treatment-rooms', 'appointments.view'],
  ])('GET %s needs %s (revoked by a per-user override)', async (url, permission) => {
    await withOverride('hygienist', permission, false);
    const cookie = await t.login('hygienist');
    const response = await t.request({ url, cookie });
    expect(response.statusCode).toBe(403);
    expect(response.json().requiredPermission).toBe(permission);
    await withOverride('hygienist', permission, true);
    expect((await t.request({ url, cookie })).statusCode).toBe(200);
  });

  it('GET /api/patients/{id} needs patients.view', async () => {
    const patient = await t.db
      .selectFrom('patients')
      .select('id')
      .where('practice_id', '=', 1)
      .executeTakeFirstOrThrow();
    await withOverride('receptionist', 'patients.view', false);
    const cookie = await t.login('receptionist');
    const denied = await t.request({ url: `/api/patients/${patient.id}`, cookie });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().requiredPermission).toBe('patients.view');
    await withOverride('receptionist', 'patients.view', true);
  });

  it('a per-user grant lets staff create a patient', async () => {
    await withOverride('staff', 'patients.create', true);
    const cookie = await t.login('staff');
    const response = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie,
      body: { ...newPatient, phone: '4165550999' },
    });
    expect(response.statusCode).toBe(201);
  });

  it('the admin role is never denied, whatever the overrides say', async () => {
    await withOverride('admin', 'patients.view', false);
    const cookie = await t.login('admin');
    expect((await t.request({ url: '/api/patients', cookie })).statusCode).toBe(200);
  });

  it('denial checks the permission before validating the body', async () => {
    const cookie = await t.login('hygienist');
    const response = await t.request({ method: 'POST', url: '/api/patients', cookie, body: { nonsense: true } });
    expect(response.statusCode).toBe(403);
  });

  it('a denied write changes nothing', async () => {
    const before = await t.db
      .selectFrom('patients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const cookie = await t.login('hygienist');
    await t.request({ method: 'POST', url: '/api/patients', cookie, body: { ...newPatient, phone: '4165550777' } });
    const after = await t.db
      .selectFrom('patients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
