import { aPatient } from '@dental/domain/testing/patients';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cookieOf, signInFrom } from './helpers/sign-in.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testHasher } from './helpers/test-clock.ts';

let t: TestApp | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.close();
  t = undefined;
});

const MINUTE = 60_000;
const signIn = (username: string, password: string, address?: string, cookies?: Record<string, string>) =>
  signInFrom(t, username, password, address, cookies);
const LOCKED = 'Too many failed sign-in attempts. This account is locked for 15 minutes. Please try again later.';

describe('1. percent-encoded paths get every protection of the routed path', () => {
  it('GET /%61pi/patients is no-store, rate limited and version-checked like /api/patients', async () => {
    t = await createTestApp({ rateLimitMax: 3 });
    const cookie = await t.login('receptionist');
    const first = await t.request({ url: '/%61pi/patients?limit=1', cookie });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['x-ratelimit-limit']).toBe('3');
    const outdated = await t.request({ url: '/%61pi/patients', cookie, headers: { 'x-client-schema': '0' } });
    expect(outdated.statusCode).toBe(426);
    await t.request({ url: '/%61pi/patients', cookie });
    const limited = await t.request({ url: '/%61pi/patients', cookie });
    expect(limited.statusCode).toBe(429);
  });

  it('POST /%61pi/patients is limited and refused cross-site like POST /api/patients', async () => {
    t = await createTestApp({ rateLimitMax: 2 });
    const cookie = await t.login('receptionist');
    const crossSite = await t.request({
      method: 'POST',
      url: '/%61pi/patients',
      cookie,
      body: aPatient(),
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    await t.request({ method: 'POST', url: '/%61pi/patients', cookie, body: aPatient() });
    const limited = await t.request({ method: 'POST', url: '/%61pi/patients', cookie, body: aPatient() });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['cache-control']).toBe('no-store');
  });
});

describe('2. rate limit', () => {
  it('a made-up session cookie does not get a fresh bucket: anonymous traffic is keyed by address', async () => {
    t = await createTestApp({ rateLimitMax: 5 });
    for (let i = 0; i < 5; i++) {
      const response = await t.request({ url: '/api/auth/me', cookie: `sid=made-up-${i}` });
      expect(response.statusCode).toBe(401);
    }
    const limited = await t.request({ url: '/api/auth/me', cookie: 'sid=made-up-again' });
    expect(limited.statusCode).toBe(429);
    const otherAddress = await t.app.inject({ url: '/api/auth/me', remoteAddress: '10.0.0.9' });
    expect(otherAddress.statusCode).toBe(401);
  });

  it('a valid session has its own bucket, so a busy address does not stop a signed-in device', async () => {
    t = await createTestApp({ rateLimitMax: 4 });
    const cookie = await t.login('receptionist');
    for (let i = 0; i < 3; i++) await t.request({ url: '/api/auth/me' });
    expect((await t.request({ url: '/api/auth/me' })).statusCode).toBe(429);
    expect((await t.request({ url: '/api/auth/me', cookie })).statusCode).toBe(200);
  });

  it('is a token bucket: after a burst the next request waits for one token, not for a whole window', async () => {
    t = await createTestApp({ rateLimitMax: 5, rateLimitWindowMs: 15 * MINUTE });
    const cookie = await t.login('receptionist');
    for (let i = 0; i < 5; i++) expect((await t.request({ url: '/api/auth/me', cookie })).statusCode).toBe(200);
    const limited = await t.request({ url: '/api/auth/me', cookie });
    expect(limited.statusCode).toBe(429);
    // One token every 15 min / 5 = 3 minutes; a fixed window would say 900 s.
    expect(limited.headers['retry-after']).toBe('180');
    expect(limited.json()).toMatchObject({
      error: 'Too Many Requests',
      message: 'Too many requests. Please wait a moment and try again.',
      retryAfterSeconds: 180,
    });
    t.advance(3 * MINUTE);
    expect((await t.request({ url: '/api/auth/me', cookie })).statusCode).toBe(200);
    expect((await t.request({ url: '/api/auth/me', cookie })).statusCode).toBe(429);
  });

  it('sign-in has its own limit per address, answered 429 with Retry-After before any hashing', async () => {
    t = await createTestApp({ signInPerAddressMax: 3, signInPerAddressWindowMs: 3 * MINUTE });
    // Successes give their attempt back: a clinic's tablets signing in together never reach the limit.
    for (let i = 0; i < 10; i++) expect((await signIn('doctor', 'demo1234')).statusCode).toBe(200);
    const verify = vi.spyOn(testHasher, 'verify');
    for (const name of ['alice', 'bob', 'carol']) expect((await signIn(name, 'guess-one')).statusCode).toBe(401);
    expect(verify).toHaveBeenCalledTimes(3);
    const limited = await signIn('dave', 'guess-one');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.json().message).toBe(
      'Too many failed sign-in attempts from this network. Please wait 60 seconds and try again.',
    );
    expect(verify).toHaveBeenCalledTimes(3);
    expect((await signIn('doctor', 'demo1234', '10.0.0.2')).statusCode).toBe(200);
  });

  it('sign-in has its own limit per username: failures spread over addresses throttle it before any hashing', async () => {
    t = await createTestApp();
    const verify = vi.spyOn(testHasher, 'verify');
    for (let i = 1; i <= 5; i++) expect((await signIn('doctor', 'wrong', `10.0.1.${i}`)).statusCode).toBe(401);
    const calls = verify.mock.calls.length;
    const throttled = await signIn('doctor', 'wrong', '10.0.1.6');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('1');
    expect(throttled.json().message).toBe(
      'Too many failed sign-in attempts for this account. Please wait 1 second and try again.',
    );
    expect(verify.mock.calls.length).toBe(calls);
    t.advance(1_000);
    expect((await signIn('doctor', 'demo1234', '10.0.1.7')).statusCode).toBe(200);
  });
});

