import { NOTIFICATION_EVENT_TYPES } from '@dental/domain/communications/staff-notification';
import { anAppointment, on } from '@dental/domain/testing/appointments';
import { describe, expect, it } from 'vitest';
import { bookAppointment } from './helpers/api.ts';
import { activePatients, userId } from './helpers/demo-data.ts';
import { createTestApp, fileApp, signedIn } from './helpers/test-app.ts';
import { TEST_START } from './helpers/test-clock.ts';

/** Issue 21: preferences, the server cache, time-zone management and the CDAnet set-up. */
const t = fileApp();
const as = signedIn(t, 'admin', 'doctor', 'receptionist', 'staff');
const patient = activePatients(t, 4);

const put = (url: string, cookie: string, body: unknown, practiceId?: number) =>
  t.request({ method: 'PUT', url, cookie, body, practiceId });
const lastAudit = (action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirst();

describe('GET/PUT /api/preferences', () => {
  it('answers the defaults before anything is stored', async () => {
    const response = await t.request({ url: '/api/preferences', cookie: as.staff });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      theme: 'system',
      language: null,
      defaultScheduleView: '60min',
      defaultPracticeId: null,
      notifications: Object.fromEntries(NOTIFICATION_EVENT_TYPES.map((type) => [type, true])),
      updatedAt: null,
    });
  });

  it('stores the given fields, keeps the others, keeps the language in the user row, and audits', async () => {
    const saved = await put('/api/preferences', as.doctor, {
      theme: 'dark',
      language: 'fr',
      defaultScheduleView: '30min',
      defaultPracticeId: 2,
      notifications: { recall_due: false },
    });
    expect(saved.statusCode).toBe(200);
    const again = await put('/api/preferences', as.doctor, { theme: 'light' });
    expect(again.json()).toMatchObject({
      theme: 'light',
      language: 'fr',
      defaultScheduleView: '30min',
      defaultPracticeId: 2,
      notifications: { recall_due: false, appointment_booked: true },
      updatedAt: TEST_START,
    });
    const read = await t.request({ url: '/api/preferences', cookie: as.doctor });
    expect(read.json()).toEqual(again.json());
    const user = await t.db.selectFrom('users').select('language').where('username', '=', 'doctor').executeTakeFirst();
    expect(user?.language).toBe('fr');
    const me = await t.request({ url: '/api/auth/me', cookie: as.doctor });
    expect(me.json().user.language).toBe('fr');
    expect(await lastAudit('preferences.update')).toMatchObject({ entity: 'user', user_id: await userId(t, 'doctor') });
  });

  it('refuses invalid values with 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ theme: 'purple' }, 'theme'],
      [{ language: 'de' }, 'language'],
      [{ defaultScheduleView: '15min' }, 'defaultScheduleView'],
      [{ defaultPracticeId: 'x' }, 'defaultPracticeId'],
      [{ defaultPracticeId: 3 }, 'defaultPracticeId'],
      [{ notifications: { nonsense: false } }, 'notifications'],
      [{ notifications: { recall_due: 'no' } }, 'notifications'],
    ];
    for (const [body, field] of cases) {
      const response = await put('/api/preferences', as.doctor, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(String(response.json().field), JSON.stringify(body)).toMatch(new RegExp(`^${field}`));
    }
    const unsigned = await t.request({ url: '/api/preferences' });
    expect(unsigned.statusCode).toBe(401);
  });

  it('starts the next sign-in in the default practice', async () => {
    const cookie = await t.login('doctor');
    const me = await t.request({ url: '/api/auth/me', cookie });
    expect(me.json().user.currentPracticeId).toBe(2);
    await put('/api/preferences', as.doctor, { defaultPracticeId: null });
    const later = await t.request({ url: '/api/auth/me', cookie: await t.login('doctor') });
    expect(later.json().user.currentPracticeId).toBe(1);
  });

  it('creates no notification of a type the user turned off', async () => {
    const doctor = await userId(t, 'doctor');
    const count = async () =>
      (
        await t.db
          .selectFrom('notifications')
          .select('id')
          .where('user_id', '=', doctor)
          .where('type', '=', 'appointment_booked')
          .execute()
      ).length;
    const before = await count();
    await bookAppointment(
      t,
      as.receptionist,
      anAppointment({ patientId: patient(0), appointmentDate: on('2027-05-03', '10:00') }),
    );
    expect(await count()).toBe(before + 1);
    await put('/api/preferences', as.doctor, { notifications: { appointment_booked: false } });
    await bookAppointment(
      t,
      as.receptionist,
      anAppointment({ patientId: patient(1), appointmentDate: on('2027-05-03', '11:00') }),
    );
    expect(await count()).toBe(before + 1);
    await put('/api/preferences', as.doctor, { notifications: { appointment_booked: true } });
  });
});

