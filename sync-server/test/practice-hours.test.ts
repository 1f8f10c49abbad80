import type { PullResponse } from '@dental/domain/sync/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_START, type TestApp } from './helpers/test-app.ts';

/** TEST_START is Sunday 2026-11-22, 10:00 in Toronto (practice 1), closed on Sundays. */
const THIRTY_MINUTES = 30 * 60_000;

const open = (openTime: string, closeTime: string) => ({ openTime, closeTime, isOpen: true, closed: false });
const CLOSED = { openTime: null, closeTime: null, isOpen: false, closed: true };

/** The seeded week of practice 1 (Toronto). */
const TORONTO_HOURS = {
  sunday: CLOSED,
  monday: open('08:00', '18:00'),
  tuesday: open('08:00', '18:00'),
  wednesday: open('08:00', '18:00'),
  thursday: open('08:00', '20:00'),
  friday: open('08:00', '18:00'),
  saturday: open('09:00', '14:00'),
};

const NEW_WEEK = {
  sunday: { isOpen: false },
  monday: { openTime: '07:30', closeTime: '16:00', isOpen: true },
  tuesday: { openTime: '07:30', closeTime: '16:00', isOpen: true },
  wednesday: { openTime: '07:30', closeTime: '16:00', isOpen: true },
  thursday: { openTime: '07:30', closeTime: '16:00', isOpen: true },
  friday: { openTime: '07:30', closeTime: '16:00', isOpen: true },
  saturday: { isOpen: false, openTime: null, closeTime: null },
};

let t: TestApp;
let admin: string;
let doctor: string;
let receptionist: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, doctor, receptionist, staff] = [
    await t.login('admin'),
    await t.login('doctor'),
    await t.login('receptionist'),
    await t.login('staff'),
  ];
});
afterAll(async () => {
  await t.close();
});

describe('access to the practice-hours and timezone calls', () => {
  it.each([
    ['GET', '/api/practice-hours-unified/1'],
    ['PUT', '/api/practice-hours-unified/1'],
    ['GET', '/api/practice-hours-unified/1/time-slots?day=monday'],
    ['GET', '/api/practice-hours-unified/1/display'],
    ['DELETE', '/api/practice-hours-unified/1/cache'],
    ['GET', '/api/practice-hours-unified/cache/stats'],
    ['GET', '/api/timezone-business/context'],
    ['GET', '/api/timezone-business/practice-hours'],
    ['GET', '/api/timezone/practice'],
    ['POST', '/api/timezone/parse-appointment-time'],
  ] as const)('%s %s needs a session', async (method, url) => {
    const body =
      method === 'PUT' ? NEW_WEEK : method === 'POST' ? { dateString: '2026-11-23', timeString: '09:00' } : undefined;
    const response = await t.request({ method, url, body });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['GET', '/api/practice-hours-unified/2'],
    ['GET', '/api/practice-hours-unified/2/time-slots?day=monday'],
    ['GET', '/api/practice-hours-unified/3/display'],
    ['GET', '/api/practice-hours-unified/999'],
  ] as const)('%s %s refuses a practice the user may not access', async (method, url) => {
    const response = await t.request({ method, url, cookie: staff });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Access denied to this practice');
  });

  it('refuses changes without settings.edit, before looking at the body', async () => {
    for (const [method, url, body] of [
      ['PUT', '/api/practice-hours-unified/1', NEW_WEEK],
      ['PUT', '/api/practice-hours-unified/1', { junk: true }],
      ['DELETE', '/api/practice-hours-unified/1/cache', undefined],
    ] as const) {
      const response = await t.request({ method, url, cookie: receptionist, body });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ requiredPermission: 'settings.edit' });
    }
    const stats = await t.request({ url: '/api/practice-hours-unified/cache/stats', cookie: receptionist });
    expect(stats.statusCode).toBe(403);
    expect(stats.json()).toMatchObject({ requiredPermission: 'settings.view' });
  });

  it('refuses a change to another practice even with settings.edit', async () => {
    const doctorId = (
      await t.db.selectFrom('users').select('id').where('username', '=', 'doctor').executeTakeFirstOrThrow()
    ).id;
    await t.db
      .insertInto('user_permissions')
      .values({ user_id: doctorId, permission: 'settings.edit', granted: 1 })
      .execute();
    try {
      const response = await t.request({
        method: 'PUT',
        url: '/api/practice-hours-unified/3',
        cookie: doctor,
        body: NEW_WEEK,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Access denied to this practice');
      const rows = await t.db.selectFrom('practice_hours').selectAll().where('practice_id', '=', 3).execute();
      expect(rows.find((row) => row.weekday === 1)).toMatchObject({ open_time: '09:00' });
    } finally {
      await t.db.deleteFrom('user_permissions').where('user_id', '=', doctorId).execute();
    }
  });
});

