import { aPatient } from '@dental/domain/testing/patients';
import { describe, expect, it } from 'vitest';
import { fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'admin', 'doctor', 'staff');

describe('GET /api/multi-clinic/accessible-practices', () => {
  it.each([
    ['admin', [1, 2, 3]],
    ['doctor', [1, 2]],
    ['staff', [1]],
  ])('%s sees practices %j', async (username, ids) => {
    const cookie = as[username as 'admin' | 'doctor' | 'staff'];
    const response = await t.request({ url: '/api/multi-clinic/accessible-practices', cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((p: { id: number }) => p.id)).toEqual(ids);
  });

  it('describes each practice with city, province and time zone', async () => {
    const response = await t.request({ url: '/api/multi-clinic/accessible-practices', cookie: as.admin });
    expect(response.json()).toEqual([
      expect.objectContaining({ id: 1, city: 'Toronto', province: 'ON', settings: { timezone: 'America/Toronto' } }),
      expect.objectContaining({ id: 2, city: 'Calgary', province: 'AB', settings: { timezone: 'America/Edmonton' } }),
      expect.objectContaining({
        id: 3,
        city: 'Vancouver',
        province: 'BC',
        settings: { timezone: 'America/Vancouver' },
      }),
    ]);
  });

  it('needs a session', async () => {
    expect((await t.request({ url: '/api/multi-clinic/accessible-practices' })).statusCode).toBe(401);
  });
});

describe('GET /api/practices/{id}', () => {
  it('returns an accessible practice', async () => {
    const response = await t.request({ url: '/api/practices/2', cookie: as.doctor });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: 2,
      name: expect.any(String),
      city: 'Calgary',
      province: 'AB',
      settings: { timezone: 'America/Edmonton' },
    });
  });

  it('refuses a practice the user may not access, existing or not', async () => {
    for (const id of [2, 3, 999]) {
      const response = await t.request({ url: `/api/practices/${id}`, cookie: as.staff });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Access denied to this practice');
    }
  });

  it('validates the id', async () => {
    const response = await t.request({ url: '/api/practices/zero', cookie: as.admin });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('id');
  });
});

describe('POST /api/multi-clinic/switch-practice', () => {
  it('switches to an allowed practice and the session then acts in it', async () => {
    const cookie = await t.login('doctor');
    const response = await t.request({
      method: 'POST',
      url: '/api/multi-clinic/switch-practice',
      cookie,
      body: { practiceId: 2 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, currentPracticeId: 2, practice: { id: 2 } });
    expect((await t.request({ url: '/api/auth/me', cookie })).json().user.currentPracticeId).toBe(2);
    const patients = await t.request({ url: '/api/patients?limit=50', cookie });
    expect(patients.json().every((p: { practiceId: number }) => p.practiceId === 2)).toBe(true);
  });

  it("answers 403 'Access denied to this practice' otherwise", async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/multi-clinic/switch-practice',
      cookie: as.doctor,
      body: { practiceId: 3 },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'Forbidden',
      code: 'PRACTICE_ACCESS_DENIED',
      message: 'Access denied to this practice',
    });
  });

  it.each([{}, { practiceId: 'two' }, { practiceId: 0 }, { practiceId: 1.5 }])('rejects %j with 400', async (body) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/multi-clinic/switch-practice',
      cookie: as.doctor,
      body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('practiceId');
  });

  it('is written to the audit log', async () => {
    const rows = await t.db
      .selectFrom('audit_log')
      .select('practice_id')
      .where('action', '=', 'practice.switch')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('X-Practice-ID', () => {
  it('scopes reads to the named practice', async () => {
    for (const practiceId of [1, 2]) {
      const response = await t.request({ url: '/api/patients?limit=1000&status=all', cookie: as.doctor, practiceId });
      expect(response.statusCode).toBe(200);
      const rows = response.json() as { practiceId: number }[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.practiceId === practiceId)).toBe(true);
    }
  });

  it('answers 403 for a practice the user may not access', async () => {
    for (const url of ['/api/patients', '/api/users', '/api/treatment-rooms']) {
      const response = await t.request({ url, cookie: as.doctor, practiceId: 3 });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe('Access denied to this practice');
    }
    const write = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: as.doctor,
      practiceId: 3,
      body: aPatient({ firstName: 'Ina', lastName: 'Wells' }),
    });
    expect(write.statusCode).toBe(403);
    expect(
      await t.db
        .selectFrom('patients')
        .select('id')
        .where('last_name', '=', 'Wells')
        .where('first_name', '=', 'Ina')
        .execute(),
    ).toEqual([]);
  });

  it.each(['abc', '0', '-1', '1.5', ''])('answers 400 for the header value %j', async (value) => {
    const response = await t.request({ url: '/api/patients', cookie: as.doctor, headers: { 'x-practice-id': value } });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('X-Practice-ID');
  });

  it("never reads another practice's patient by id", async () => {
    const other = await t.db.selectFrom('patients').select('id').where('practice_id', '=', 2).executeTakeFirstOrThrow();
    const viaPractice1 = await t.request({ url: `/api/patients/${other.id}`, cookie: as.doctor, practiceId: 1 });
    expect(viaPractice1.statusCode).toBe(404);
    const viaPractice2 = await t.request({ url: `/api/patients/${other.id}`, cookie: as.doctor, practiceId: 2 });
    expect(viaPractice2.statusCode).toBe(200);
    const staffTry = await t.request({ url: `/api/patients/${other.id}`, cookie: as.staff });
    expect(staffTry.statusCode).toBe(404);
  });

  it('lists only the staff and rooms of the practice', async () => {
    const rooms1 = (await t.request({ url: '/api/treatment-rooms', cookie: as.admin, practiceId: 1 })).json();
    const rooms2 = (await t.request({ url: '/api/treatment-rooms', cookie: as.admin, practiceId: 2 })).json();
    const rooms3 = (await t.request({ url: '/api/treatment-rooms', cookie: as.admin, practiceId: 3 })).json();
    expect([rooms1.length, rooms2.length, rooms3.length]).toEqual([14, 8, 6]);
    expect(rooms2.every((room: { practiceId: number }) => room.practiceId === 2)).toBe(true);
    expect(rooms1[0]).toMatchObject({ roomId: 'Room 1', room_id: 'Room 1', practiceId: 1 });

    const users3 = (await t.request({ url: '/api/users', cookie: as.admin, practiceId: 3 })).json() as {
      username: string;
    }[];
    expect(users3.map((u) => u.username)).toContain('admin');
    expect(users3.map((u) => u.username)).not.toContain('doctor');
  });
});