describe('the server cache', () => {
  it('GET /api/cache/stats counts entries, hits and misses with ages; POST /api/cache/clear empties it', async () => {
    await t.request({ url: '/api/practice-hours-unified/1', cookie: as.admin });
    await t.request({ url: '/api/practice-hours-unified/1', cookie: as.admin });
    const stats = await t.request({ url: '/api/cache/stats', cookie: as.admin });
    expect(stats.statusCode).toBe(200);
    const body = stats.json();
    expect(body.entries).toBeGreaterThanOrEqual(1);
    expect(body.hits).toBeGreaterThanOrEqual(1);
    expect(body.misses).toBeGreaterThanOrEqual(1);
    expect(body.cachedPractices).toContainEqual(
      expect.objectContaining({ practiceId: 1, practiceName: 'Toronto Downtown Dental', ageMs: 0 }),
    );

    const cleared = await t.request({ method: 'POST', url: '/api/cache/clear', cookie: as.admin });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ success: true, message: 'Cache cleared' });
    expect((await t.request({ url: '/api/cache/stats', cookie: as.admin })).json()).toMatchObject({
      entries: 0,
      cachedPractices: [],
    });
    expect(await lastAudit('cache.clear')).toMatchObject({ entity: 'practice_hours_cache' });
  });

  it('is for system administrators only', async () => {
    expect((await t.request({ url: '/api/cache/stats', cookie: as.doctor })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/cache/clear', cookie: as.doctor })).statusCode).toBe(403);
  });
});