describe('GET /api/practice-hours-unified/{practiceId}', () => {
  it('gives the week keyed by weekday', async () => {
    const response = await t.request({ url: '/api/practice-hours-unified/1', cookie: staff });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ practiceId: 1, hours: TORONTO_HOURS, cached: expect.any(Boolean) });
  });

  it('validates the id', async () => {
    const response = await t.request({ url: '/api/practice-hours-unified/abc', cookie: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('practiceId');
  });
});

describe('the practice-hours cache', () => {
  let c: TestApp;
  let cAdmin: string;
  beforeAll(async () => {
    c = await createTestApp();
    cAdmin = await c.login('admin');
  });
  afterAll(async () => {
    await c.close();
  });

  const stats = async () => {
    const response = await c.request({ url: '/api/practice-hours-unified/cache/stats', cookie: cAdmin });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const hours = async (practiceId = 1) => {
    const response = await c.request({ url: `/api/practice-hours-unified/${practiceId}`, cookie: cAdmin });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('serves from memory for 30 minutes of the server clock, then reads again', async () => {
    expect(await stats()).toMatchObject({ entries: 0, hits: 0, misses: 0, hitRate: 0, ttlMs: THIRTY_MINUTES });

    expect(await hours()).toMatchObject({ cached: false, timestamp: TEST_START });
    c.advance(THIRTY_MINUTES - 1);
    expect(await hours()).toMatchObject({ cached: true, timestamp: TEST_START });
    expect(await stats()).toMatchObject({
      entries: 1,
      hits: 1,
      misses: 1,
      hitRate: 0.5,
      cachedPractices: [
        {
          practiceId: 1,
          cachedAt: TEST_START,
          expiresAt: new Date(Date.parse(TEST_START) + THIRTY_MINUTES).toISOString(),
        },
      ],
    });

    c.advance(1);
    expect(await stats()).toMatchObject({ entries: 0 });
    const fresh = await hours();
    expect(fresh).toMatchObject({ cached: false, hours: TORONTO_HOURS });
    expect(fresh.timestamp).toBe(new Date(Date.parse(TEST_START) + THIRTY_MINUTES).toISOString());
    expect(await stats()).toMatchObject({ entries: 1, hits: 1, misses: 2 });
  });

  it('shares entries with the display, time-slot and timezone-business calls', async () => {
    const before = await stats();
    const display = await c.request({ url: '/api/practice-hours-unified/1/display', cookie: cAdmin });
    expect(display.json()).toMatchObject({ cached: true });
    const business = await c.request({ url: '/api/timezone-business/practice-hours', cookie: cAdmin });
    expect(business.json()).toMatchObject({ cached: true });
    expect((await stats()).hits).toBe(before.hits + 2);
  });

  it('lists only the caller’s practices among the cached entries', async () => {
    await hours(3);
    const doctorCookie = await c.login('doctor');
    const response = await c.request({ url: '/api/practice-hours-unified/cache/stats', cookie: doctorCookie });
    expect(response.statusCode).toBe(200);
    expect(response.json().entries).toBe(2);
    expect(response.json().cachedPractices.map((entry: { practiceId: number }) => entry.practiceId)).toEqual([1]);
  });

  it('DELETE …/cache drops one practice', async () => {
    expect(await hours()).toMatchObject({ cached: true });
    const cleared = await c.request({ method: 'DELETE', url: '/api/practice-hours-unified/1/cache', cookie: cAdmin });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ practiceId: 1, cleared: true });
    expect(await hours()).toMatchObject({ cached: false });
    expect(await hours(3)).toMatchObject({ cached: true });
    const again = await c.request({ method: 'DELETE', url: '/api/practice-hours-unified/2/cache', cookie: cAdmin });
    expect(again.json()).toEqual({ practiceId: 2, cleared: false });
    expect((await stats()).invalidations).toBe(2);
  });

  it('is per app: another app starts empty', async () => {
    const other = await createTestApp();
    try {
      const cookie = await other.login('admin');
      const response = await other.request({ url: '/api/practice-hours-unified/cache/stats', cookie });
      expect(response.json()).toMatchObject({ entries: 0, hits: 0, misses: 0 });
    } finally {
      await other.close();
    }
  });
});

