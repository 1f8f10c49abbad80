import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const login = (username: string, password: string) =>
  t.request({ method: 'POST', url: '/api/auth/login', body: { username, password } });

describe('POST /api/auth/login', () => {
  it('signs in and returns success, user and mustResetPassword, with an HttpOnly SameSite=Strict cookie', async () => {
    const response = await login('doctor', 'demo1234');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.mustResetPassword).toBe(false);
    expect(body.user).toMatchObject({
      username: 'doctor',
      role: 'doctor',
      allowedPracticeIds: [1, 2],
      currentPracticeId: 1,
      practiceId: 1,
      mustResetPassword: false,
    });
    expect(body.user).not.toHaveProperty('password_hash');
    expect(response.body).not.toContain('scrypt$');
    const cookie = response.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.secure).toBeFalsy();
  });

  it('ignores the case of the username', async () => {
    expect((await login('Doctor', 'demo1234')).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown user the same way', async () => {
    const wrong = await login('doctor', 'nope-nope');
    const unknown = await login('nobody', 'demo1234');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: 'Unauthorized',
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid username or password',
      });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it.each([
    [{ username: '', password: 'x' }, 'username', 'Username is required'],
    [{ username: 'doctor', password: '' }, 'password', 'Password is required'],
    [{ password: 'x' }, 'username', 'Username is required'],
    [{ username: 'doctor' }, 'password', 'Password is required'],
    [{ username: 42, password: 'x' }, 'username', 'Username is required'],
  ])('rejects %j with 400 naming %s', async (body, field, message) => {
    const response = await t.request({ method: 'POST', url: '/api/auth/login', body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Bad Request', field, message });
  });

  it('locks the username for 15 minutes after five failures, even for the right password', async () => {
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await login('receptionist', 'wrong')).statusCode).toBe(401);
    }
    const fifth = await login('receptionist', 'wrong');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toBe(
      'Too many failed sign-in attempts. This account is locked for 15 minutes. Please try again later.',
    );
    expect(fifth.headers['retry-after']).toBe('900');

    const rightButLocked = await login('receptionist', 'demo1234');
    expect(rightButLocked.statusCode).toBe(429);
    expect(Number(rightButLocked.headers['retry-after'])).toBeGreaterThan(0);

    // Another username is not affected.
    expect((await login('doctor', 'demo1234')).statusCode).toBe(200);

    t.advance(14 * 60_000);
    expect((await login('receptionist', 'demo1234')).statusCode).toBe(429);
    t.advance(60_000 + 1);
    expect((await login('receptionist', 'demo1234')).statusCode).toBe(200);
  });

  it('a success resets the failure count', async () => {
    for (let attempt = 1; attempt <= 4; attempt++) await login('staff', 'wrong');
    expect((await login('staff', 'demo1234')).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await login('staff', 'wrong')).statusCode).toBe(401);
    }
  });

  it('records sign-ins and failures in the audit log', async () => {
    await login('doctor', 'wrong');
    await login('doctor', 'demo1234');
    const rows = await t.db.selectFrom('audit_log').select(['action', 'user_id']).orderBy('id').execute();
    expect(rows.map((row) => row.action)).toEqual(['auth.login_failed', 'auth.login']);
  });
});