describe('time-zone management', () => {
  it('lists each practice with its clock and next daylight-time changes', async () => {
    const response = await t.request({ url: '/api/timezone-management', cookie: as.admin });
    expect(response.statusCode).toBe(200);
    const toronto = response.json().practices.find((p: { practiceId: number }) => p.practiceId === 1);
    expect(toronto).toMatchObject({
      timezone: 'America/Toronto',
      localTime: '10:00',
      nextTransitions: [
        { at: '2027-03-14T07:00:00.000Z', offsetBefore: -300, offsetAfter: -240, kind: 'daylight' },
        { at: '2027-11-07T06:00:00.000Z', offsetBefore: -240, offsetAfter: -300, kind: 'standard' },
      ],
    });
    expect((await t.request({ url: '/api/timezone-management', cookie: as.doctor })).statusCode).toBe(403);
  });

  it('previews a change, then applies it: appointments keep their instant, hours are read in the new zone', async () => {
    const c = await createTestApp();
    try {
      const admin = await c.login('admin');
      const before = await c.db
        .selectFrom('appointments')
        .select(['id', 'appointment_date'])
        .where('practice_id', '=', 1)
        .execute();
      const preview = await c.request({
        method: 'POST',
        url: '/api/timezone-management/1/preview',
        cookie: admin,
        body: { timezone: 'America/Vancouver' },
      });
      expect(preview.statusCode).toBe(200);
      const body = preview.json();
      expect(body).toMatchObject({ from: { timezone: 'America/Toronto' }, to: { timezone: 'America/Vancouver' } });
      expect(body.appointments.future).toBeGreaterThan(0);
      expect(body.appointments.shifted).toBe(body.appointments.future);
      const example = body.appointments.example;
      expect(Number(example.before.time.slice(0, 2)) - Number(example.after.time.slice(0, 2))).toBe(3);
      const monday = body.hours.find((day: { weekday: string }) => day.weekday === 'monday');
      expect(monday.isOpen).toBe(true);
      // 08:00 in Vancouver was 11:00 on Toronto's clock.
      expect(Number(monday.formerClockOpenTime.slice(0, 2)) - Number(monday.openTime.slice(0, 2))).toBe(3);
      const zone = await c.db.selectFrom('practices').select('timezone').where('id', '=', 1).executeTakeFirst();
      expect(zone?.timezone).toBe('America/Toronto');

      const applied = await c.request({
        method: 'PUT',
        url: '/api/timezone-management/1',
        cookie: admin,
        body: { timezone: 'America/Vancouver' },
      });
      expect(applied.statusCode).toBe(200);
      const after = await c.db.selectFrom('practices').select('timezone').where('id', '=', 1).executeTakeFirst();
      expect(after?.timezone).toBe('America/Vancouver');
      const moved = await c.db
        .selectFrom('appointments')
        .select(['id', 'appointment_date'])
        .where('practice_id', '=', 1)
        .execute();
      expect(moved).toEqual(before);
      const context = await c.request({ url: '/api/timezone-business/context', cookie: admin, practiceId: 1 });
      expect(context.json()).toMatchObject({ timezone: 'America/Vancouver', localTime: '07:00' });
      const audit = await c.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'practice.timezone_change')
        .executeTakeFirst();
      expect(JSON.parse(audit?.details ?? '{}')).toMatchObject({ from: 'America/Toronto', to: 'America/Vancouver' });
    } finally {
      await c.close();
    }
  });

  it('refuses a zone outside the Canadian table, naming the field, and non-administrators', async () => {
    for (const timezone of ['Europe/Paris', 'Mars/Olympus', '']) {
      const response = await t.request({
        method: 'PUT',
        url: '/api/timezone-management/1',
        cookie: as.admin,
        body: { timezone },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe('timezone');
    }
    const doctor = await t.request({
      method: 'PUT',
      url: '/api/timezone-management/1',
      cookie: as.doctor,
      body: { timezone: 'America/Winnipeg' },
    });
    expect(doctor.statusCode).toBe(403);
  });
});

describe('GET/PUT /api/cdanet-configuration', () => {
  it('answers empty numbers, the providers and a labelled sample carrier list before anything is saved', async () => {
    const response = await t.request({ url: '/api/cdanet-configuration', cookie: as.doctor });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.configuration).toMatchObject({
      practiceId: 1,
      officeNumber: null,
      providerNumbers: {},
      claimDefaults: { cdanetVersion: '04', assignBenefitsToProvider: true, defaultCarrierId: null },
    });
    expect(body.sampleCarriers.sample).toBe(true);
    expect(body.sampleCarriers.carriers.length).toBeGreaterThan(3);
    expect(body.providers.map((p: { id: number }) => p.id)).toContain(await userId(t, 'doctor'));
  });

  it('saves with settings.edit, per practice, and audits', async () => {
    const doctor = await userId(t, 'doctor');
    const saved = await put('/api/cdanet-configuration', as.admin, {
      officeNumber: '0421',
      providerNumbers: { [doctor]: '012345678' },
      claimDefaults: { cdanetVersion: '04', assignBenefitsToProvider: false, defaultCarrierId: 'SAMPLE-02' },
    });
    expect(saved.statusCode).toBe(200);
    const read = await t.request({ url: '/api/cdanet-configuration', cookie: as.doctor });
    expect(read.json().configuration).toMatchObject({
      officeNumber: '0421',
      providerNumbers: { [doctor]: '012345678' },
      claimDefaults: { assignBenefitsToProvider: false, defaultCarrierId: 'SAMPLE-02' },
      updatedAt: TEST_START,
    });
    const other = await t.request({ url: '/api/cdanet-configuration', cookie: as.admin, practiceId: 2 });
    expect(other.json().configuration.officeNumber).toBeNull();
    expect(await lastAudit('cdanet.update')).toMatchObject({ entity: 'cdanet_configuration', practice_id: 1 });
  });

  it('refuses bad digits naming the field, strangers as providers, and users without settings.edit', async () => {
    const doctor = await userId(t, 'doctor');
    const cases: [unknown, string][] = [
      [{ officeNumber: '421' }, 'officeNumber'],
      [{ officeNumber: '04A1' }, 'officeNumber'],
      [{ officeNumber: '0421', providerNumbers: { [doctor]: '12345678' } }, 'providerNumbers'],
      [{ officeNumber: '0421', providerNumbers: { 999999: '123456789' } }, 'providerNumbers'],
      [{ officeNumber: '0421', claimDefaults: { cdanetVersion: '05' } }, 'claimDefaults'],
    ];
    for (const [body, field] of cases) {
      const response = await put('/api/cdanet-configuration', as.admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(String(response.json().field), JSON.stringify(body)).toContain(field);
    }
    const staff = await put('/api/cdanet-configuration', as.staff, { officeNumber: '0421' });
    expect(staff.statusCode).toBe(403);
  });
});
