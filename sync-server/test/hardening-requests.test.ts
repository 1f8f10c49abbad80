import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { aMaintenanceSchedule } from '@dental/domain/testing/maintenance';
import { aPatient } from '@dental/domain/testing/patients';
import { pino } from 'pino';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { signInFrom } from './helpers/sign-in.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.close();
  t = undefined;
});

const MINUTE = 60_000;
const signIn = (username: string, password: string, address?: string, cookies?: Record<string, string>) =>
  signInFrom(t, username, password, address, cookies);

describe('5. client-chosen ids', () => {
  it.each([
    ['/api/appointments', 'appointments.create'],
    ['/api/recalls', 'recalls'],
    ['/api/maintenance-schedules', 'maintenance'],
  ])('POST %s with an id that is not a UUID is 400 naming id', async (url) => {
    t = await createTestApp();
    const cookie = await t.login('admin');
    for (const id of ['7', 'abc', '00000000-0000-0000-0000-000000000000']) {
      const response = await t.request({ method: 'POST', url, cookie, body: { id } });
      expect(response.statusCode, `${url} ${id}`).toBe(400);
      expect(response.json().issues.map((issue: { field: string }) => issue.field)).toContain('id');
    }
  });
});

describe('6. failures are visible', () => {
  function capture() {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    return { lines, logger: pino({ level: 'info' }, stream) };
  }

  it('every answer carries an X-Request-Id, a new one each time', async () => {
    t = await createTestApp();
    const a = await t.request({ url: '/api/auth/me' });
    const b = await t.request({ url: '/api/nothing' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('a 5xx is one JSON log line with the request id, and never the body or patient data', async () => {
    const { lines, logger } = capture();
    t = await createTestApp({}, { logger });
    const cookie = await t.login('receptionist');
    const fine = await t.request({ url: '/api/patients?search=Zebulon', cookie });
    expect(fine.statusCode).toBe(200);
    expect(lines).toEqual([]);
    // A broken database stands in for any unexpected failure.
    await t.db.destroy();
    const failed = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie,
      body: aPatient({ firstName: 'Zebulon', lastName: 'Quartermaine' }),
    });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({
      error: 'Internal Server Error',
      code: 'INTERNAL_ERROR',
      message: expect.any(String),
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      reqId: failed.headers['x-request-id'],
      method: 'POST',
      path: '/api/patients',
    });
    const text = JSON.stringify(lines);
    expect(text).not.toContain('Zebulon');
    expect(text).not.toContain('Quartermaine');
    expect(text).not.toContain('sid=');
  });

  it('LOG_LEVEL is read and checked; TRUST_PROXY parses', async () => {
    const { readEnvironment, trustProxy } = await import('../src/config.ts');
    expect(readEnvironment({}, null).logLevel).toBe('info');
    expect(readEnvironment({ LOG_LEVEL: 'warn' }, null).logLevel).toBe('warn');
    expect(() => readEnvironment({ LOG_LEVEL: 'chatty' }, null)).toThrow(/LOG_LEVEL/);
    expect(trustProxy(undefined)).toBe(false);
    expect(trustProxy('true')).toBe(true);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('10.0.0.1, 10.1.0.0/16')).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(() => trustProxy('proxy.example')).toThrow(/TRUST_PROXY/);
  });
});

describe('7. health', () => {
  it('answers ok after a database round trip, needs no session and is never rate limited', async () => {
    t = await createTestApp({ rateLimitMax: 1 });
    for (let i = 0; i < 5; i++) {
      const response = await t.request({ url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', db: 'ok', version: '1.0.0' });
    }
  });

  it("answers 503 { status: 'error' } when the database is unusable", async () => {
    t = await createTestApp();
    await t.db.destroy();
    const response = await t.request({ url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'error' });
  });
});

describe('8. headers', () => {
  it('API answers and the app shell carry a CSP without inline script, and a Permissions-Policy', async () => {
    const dist = mkdtempSync(join(inject('serverTestRoot'), 'web-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>DentalFlow</title>');
    t = await createTestApp({ webDistDir: dist });
    for (const url of ['/api/auth/me', '/', '/patients/123', '/api/%zz']) {
      const response = await t.request({ url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp.match(/script-src[^;]*/)?.[0], url).not.toContain('unsafe-inline');
      expect(String(response.headers['permissions-policy']), url).toContain('camera=()');
    }
  });

  it('no HSTS and no Secure cookie by default; both behind TRUST_PROXY', async () => {
    t = await createTestApp();
    const direct = await signIn('doctor', 'demo1234');
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    expect(direct.cookies.find((cookie) => cookie.name === 'sid')?.secure).toBeUndefined();
    await t.close();
    t = await createTestApp({ trustProxy: true });
    const proxied = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': '198.51.100.30', 'x-forwarded-proto': 'https' },
      payload: { username: 'doctor', password: 'demo1234' },
    });
    expect(proxied.statusCode).toBe(200);
    expect(proxied.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(proxied.cookies.find((cookie) => cookie.name === 'sid')?.secure).toBe(true);
    expect(proxied.cookies.find((cookie) => cookie.name === 'did')?.secure).toBe(true);
  });

  it('behind TRUST_PROXY the client address comes from X-Forwarded-For, so limits key on the real client', async () => {
    const proxied = await createTestApp({ trustProxy: true, rateLimitMax: 2 });
    t = proxied;
    const from = (address: string) =>
      proxied.app.inject({ url: '/api/auth/me', headers: { 'x-forwarded-for': address } });
    await from('198.51.100.1');
    await from('198.51.100.1');
    expect((await from('198.51.100.1')).statusCode).toBe(429);
    expect((await from('198.51.100.2')).statusCode).toBe(401);
  });
});

describe('9. cross-site writes', () => {
  it.each([
    [{ origin: 'https://evil.example' }],
    [{ origin: 'null' }],
    [{ 'sec-fetch-site': 'cross-site' }],
    [{ 'sec-fetch-site': 'same-site' }],
  ])('a write with %j is 403 and changes nothing', async (headers) => {
    t = await createTestApp();
    const cookie = await t.login('receptionist');
    const response = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie,
      body: aPatient({ lastName: 'CaseJ' }),
      headers,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'Forbidden',
      code: 'CROSS_SITE',
      message: 'Requests from another site are not accepted.',
    });
    const rows = await t.db.selectFrom('patients').select('id').where('last_name', '=', 'CaseJ').execute();
    expect(rows).toEqual([]);
  });

  it('the same site is accepted, and reads are never refused for their origin', async () => {
    t = await createTestApp();
    const cookie = await t.login('receptionist');
    const sameOrigin = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie,
      body: aPatient(),
      headers: { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode).toBe(201);
    const read = await t.request({ url: '/api/auth/me', cookie, headers: { origin: 'https://evil.example' } });
    expect(read.statusCode).toBe(200);
  });

  it('a POST with a text/plain body is 415 even where the route takes no body', async () => {
    t = await createTestApp();
    const cookie = await t.login('receptionist');
    for (const url of ['/api/auth/logout', '/api/notifications/clear-all', '/api/patients']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie, 'content-type': 'text/plain' },
        payload: '{"firstName":"Plain"}',
      });
      expect(response.statusCode, url).toBe(415);
      expect(response.json().error).toBe('Unsupported Media Type');
    }
    expect((await t.request({ url: '/api/auth/me', cookie })).statusCode).toBe(200);
  });
});

