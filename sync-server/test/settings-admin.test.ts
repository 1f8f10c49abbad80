import { NEW_PRACTICE_HOURS } from '@dental/domain/settings/admin';
import { describe, expect, it } from 'vitest';
import { fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'admin', 'doctor', 'staff');

interface Listed {
  id: number;
  username: string;
  role: string;
  practiceIds: number[];
  active: boolean;
  mustResetPassword: boolean;
  overrides: Record<string, boolean>;
}

async function userId(username: string): Promise<number> {
  const response = await t.request({ url: '/api/settings/users', cookie: as.admin });
  expect(response.statusCode).toBe(200);
  const user = (response.json() as Listed[]).find((u) => u.username === username);
  if (!user) throw new Error(`no ${username}`);
  return user.id;
}

const newUser = (username: string) => ({
  username,
  firstName: 'Nadia',
  lastName: 'Okafor',
  email: `${username}@example.ca`,
  role: 'receptionist',
  practiceIds: [1],
  password: 'Welcome2026!',
});

describe('POST /api/users', () => {
  it('creates a user who must reset their password at first sign-in; audited', async () => {
    const response = await t.request({ method: 'POST', url: '/api/users', cookie: as.admin, body: newUser('nokafor') });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      username: 'nokafor',
      role: 'receptionist',
      practiceIds: [1],
      active: true,
      mustResetPassword: true,
      overrides: {},
    });
    const signIn = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { username: 'nokafor', password: 'Welcome2026!' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ mustResetPassword: true });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.create')
      .where('entity_id', '=', String(response.json().id))
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses a username already taken, whatever its case: 409', async () => {
    const response = await t.request({ method: 'POST', url: '/api/users', cookie: as.admin, body: newUser('DOCTOR') });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('USERNAME_TAKEN');
  });

  it('refuses a non-admin: 403', async () => {
    const response = await t.request({ method: 'POST', url: '/api/users', cookie: as.doctor, body: newUser('x1') });
    expect(response.statusCode).toBe(403);
  });

  it('applies the password rules: too short, common', async () => {
    const short = await t.request({
      method: 'POST',
      url: '/api/users',
      cookie: as.admin,
      body: { ...newUser('x2'), password: '12345' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 6 characters long.');
    const common = await t.request({
      method: 'POST',
      url: '/api/users',
      cookie: as.admin,
      body: { ...newUser('x3'), password: 'password' },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().code).toBe('COMMON_PASSWORD');
  });

  it('validates role and practiceIds by name', async () => {
    const role = await t.request({
      method: 'POST',
      url: '/api/users',
      cookie: as.admin,
      body: { ...newUser('x4'), role: 'king' },
    });
    expect(role.statusCode).toBe(400);
    expect(role.json().field).toBe('role');
    const none = await t.request({
      method: 'POST',
      url: '/api/users',
      cookie: as.admin,
      body: { ...newUser('x5'), practiceIds: [] },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().field).toBe('practiceIds');
  });
});

describe('PATCH /api/users/{id}', () => {
  it('changes names, role and practices, and the user appears in the new practice’s sync feed', async () => {
    const id = await userId('nokafor');
    const response = await t.request({
      method: 'PATCH',
      url: `/api/users/${id}`,
      cookie: as.admin,
      body: { firstName: 'Nadia B.', role: 'assistant', practiceIds: [1, 2] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Nadia B.', role: 'assistant', practiceIds: [1, 2] });
    const versions = await t.db
      .selectFrom('row_versions')
      .select(['practice_id', 'deleted'])
      .where('table_name', '=', 'users')
      .where('row_id', '=', String(id))
      .orderBy('practice_id')
      .execute();
    expect(versions).toEqual([
      { practice_id: 1, deleted: 0 },
      { practice_id: 2, deleted: 0 },
    ]);
  });

  it('a password reset must be replaced again, and signs the user out', async () => {
    const id = await userId('nokafor');
    const response = await t.request({
      method: 'PATCH',
      url: `/api/users/${id}`,
      cookie: as.admin,
      body: { password: 'Another2026!' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().mustResetPassword).toBe(true);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', String(id))
      .where('action', '=', 'user.reset_password')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('deactivating ends the user’s sessions at once and refuses their sign-in', async () => {
    const cookie = await t.login('hygienist');
    const id = await userId('hygienist');
    expect((await t.request({ url: '/api/auth/me', cookie })).statusCode).toBe(200);
    const response = await t.request({
      method: 'PATCH',
      url: `/api/users/${id}`,
      cookie: as.admin,
      body: { active: false },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().active).toBe(false);
    expect((await t.request({ url: '/api/auth/me', cookie })).statusCode).toBe(401);
    const again = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { username: 'hygienist', password: 'demo1234' },
    });
    expect(again.statusCode).toBe(401);
    await t.request({ method: 'PATCH', url: `/api/users/${id}`, cookie: as.admin, body: { active: true } });
    expect((await t.login('hygienist')).startsWith('sid=')).toBe(true);
  });

  it('refuses an administrator deactivating themselves, and a non-admin', async () => {
    const self = await userId('admin');
    const response = await t.request({
      method: 'PATCH',
      url: `/api/users/${self}`,
      cookie: as.admin,
      body: { active: false },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('active');
    const other = await t.request({
      method: 'PATCH',
      url: `/api/users/${self}`,
      cookie: as.staff,
      body: { firstName: 'X' },
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('PUT /api/users/{id}/permissions', () => {
  it('a revoked permission is refused on the user’s next request, without a restart', async () => {
    const cookie = await t.login('doctor');
    expect((await t.request({ url: '/api/treatment-rooms', cookie, practiceId: 1 })).statusCode).toBe(200);
    const id = await userId('doctor');
    const response = await t.request({
      method: 'PUT',
      url: `/api/users/${id}/permissions`,
      cookie: as.admin,
      body: { overrides: { 'appointments.view': false } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().overrides).toEqual({ 'appointments.view': false });
    const next = await t.request({ url: '/api/treatment-rooms', cookie, practiceId: 1 });
    expect(next.statusCode).toBe(403);
    expect(next.json().code).toBe('PERMISSION_DENIED');
    await t.request({ method: 'PUT', url: `/api/users/${id}/permissions`, cookie: as.admin, body: { overrides: {} } });
    expect((await t.request({ url: '/api/treatment-rooms', cookie, practiceId: 1 })).statusCode).toBe(200);
  });

  it('a granted permission works on the next request', async () => {
    const cookie = await t.login('staff');
    expect((await t.request({ url: '/api/patients/export', cookie, practiceId: 1 })).statusCode).toBe(403);
    const id = await userId('staff');
    await t.request({
      method: 'PUT',
      url: `/api/users/${id}/permissions`,
      cookie: as.admin,
      body: { overrides: { 'patients.export': true, 'patients.delete': false } },
    });
    expect((await t.request({ url: '/api/patients/export', cookie, practiceId: 1 })).statusCode).not.toBe(403);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'user.permissions')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('names an unknown key: 400', async () => {
    const id = await userId('staff');
    const response = await t.request({
      method: 'PUT',
      url: `/api/users/${id}/permissions`,
      cookie: as.admin,
      body: { overrides: { 'patients.teleport': true } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('patients.teleport');
  });

  it('refuses a non-admin: 403', async () => {
    const id = await userId('staff');
    const response = await t.request({
      method: 'PUT',
      url: `/api/users/${id}/permissions`,
      cookie: as.doctor,
      body: { overrides: {} },
    });
    expect(response.statusCode).toBe(403);
  });
});

const newPractice = {
  name: 'Halifax Harbour Dental',
  address: '1 Water St',
  city: 'Halifax',
  province: 'NS',
  postalCode: 'B3J 1A1',
  phone: '902-555-0100',
  timezone: 'America/Halifax',
};

describe('POST /api/practices', () => {
  it('creates a practice the admin may work in at once; audited', async () => {
    const cookie = await t.login('admin');
    const response = await t.request({ method: 'POST', url: '/api/practices', cookie, body: newPractice });
    expect(response.statusCode).toBe(201);
    const practice = response.json();
    const { timezone, ...details } = newPractice;
    expect(practice).toMatchObject({ ...details, settings: { timezone } });
    const accessible = await t.request({ url: '/api/multi-clinic/accessible-practices', cookie });
    expect(accessible.json().map((p: { id: number }) => p.id)).toContain(practice.id);
    const hours = await t.request({
      url: `/api/practice-hours-unified/${practice.id}`,
      cookie,
      practiceId: practice.id,
    });
    expect(hours.statusCode).toBe(200);
    expect(hours.json().hours.monday).toMatchObject({ isOpen: true, openTime: '09:00', closeTime: '17:00' });
    expect(hours.json().hours.saturday).toMatchObject({ isOpen: false });
    const audit = await t.db.selectFrom('audit_log').select('action').where('action', '=', 'practice.create').execute();
    expect(audit).toHaveLength(1);
  });

  it('opens a new practice on the hours given, and names a bad day', async () => {
    const hours = {
      ...NEW_PRACTICE_HOURS,
      saturday: { isOpen: true, closed: false, openTime: '08:00', closeTime: '12:00' },
    };
    const body = { ...newPractice, name: 'Saturday Smiles', hours };
    const created = await t.request({ method: 'POST', url: '/api/practices', cookie: as.admin, body });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const stored = await t.request({ url: `/api/practice-hours-unified/${id}`, cookie: as.admin, practiceId: id });
    expect(stored.json().hours.saturday).toMatchObject({ isOpen: true, openTime: '08:00', closeTime: '12:00' });

    const bad = await t.request({
      method: 'POST',
      url: '/api/practices',
      cookie: as.admin,
      body: {
        ...body,
        name: 'Backwards',
        hours: { ...hours, monday: { isOpen: true, openTime: '17:00', closeTime: '09:00' } },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('hours.monday.closeTime');
  });

  it('names an invalid province or a zone outside the Canadian list: 400', async () => {
    const province = await t.request({
      method: 'POST',
      url: '/api/practices',
      cookie: as.admin,
      body: { ...newPractice, province: 'WA' },
    });
    expect(province.statusCode).toBe(400);
    expect(province.json().field).toBe('province');
    const zone = await t.request({
      method: 'POST',
      url: '/api/practices',
      cookie: as.admin,
      body: { ...newPractice, timezone: 'Europe/Paris' },
    });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().field).toBe('timezone');
  });

  it('refuses a non-admin: 403', async () => {
    const response = await t.request({ method: 'POST', url: '/api/practices', cookie: as.doctor, body: newPractice });
    expect(response.statusCode).toBe(403);
  });
});

describe('treatment rooms', () => {
  it('adds a room that reaches devices through the change log, renames it, deactivates it', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/treatment-rooms',
      cookie: as.admin,
      practiceId: 1,
      body: { roomId: 'OP9', roomName: 'Operatory 9' },
    });
    expect(created.statusCode).toBe(201);
    const room = created.json();
    expect(room).toMatchObject({ roomId: 'OP9', roomName: 'Operatory 9', active: true });
    const listed = await t.request({ url: '/api/treatment-rooms', cookie: as.admin, practiceId: 1 });
    expect(listed.json().map((r: { roomId: string }) => r.roomId)).toContain('OP9');
    const version = await t.db
      .selectFrom('row_versions')
      .select('deleted')
      .where('practice_id', '=', 1)
      .where('table_name', '=', 'treatment_rooms')
      .where('row_id', '=', String(room.id))
      .executeTakeFirst();
    expect(version?.deleted).toBe(0);

    const renamed = await t.request({
      method: 'PATCH',
      url: `/api/treatment-rooms/${room.id}`,
      cookie: as.admin,
      practiceId: 1,
      body: { roomName: 'Operatory Nine' },
    });
    expect(renamed.json().roomName).toBe('Operatory Nine');
    const off = await t.request({
      method: 'PATCH',
      url: `/api/treatment-rooms/${room.id}`,
      cookie: as.admin,
      practiceId: 1,
      body: { active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().active).toBe(false);
    const after = await t.request({ url: '/api/treatment-rooms', cookie: as.admin, practiceId: 1 });
    expect(after.json().map((r: { roomId: string }) => r.roomId)).not.toContain('OP9');
  });

  it('refuses a duplicate room id: 409', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/treatment-rooms',
      cookie: as.admin,
      practiceId: 1,
      body: { roomId: 'OP9', roomName: 'Again' },
    });
    expect(response.statusCode).toBe(409);
  });

  it('refuses to deactivate an operatory with future appointments: 409 with how many', async () => {
    const rooms = await t.request({ url: '/api/settings/treatment-rooms', cookie: as.admin, practiceId: 1 });
    const booked = await t.db
      .selectFrom('appointments')
      .select('treatment_room')
      .where('practice_id', '=', 1)
      .where('status', 'not in', ['cancelled', 'no-show'])
      .where('appointment_date', '>=', '2026-11-23')
      .executeTakeFirstOrThrow();
    const room = (rooms.json() as { id: number; roomId: string }[]).find((r) => r.roomId === booked.treatment_room);
    const response = await t.request({
      method: 'PATCH',
      url: `/api/treatment-rooms/${room?.id}`,
      cookie: as.admin,
      practiceId: 1,
      body: { active: false },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('ROOM_HAS_APPOINTMENTS');
    expect(response.json().futureAppointments).toBeGreaterThan(0);
    expect(response.json().message).toMatch(/has \d+ future appointments/);
  });

  it('refuses a non-admin: 403', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/treatment-rooms',
      cookie: as.doctor,
      practiceId: 1,
      body: { roomId: 'OP10', roomName: 'x' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('/api/settings/security', () => {
  it('reads spec 9’s numbers until an administrator saves a policy', async () => {
    const response = await t.request({ url: '/api/settings/security', cookie: as.admin });
    expect(response.json()).toEqual({ idleTimeoutMinutes: 60, maxLoginAttempts: 5, lockoutMinutes: 15 });
  });

  it('refuses values outside the bounds, naming the field, and a non-admin', async () => {
    const response = await t.request({
      method: 'PUT',
      url: '/api/settings/security',
      cookie: as.admin,
      body: { idleTimeoutMinutes: 120, maxLoginAttempts: 5, lockoutMinutes: 15 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('idleTimeoutMinutes');
    const doctor = await t.request({
      method: 'PUT',
      url: '/api/settings/security',
      cookie: as.doctor,
      body: { idleTimeoutMinutes: 30, maxLoginAttempts: 5, lockoutMinutes: 15 },
    });
    expect(doctor.statusCode).toBe(403);
  });

  it('a shorter idle timeout and fewer attempts apply from the next request', async () => {
    const saved = await t.request({
      method: 'PUT',
      url: '/api/settings/security',
      cookie: as.admin,
      body: { idleTimeoutMinutes: 10, maxLoginAttempts: 3, lockoutMinutes: 20 },
    });
    expect(saved.statusCode).toBe(200);
    const cookie = await t.login('receptionist');
    t.advance(11 * 60_000);
    expect((await t.request({ url: '/api/auth/me', cookie })).statusCode).toBe(401);
    for (let i = 0; i < 2; i += 1) {
      const wrong = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        body: { username: 'assistant', password: 'nope' },
      });
      expect(wrong.statusCode).toBe(401);
    }
    const third = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { username: 'assistant', password: 'nope' },
    });
    expect(third.statusCode).toBe(429);
    await t.request({
      method: 'PUT',
      url: '/api/settings/security',
      cookie: await t.login('admin'),
      body: { idleTimeoutMinutes: 60, maxLoginAttempts: 5, lockoutMinutes: 15 },
    });
  });
});

describe('the fee schedule from settings', () => {
  it('edits one fee, audited and sent to devices', async () => {
    const schedule = await t.request({ url: '/api/procedure-fees', cookie: as.admin, practiceId: 1 });
    expect(schedule.json().sample).toBe(true);
    const [first] = schedule.json().fees as { code: string; fee: number }[];
    const response = await t.request({
      method: 'PUT',
      url: `/api/procedure-fees/${first?.code}`,
      cookie: as.admin,
      practiceId: 1,
      body: { fee: 12345 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().fee).toBe(12345);
    const version = await t.db
      .selectFrom('row_versions')
      .select('row_id')
      .where('practice_id', '=', 1)
      .where('table_name', '=', 'procedure_fees')
      .where('row_id', '=', String(first?.code))
      .executeTakeFirst();
    expect(version).toBeDefined();
    const doctor = await t.request({
      method: 'PUT',
      url: `/api/procedure-fees/${first?.code}`,
      cookie: as.doctor,
      practiceId: 1,
      body: { fee: 1 },
    });
    expect(doctor.statusCode).toBe(403);
  });

  it('imports a CSV, all or nothing, naming each bad line', async () => {
    const bad = await t.request({
      method: 'POST',
      url: '/api/procedure-fees/import',
      cookie: as.admin,
      practiceId: 1,
      body: { csv: 'code,description,category,fee\nX-1,Test,nonsense,12.50\nX-2,,diagnostic,abc\n' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Line 2: the category/);
    const good = await t.request({
      method: 'POST',
      url: '/api/procedure-fees/import',
      cookie: as.admin,
      practiceId: 1,
      body: { csv: 'code,description,category,fee\nX-1,"Test, with comma",diagnostic,12.50\n' },
    });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ imported: 1, created: 1, updated: 0 });
    const fees = await t.request({ url: '/api/procedure-fees', cookie: as.admin, practiceId: 1 });
    expect(fees.json().fees).toContainEqual(
      expect.objectContaining({ code: 'X-1', fee: 1250, description: 'Test, with comma' }),
    );
  });
});