describe("device secret (wraps the browser's local data key for one session)", () => {
  it('is returned at sign-in and by /api/auth/me to the cookie holder only, and differs per session', async () => {
    const first = await login('doctor', 'demo1234');
    const secret = first.json().deviceSecret as string;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = `sid=${first.cookies.find((c) => c.name === 'sid')?.value}`;
    expect((await t.request({ url: '/api/auth/me', cookie })).json().deviceSecret).toBe(secret);
    const second = await login('doctor', 'demo1234');
    expect(second.json().deviceSecret).not.toBe(secret);
    await t.request({ method: 'POST', url: '/api/auth/logout', cookie });
    expect((await t.request({ url: '/api/auth/me', cookie })).statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('GET /api/auth/me needs a session', async () => {
    const response = await t.request({ url: '/api/auth/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('Unauthorized');
  });

  it('GET /api/auth/me returns the user', async () => {
    const cookie = await t.login('admin');
    const response = await t.request({ url: '/api/auth/me', cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ username: 'admin', role: 'admin', allowedPracticeIds: [1, 2, 3] });
  });

  it('a forged cookie is not a session', async () => {
    const response = await t.request({ url: '/api/auth/me', cookie: 'sid=forged-token' });
    expect(response.statusCode).toBe(401);
  });

  it('expires after one hour idle, and activity keeps it alive', async () => {
    const cookie = await t.login('doctor');
    t.advance(50 * 60_000);
    expect((await t.request({ url: '/api/auth/me', cookie })).statusCode).toBe(200);
    t.advance(50 * 60_000);
    expect((await t.request({ url: '/api/auth/me', cookie })).statusCode).toBe(200);
    t.advance(60 * 60_000);
    const expired = await t.request({ url: '/api/auth/me', cookie });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Your session has expired. Please sign in again.');
    expect((await t.request({ url: '/api/auth/me', cookie })).statusCode).toBe(401);
  });

  it('logout ends the session and clears the cookie', async () => {
    const cookie = await t.login('doctor');
    const response = await t.request({ method: 'POST', url: '/api/auth/logout', cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(response.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect((await t.request({ url: '/api/auth/me', cookie })).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('a user who must reset gets 403 everywhere else until the reset succeeds', async () => {
    const signIn = await login('newhire', 'demo1234');
    expect(signIn.json()).toMatchObject({ success: true, mustResetPassword: true });
    const cookie = `sid=${signIn.cookies.find((c) => c.name === 'sid')?.value}`;
    const userId = signIn.json().user.id as number;

    for (const url of [
      '/api/patients',
      '/api/users',
      '/api/treatment-rooms',
      '/api/multi-clinic/accessible-practices',
      '/api/practices/1',
    ]) {
      const blocked = await t.request({ url, cookie });
      expect(blocked.statusCode, url).toBe(403);
      expect(blocked.json()).toMatchObject({ error: 'Password reset required', mustResetPassword: true });
    }
    expect((await t.request({ url: '/api/auth/me', cookie })).json().user.mustResetPassword).toBe(true);

    const short = await t.request({
      method: 'POST',
      url: `/api/users/${userId}/reset-password`,
      cookie,
      body: { newPassword: '12345' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      field: 'newPassword',
      message: 'Password must be at least 6 characters long.',
    });

    const someoneElse = await t.request({
      method: 'POST',
      url: '/api/users/5/reset-password',
      cookie,
      body: { newPassword: 'abcdef' },
    });
    expect(someoneElse.statusCode).toBe(403);

    const reset = await t.request({
      method: 'POST',
      url: `/api/users/${userId}/reset-password`,
      cookie,
      body: { newPassword: 'Harbour7!' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().success).toBe(true);

    expect((await t.request({ url: '/api/patients', cookie })).statusCode).toBe(200);
    expect((await t.request({ url: '/api/auth/me', cookie })).json().user.mustResetPassword).toBe(false);
    expect((await login('newhire', 'demo1234')).statusCode).toBe(401);
    expect((await login('newhire', 'Harbour7!')).json().mustResetPassword).toBe(false);
  });

  it('only the user or a holder of settings.users may reset a password', async () => {
    const receptionist = await t.login('receptionist');
    const denied = await t.request({
      method: 'POST',
      url: '/api/users/2/reset-password',
      cookie: receptionist,
      body: { newPassword: 'abcdef' },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ requiredPermission: 'settings.users' });

    const admin = await t.login('admin');
    const staffCookie = await t.login('staff');
    const byAdmin = await t.request({
      method: 'POST',
      url: '/api/users/5/reset-password',
      cookie: admin,
      body: { newPassword: 'Temp-123' },
    });
    expect(byAdmin.statusCode).toBe(200);
    // The staff member's sessions end and the temporary password must be replaced at next sign-in.
    expect((await t.request({ url: '/api/auth/me', cookie: staffCookie })).statusCode).toBe(401);
    expect((await login('staff', 'Temp-123')).json().mustResetPassword).toBe(true);

    const missing = await t.request({
      method: 'POST',
      url: '/api/users/99999/reset-password',
      cookie: admin,
      body: { newPassword: 'abcdef' },
    });
    expect(missing.statusCode).toBe(404);
    const badId = await t.request({
      method: 'POST',
      url: '/api/users/abc/reset-password',
      cookie: admin,
      body: { newPassword: 'abcdef' },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().field).toBe('id');
  });

  it('needs a session', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/users/1/reset-password',
      body: { newPassword: 'abcdef' },
    });
    expect(response.statusCode).toBe(401);
  });
});