describe("10. Fastify's own errors come out in the app's format", () => {
  it.each([
    ['/api/%zz', 400, 'Bad Request'],
    ['/api/patients/%E0%A4%A', 400, 'Bad Request'],
    [`/api/patients/${'a'.repeat(300)}`, 414, 'URI Too Long'],
  ])('GET %s is %i { error, message } with the usual headers', async (url, status, error) => {
    t = await createTestApp();
    const response = await t.request({ url });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({
      error,
      code: expect.stringMatching(/^(URL_INVALID|PATH_TOO_LONG)$/),
      message: expect.any(String),
    });
    expect(response.body).not.toContain('FST_');
    expect(response.body).not.toContain('aaaaaaaaaa');
    expect(response.headers['content-security-policy']).toBeDefined();
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-request-id']).toBeDefined();
  });
});

describe('11. validation gaps', () => {
  it.each([['123456789012345678901234567890'], [1e29], [1_000_000.01], ['12.345']])(
    'a maintenance cost of %s is 400 naming cost',
    async (cost) => {
      t = await createTestApp();
      const cookie = await t.login('admin');
      const response = await t.request({
        method: 'POST',
        url: '/api/maintenance-schedules',
        cookie,
        body: aMaintenanceSchedule({
          startDateTime: '2026-11-30T14:00:00.000Z',
          endDateTime: '2026-11-30T15:00:00.000Z',
          cost,
        }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        field: 'cost',
        message: 'cost must be an amount from 0 to 1,000,000.00 with at most 2 decimals',
      });
    },
  );

  it.each([['111111'], ['password'], ['Password'], ['qwerty123'], ['iloveyou']])(
    'a new password among the most common (%s) is 400 naming newPassword, and the old one still works',
    async (newPassword) => {
      t = await createTestApp();
      const cookie = await t.login('doctor');
      const doctor = await t.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'doctor')
        .executeTakeFirstOrThrow();
      const response = await t.request({
        method: 'POST',
        url: `/api/users/${doctor.id}/reset-password`,
        cookie,
        body: { newPassword },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        field: 'newPassword',
        message: 'This password is too common. Please choose one that is harder to guess.',
      });
      expect((await signIn('doctor', 'demo1234', '10.9.9.9')).statusCode).toBe(200);
    },
  );
});

describe('12. sessions', () => {
  it('end 12 hours after sign-in however busy, on top of the 1-hour idle timeout', async () => {
    t = await createTestApp({ rateLimitMax: 100_000 });
    const cookie = await t.login('receptionist');
    // Used every 50 minutes, so the idle timeout never ends it: 14 × 50 min = 11 h 40 min.
    for (let elapsed = 50; elapsed <= 14 * 50; elapsed += 50) {
      t.advance(50 * MINUTE);
      expect((await t.request({ url: '/api/auth/me', cookie })).statusCode, `after ${elapsed} min`).toBe(200);
    }
    t.advance(30 * MINUTE);
    const expired = await t.request({ url: '/api/auth/me', cookie });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Your session has expired. Please sign in again.');
  });

  it('end after an hour without use', async () => {
    t = await createTestApp();
    const cookie = await t.login('receptionist');
    t.advance(60 * MINUTE);
    expect((await t.request({ url: '/api/auth/me', cookie })).statusCode).toBe(401);
  });
});