/** Pulls practice 1 as admin from the start until nothing is left; returns the cursor to pull changes after. */
async function pullToEnd(): Promise<string> {
  let cursor: string | undefined;
  for (;;) {
    const params = new URLSearchParams({ limit: '5000', ...(cursor ? { cursor } : {}) });
    const page: PullResponse = (
      await t.request({ url: `/api/sync/pull?${params}`, cookie: admin, practiceId: 1 })
    ).json();
    cursor = page.cursor;
    if (!page.hasMore) return cursor;
  }
}

describe('PUT /api/practice-hours-unified/{practiceId}', () => {
  it('replaces the week, refreshes the cache, syncs the changed days and audits', async () => {
    const cached = await t.request({ url: '/api/practice-hours-unified/1', cookie: admin });
    expect(cached.statusCode).toBe(200);
    const cursor = await pullToEnd();

    const response = await t.request({
      method: 'PUT',
      url: '/api/practice-hours-unified/1',
      cookie: admin,
      body: NEW_WEEK,
    });
    expect(response.statusCode, response.body).toBe(200);
    const expected = {
      sunday: CLOSED,
      monday: open('07:30', '16:00'),
      tuesday: open('07:30', '16:00'),
      wednesday: open('07:30', '16:00'),
      thursday: open('07:30', '16:00'),
      friday: open('07:30', '16:00'),
      saturday: CLOSED,
    };
    expect(response.json()).toEqual({ practiceId: 1, hours: expected, cached: false, timestamp: TEST_START });

    const after = await t.request({ url: '/api/practice-hours-unified/1', cookie: staff });
    expect(after.json()).toMatchObject({ hours: expected, cached: false });
    const display = await t.request({ url: '/api/practice-hours-unified/1/display', cookie: staff });
    expect(display.json().display).toBe('Mon-Fri 7:30 AM - 4:00 PM, Sat-Sun Closed');

    // Sunday did not change: only the six changed weekday rows go to devices.
    const pulled: PullResponse = (
      await t.request({ url: `/api/sync/pull?${new URLSearchParams({ cursor })}`, cookie: admin, practiceId: 1 })
    ).json();
    const hourChanges = pulled.changes.filter((change) => change.table === 'practice_hours');
    expect(hourChanges.map((change) => change.id).sort()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(hourChanges.find((change) => change.id === '6')).toMatchObject({
      op: 'upsert',
      row: { weekday: 6, name: 'saturday', isOpen: false, closed: true, openTime: null, closeTime: null },
    });
    expect(hourChanges.find((change) => change.id === '1')?.row).toMatchObject({
      openTime: '07:30',
      closeTime: '16:00',
    });

    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'practice_hours.update')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ practice_id: 1, entity: 'practice_hours', entity_id: '1' });
    expect(JSON.parse(audit.details ?? '{}').changedDays).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
    ]);

    // Sending the same week again changes nothing and versions nothing.
    const again = await t.request({
      method: 'PUT',
      url: '/api/practice-hours-unified/1',
      cookie: admin,
      body: { hours: expected },
    });
    expect(again.statusCode).toBe(200);
    const idle: PullResponse = (
      await t.request({
        url: `/api/sync/pull?${new URLSearchParams({ cursor: pulled.cursor })}`,
        cookie: admin,
        practiceId: 1,
      })
    ).json();
    expect(idle.changes.filter((change) => change.table === 'practice_hours')).toEqual([]);

    const restore = await t.request({
      method: 'PUT',
      url: '/api/practice-hours-unified/1',
      cookie: admin,
      body: TORONTO_HOURS,
    });
    expect(restore.json().hours).toEqual(TORONTO_HOURS);
  });

  it.each([
    [
      { ...NEW_WEEK, monday: { openTime: '16:00', closeTime: '07:30', isOpen: true } },
      'monday.closeTime',
      'monday closeTime must be after openTime',
    ],
    [
      { ...NEW_WEEK, tuesday: { openTime: '7h30', closeTime: '16:00', isOpen: true } },
      'tuesday.openTime',
      'tuesday openTime must be a time in HH:MM (24-hour) form, such as 08:00',
    ],
    [
      { ...NEW_WEEK, friday: { openTime: '07:30', isOpen: true } },
      'friday.closeTime',
      'friday closeTime is required on an open day',
    ],
    [{ ...NEW_WEEK, wednesday: undefined }, 'wednesday', 'wednesday is required: send all seven days'],
    [
      { hours: { ...NEW_WEEK, sunday: { isOpen: 'no' } } },
      'hours.sunday.isOpen',
      'sunday isOpen must be true or false',
    ],
    [['monday'], 'body', 'The request body must be a JSON object'],
  ])('refuses %j with 400 naming %s', async (body, field, message) => {
    const response = await t.request({ method: 'PUT', url: '/api/practice-hours-unified/1', cookie: admin, body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, message });
  });

  it('refuses malformed JSON without a 500', async () => {
    const response = await t.request({
      method: 'PUT',
      url: '/api/practice-hours-unified/1',
      cookie: admin,
      body: '{"monday":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('left the hours alone after the refusals', async () => {
    const response = await t.request({ url: '/api/practice-hours-unified/1', cookie: staff });
    expect(response.json().hours).toEqual(TORONTO_HOURS);
  });
});

