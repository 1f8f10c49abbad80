import { aWeek } from '@dental/domain/testing/practices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { TEST_START } from './helpers/test-clock.ts';

/** TEST_START is Sunday 2026-11-22, 10:00 in Toronto (practice 1), closed on Sundays. */
const THIRTY_MINUTES = 30 * 60_000;

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
    expect(fresh).toMatchObject({ cached: false, hours: aWeek() });
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
