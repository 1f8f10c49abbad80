import { aPatient } from '@dental/domain/testing/patients';
import { describe, expect, it } from 'vitest';
import { rowCount, setPermission } from './helpers/demo-data.ts';
import { fileApp } from './helpers/test-app.ts';

const t = fileApp();

describe('each route answers 403 with the permission it requires', () => {
  it.each([
    ['staff', 'POST', '/api/patients', 'patients.create'],
    ['hygienist', 'POST', '/api/patients', 'patients.create'],
  ] as const)('%s %s %s needs %s', async (username, method, url, permission) => {
    const cookie = await t.login(username);
    const response = await t.request({ method, url, cookie, body: aPatient() });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'Forbidden',
      code: 'PERMISSION_DENIED',
      message: "You don't have permission to perform this action.",
      requiredPermission: permission,
    });
  });

  it.each([
    ['/api/patients', 'patients.view'],
    ['/api/users', 'appointments.view'],
    ['/api/treatment-rooms', 'appointments.view'],
  ])('GET %s needs %s (revoked by a per-user override)', async (url, permission) => {
    await setPermission(t, 'hygienist', permission, false);
    const cookie = await t.login('hygienist');
    const response = await t.request({ url, cookie });
    expect(response.statusCode).toBe(403);
    expect(response.json().requiredPermission).toBe(permission);
    await setPermission(t, 'hygienist', permission, true);
    expect((await t.request({ url, cookie })).statusCode).toBe(200);
  });

  it('GET /api/patients/{id} needs patients.view', async () => {
    const patient = await t.db
      .selectFrom('patients')
      .select('id')
      .where('practice_id', '=', 1)
      .executeTakeFirstOrThrow();
    await setPermission(t, 'receptionist', 'patients.view', false);
    const cookie = await t.login('receptionist');
    const denied = await t.request({ url: `/api/patients/${patient.id}`, cookie });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().requiredPermission).toBe('patients.view');
    await setPermission(t, 'receptionist', 'patients.view', true);
  });

  it('a per-user grant lets staff create a patient', async () => {
    await setPermission(t, 'staff', 'patients.create', true);
    const cookie = await t.login('staff');
    const response = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie,
      body: aPatient(),
    });
    expect(response.statusCode).toBe(201);
  });

  it('the admin role is never denied, whatever the overrides say', async () => {
    await setPermission(t, 'admin', 'patients.view', false);
    const cookie = await t.login('admin');
    expect((await t.request({ url: '/api/patients', cookie })).statusCode).toBe(200);
  });

  it('denial checks the permission before validating the body', async () => {
    const cookie = await t.login('hygienist');
    const response = await t.request({ method: 'POST', url: '/api/patients', cookie, body: { nonsense: true } });
    expect(response.statusCode).toBe(403);
  });

  it('a denied write changes nothing', async () => {
    const before = await rowCount(t, 'patients');
    const cookie = await t.login('hygienist');
    await t.request({ method: 'POST', url: '/api/patients', cookie, body: aPatient() });
    expect(await rowCount(t, 'patients')).toBe(before);
  });
});
