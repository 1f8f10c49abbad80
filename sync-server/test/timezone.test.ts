import { CLOSED, open } from '@dental/domain/testing/practices';
import { describe, expect, it } from 'vitest';
import { createTestApp, fileApp, signedIn } from './helpers/test-app.ts';
import { TEST_START } from './helpers/test-clock.ts';

/** TEST_START is Sunday 2026-11-22, 10:00 in Toronto (practice 1), closed on Sundays. */
const THIRTY_MINUTES = 30 * 60_000;

const t = fileApp();
const as = signedIn(t, 'doctor', 'staff');

describe('timezone calls', () => {
  it('GET /api/timezone-business/context describes the practice clock now', async () => {
    const response = await t.request({ url: '/api/timezone-business/context', cookie: as.staff });
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
    const response = await t.request({
      url: '/api/timezone-business/practice-hours',
      cookie: as.doctor,
      practiceId: 2,
    });
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
    const response = await t.request({ url: '/api/timezone/practice', cookie: as.staff });
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
  const parse = (body: unknown, cookie = as.staff, practiceId?: number) =>
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
    const calgary = await parse({ dateString: '2026-07-02', timeString: '14:00' }, as.doctor, 2);
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
      cookie: as.staff,
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, message });
  });
});