describe('3. lockout cannot be used as a weapon', () => {
  it("five failures from one address lock that username there (spec message), not the real user's other device", async () => {
    t = await createTestApp();
    const trusted = await signIn('admin', 'demo1234', '192.0.2.10');
    const device = cookieOf(trusted, 'did');
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await signIn('admin', 'wrong', '203.0.113.5')).statusCode).toBe(401);
    }
    const fifth = await signIn('admin', 'wrong', '203.0.113.5');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ error: 'Account locked', message: LOCKED });
    expect((await signIn('admin', 'demo1234', '203.0.113.5')).statusCode).toBe(429);

    // The admin's own tablet, signed in before, gets in at once; so does a device never seen before.
    expect((await signIn('admin', 'demo1234', '192.0.2.10', { did: device })).statusCode).toBe(200);
    expect((await signIn('admin', 'demo1234', '198.51.100.7')).statusCode).toBe(200);
    // Only the address that failed stays locked, for 15 minutes.
    t.advance(14 * MINUTE);
    expect((await signIn('admin', 'demo1234', '203.0.113.5')).statusCode).toBe(429);
    t.advance(MINUTE);
    expect((await signIn('admin', 'demo1234', '203.0.113.5')).statusCode).toBe(200);
  });

  it('an attack from many addresses only slows the username; the delay is capped and the trusted device is never slowed', async () => {
    t = await createTestApp();
    const device = cookieOf(await signIn('receptionist', 'demo1234', '192.0.2.20'), 'did');
    let retryAfter = 0;
    for (let i = 1; i <= 40; i++) {
      const attempt = await signIn('receptionist', 'wrong', `10.2.${Math.floor(i / 4)}.${i}`);
      if (attempt.statusCode === 429) {
        retryAfter = Number(attempt.headers['retry-after']);
        t.advance(retryAfter * 1000);
      }
    }
    expect(retryAfter).toBeGreaterThan(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await signIn('receptionist', 'demo1234', '192.0.2.20', { did: device })).statusCode).toBe(200);
    t.advance(60_000);
    expect((await signIn('receptionist', 'demo1234', '198.51.100.8')).statusCode).toBe(200);
  });

  it('an administrator sees the lock and can end it', async () => {
    t = await createTestApp();
    for (let attempt = 1; attempt <= 5; attempt++) await signIn('staff', 'wrong', '203.0.113.9');
    const admin = await t.login('admin');
    const staff = await t.db.selectFrom('users').select('id').where('username', '=', 'staff').executeTakeFirstOrThrow();
    const status = await t.request({ url: `/api/users/${staff.id}/sign-in-status`, cookie: admin });
    expect(status.statusCode).toBe(200);
    expect(status.json().locks).toEqual([{ client: 'address 203.0.113.9', lockedUntil: expect.any(String) }]);
    const receptionist = await t.login('receptionist');
    const denied = await t.request({ method: 'POST', url: `/api/users/${staff.id}/unlock`, cookie: receptionist });
    expect(denied.statusCode).toBe(403);
    const unlocked = await t.request({ method: 'POST', url: `/api/users/${staff.id}/unlock`, cookie: admin });
    expect(unlocked.json()).toEqual({ success: true, locksRemoved: 1 });
    expect((await signIn('staff', 'demo1234', '203.0.113.9')).statusCode).toBe(200);
  });
});