describe('GET /api/practice-hours-unified/{practiceId}/time-slots', () => {
  const slots = async (query: string, cookie = staff, practiceId = 1) => {
    const response = await t.request({ url: `/api/practice-hours-unified/${practiceId}/time-slots${query}`, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('is empty on a closed day', async () => {
    expect(await slots('?day=sunday')).toMatchObject({ day: 'sunday', date: '2026-11-22', timeSlots: [] });
    // Without a day: today in Toronto, a Sunday.
    expect(await slots('')).toMatchObject({ day: 'sunday', date: '2026-11-22', timeSlots: [] });
  });

  it('gives 30-minute starts from opening until 30 minutes before closing', async () => {
    const monday = await slots('?day=Monday');
    expect(monday).toMatchObject({
      practiceId: 1,
      day: 'monday',
      date: '2026-11-23',
      compressed: false,
      stepMinutes: 30,
    });
    expect(monday.timeSlots).toHaveLength(20);
    expect(monday.timeSlots.slice(0, 3)).toEqual(['08:00', '08:30', '09:00']);
    expect(monday.timeSlots.at(-1)).toBe('17:30');

    const thursday = await slots('?day=2026-11-26');
    expect(thursday).toMatchObject({ day: 'thursday', date: '2026-11-26' });
    expect(thursday.timeSlots.at(-1)).toBe('19:30');
  });

  it('gives hourly starts when compressed', async () => {
    const saturday = await slots('?day=saturday&compressed=true');
    expect(saturday).toMatchObject({ compressed: true, stepMinutes: 60 });
    expect(saturday.timeSlots).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00']);
    expect((await slots('?day=saturday&compressed=false')).timeSlots).toHaveLength(10);
  });

  it('uses the practice’s own hours', async () => {
    const calgary = await slots('?day=saturday', doctor, 2);
    expect(calgary.timeSlots).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30']);
  });

  it.each([
    ['?day=mon', 'day'],
    ['?day=2026-02-30', 'day'],
    ['?day=monday&day=tuesday', 'day'],
    ['?compressed=yes', 'compressed'],
  ])('refuses %s naming %s', async (query, field) => {
    const response = await t.request({ url: `/api/practice-hours-unified/1/time-slots${query}`, cookie: staff });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });
});

describe('GET /api/practice-hours-unified/{practiceId}/display', () => {
  it('gives the week as one line', async () => {
    const response = await t.request({ url: '/api/practice-hours-unified/1/display', cookie: staff });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      practiceId: 1,
      display:
        'Mon-Wed 8:00 AM - 6:00 PM, Thu 8:00 AM - 8:00 PM, Fri 8:00 AM - 6:00 PM, Sat 9:00 AM - 2:00 PM, Sun Closed',
    });
  });
});

describe('timezone calls', () => {
  it('GET /api/timezone-business/context describes the practice clock now', async () => {
    const response = await t.request({ url: '/api/timezone-business/context', cookie: staff });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      practiceId: 1,
      practiceName: 'Toronto Downtown Dental',
      timezone: 'America/Toronto',
      displayName: 'Eastern Time (ET)',
      abbreviation: 'EST',
      province: 'ON',
      city: 'Toronto',
      isDaylightTime: false,
      utcOffset: '-05:00',
      utcOffsetMinutes: -300,
      localDate: '2026-11-22',
      localTime: '10:00',
      weekday: 'sunday',
      todayHours: CLOSED,
      isOpenNow: false,
      dstPeriod: { start: '2026-03-08T07:00:00.000Z', end: '2026-11-01T06:00:00.000Z' },
      serverTime: TEST_START,
    });
  });

  it('follows X-Practice-ID and the clock', async () => {
    const c = await createTestApp();
    try {
      // Monday 2026-11-23, 08:00 in Calgary; signed in after the jump, sessions expire after an idle hour.
      c.advance(24 * 60 * 60_000);
      const cookie = await c.login('doctor');
      const calgary = await c.request({ url: '/api/timezone-business/context', cookie, practiceId: 2 });
      expect(calgary.json()).toMatchObject({
        practiceId: 2,
        timezone: 'America/Edmonton',
        displayName: 'Mountain Time (MT)',
        utcOffset: '-07:00',
        localTime: '08:00',
        weekday: 'monday',
        todayHours: open('08:00', '17:00'),
        isOpenNow: true,
      });
      c.advance((8 * 60 + 59) * 60_000);
      const late = await c.login('doctor');
      const lastMinute = await c.request({ url: '/api/timezone-business/context', cookie: late, practiceId: 2 });
      expect(lastMinute.json()).toMatchObject({ localTime: '16:59', isOpenNow: true });
      c.advance(60_000);
      const closing = await c.request({ url: '/api/timezone-business/context', cookie: late, practiceId: 2 });
      expect(closing.json()).toMatchObject({ localTime: '17:00', isOpenNow: false });
      const denied = await c.request({ url: '/api/timezone-business/context', cookie: late, practiceId: 3 });
      expect(denied.statusCode).toBe(403);
    } finally {
      await c.close();
    }
  });

  it('falls back to the default zone when the stored one is unusable', async () => {
    const c = await createTestApp();
    try {
      await c.db.updateTable('practices').set({ timezone: 'Mars/Olympus_Mons' }).where('id', '=', 1).execute();
      const cookie = await c.login('staff');
      const response = await c.request({ url: '/api/timezone/practice', cookie });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ timezone: 'America/Toronto' });
      const context = await c.request({ url: '/api/timezone-business/context', cookie });
      expect(context.statusCode).toBe(200);
    } finally {
      await c.close();
    }
  });

  it('GET /api/timezone-business/practice-hours gives the hours with the zone', async () => {
    const response = await t.request({ url: '/api/timezone-business/practice-hours', cookie: doctor, practiceId: 2 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      practiceId: 2,
      timezone: 'America/Edmonton',
      displayName: 'Mountain Time (MT)',
      hours: { sunday: CLOSED, monday: open('08:00', '17:00'), saturday: open('09:00', '13:00') },
      display: 'Mon-Fri 8:00 AM - 5:00 PM, Sat 9:00 AM - 1:00 PM, Sun Closed',
      cached: expect.any(Boolean),
    });
  });

  it('GET /api/timezone/practice gives the cached timezone entry', async () => {
    const response = await t.request({ url: '/api/timezone/practice', cookie: staff });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      practiceId: 1,
      timezone: 'America/Toronto',
      displayName: 'Eastern Time (ET)',
      province: 'ON',
      city: 'Toronto',
      cachedAt: TEST_START,
      expiresAt: new Date(Date.parse(TEST_START) + THIRTY_MINUTES).toISOString(),
    });
  });
});

describe('POST /api/timezone/parse-appointment-time', () => {
  const parse = (body: unknown, cookie = staff, practiceId?: number) =>
    t.request({ method: 'POST', url: '/api/timezone/parse-appointment-time', cookie, body, practiceId });

  it('gives the instant of a practice wall-clock time', async () => {
    const toronto = await parse({ dateString: '2026-11-23', timeString: '9:30 AM' });
    expect(toronto.statusCode).toBe(200);
    expect(toronto.json()).toEqual({
      dateTime: '2026-11-23T14:30:00.000Z',
      date: '2026-11-23',
      time: '09:30',
      timezone: 'America/Toronto',
    });
    const calgary = await parse({ dateString: '2026-07-02', timeString: '14:00' }, doctor, 2);
    expect(calgary.json()).toMatchObject({ dateTime: '2026-07-02T20:00:00.000Z', timezone: 'America/Edmonton' });
  });

  it.each([
    [{ timeString: '09:00' }, 'dateString', 'dateString is required'],
    [{ dateString: '2026-11-23' }, 'timeString', 'timeString is required'],
    [{ dateString: 20261123, timeString: '09:00' }, 'dateString', "dateString must be text, such as '2026-11-23'"],
    [
      { dateString: '23/11/2026', timeString: '09:00' },
      'dateString',
      'The date must be numbers only, in the form YYYY-MM-DD',
    ],
    [{ dateString: '1899-01-01', timeString: '09:00' }, 'dateString', 'Year must be from 1900 to 2100'],
    [{ dateString: '2026-13-01', timeString: '09:00' }, 'dateString', 'Month must be from 1 to 12'],
    [{ dateString: '2026-11-32', timeString: '09:00' }, 'dateString', 'Day must be from 1 to 31'],
    [{ dateString: '2026-02-29', timeString: '09:00' }, 'dateString', '2026-02-29 is not a real calendar date'],
    [
      { dateString: '2026-11-23', timeString: 'noon' },
      'timeString',
      'The time must be numbers only, as HH:MM (24-hour) or h:mm AM/PM',
    ],
    [{ dateString: '2026-11-23', timeString: '24:00' }, 'timeString', 'Hour must be from 0 to 23'],
    [{ dateString: '2026-11-23', timeString: '09:60' }, 'timeString', 'Minute must be from 0 to 59'],
    [
      { dateString: '2026-03-08', timeString: '2:30 AM' },
      'timeString',
      '2:30 AM does not exist on 2026-03-08 in America/Toronto: the clocks move forward an hour',
    ],
    ['2026-11-23 09:00', 'body', 'The request body must be a JSON object'],
  ])('refuses %j with 400 naming %s', async (body, field, message) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/timezone/parse-appointment-time',
      cookie: staff,
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, message });
  });
});

describe('API description', () => {
  it('lists every practice-hours and timezone call', async () => {
    const doc = (await t.request({ url: '/api/docs/openapi.json', cookie: staff })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/practice-hours-unified/{practiceId}',
        '/api/practice-hours-unified/{practiceId}/time-slots',
        '/api/practice-hours-unified/{practiceId}/display',
        '/api/practice-hours-unified/{practiceId}/cache',
        '/api/practice-hours-unified/cache/stats',
        '/api/timezone-business/context',
        '/api/timezone-business/practice-hours',
        '/api/timezone/practice',
        '/api/timezone/parse-appointment-time',
      ]),
    );
    expect(doc.paths['/api/practice-hours-unified/{practiceId}'].put.description).toContain('settings.edit');
    const parse = doc.paths['/api/timezone/parse-appointment-time'].post;
    expect(parse.requestBody.content['application/json'].schema.properties).toHaveProperty('dateString');
    const slots = doc.paths['/api/practice-hours-unified/{practiceId}/time-slots'].get.parameters;
    expect(slots.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['practiceId', 'day', 'compressed']),
    );
  });
});
