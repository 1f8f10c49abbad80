import type { SecurityDashboard } from '@dental/domain/security/dashboard';
import { describe, expect, it } from 'vitest';
import { userId } from './helpers/demo-data.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'admin', 'doctor');

async function dashboard(): Promise<SecurityDashboard> {
  const response = await t.request({ url: '/api/security/dashboard', cookie: as.admin, practiceId: 1 });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function auditActions(action: string) {
  return t.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();
}

describe('GET /api/security/dashboard', () => {
  it('lists active sessions with their user, address, user agent and times', async () => {
    const board = await dashboard();
    const doctor = board.sessions.find((s) => s.username === 'doctor');
    expect(doctor).toMatchObject({
      name: 'Daniel Chen',
      userAgent: expect.stringContaining('lightMyRequest'),
      ipAddress: '127.0.0.1',
      startedAt: expect.any(String),
      lastSeenAt: expect.any(String),
      current: false,
    });
    expect(doctor?.id).toMatch(/^[0-9a-f]{64}$/);
    expect(board.sessions.find((s) => s.username === 'admin')?.current).toBe(true);
  });

  it('lists failed sign-ins, and locked accounts until they are unlocked', async () => {
    for (let i = 0; i < 5; i++) {
      await t.request({ method: 'POST', url: '/api/auth/login', body: { username: 'hygienist', password: 'wrong' } });
    }
    const board = await dashboard();
    expect(board.failedSignIns[0]).toMatchObject({ username: 'hygienist', address: '127.0.0.1', locked: true });
    expect(board.failedSignIns.filter((f) => f.username === 'hygienist')).toHaveLength(5);
    const hygienistId = await userId(t, 'hygienist');
    expect(board.lockedAccounts).toEqual([
      expect.objectContaining({ userId: hygienistId, username: 'hygienist', clients: 1 }),
    ]);

    const unlock = await t.request({
      method: 'POST',
      url: `/api/security/users/${hygienistId}/unlock`,
      cookie: as.admin,
      practiceId: 1,
    });
    expect(unlock.statusCode).toBe(200);
    expect(unlock.json()).toEqual({ success: true, locksRemoved: 1 });
    expect((await dashboard()).lockedAccounts).toEqual([]);
    expect(await auditActions('user.unlock_sign_in')).toEqual([
      expect.objectContaining({ entity_id: String(hygienistId) }),
    ]);
  });

  it('lists users who must reset their password', async () => {
    // The demo's new hire has a temporary password already.
    expect((await dashboard()).mustReset.map((u) => u.username)).toEqual(['newhire']);
    await t.db.updateTable('users').set({ must_reset_password: 1 }).where('username', '=', 'staff').execute();
    expect((await dashboard()).mustReset.map((u) => u.username).sort()).toEqual(['newhire', 'staff']);
    await t.db.updateTable('users').set({ must_reset_password: 0 }).where('username', '=', 'staff').execute();
  });

  it('lists a permission change made through the users API', async () => {
    const staff = await userId(t, 'staff');
    const put = await t.request({
      method: 'PUT',
      url: `/api/users/${staff}/permissions`,
      cookie: as.admin,
      body: { overrides: { 'patients.export': true } },
    });
    expect(put.statusCode, put.body).toBe(200);
    const changes = (await dashboard()).permissionChanges;
    expect(changes[0]).toMatchObject({
      action: 'user.permissions',
      entityId: String(staff),
      userName: 'Avery Morgan (admin)',
    });
  });

  it('needs system.admin', async () => {
    expect((await t.request({ url: '/api/security/dashboard', cookie: as.doctor, practiceId: 1 })).statusCode).toBe(
      403,
    );
    expect((await t.request({ url: '/api/security/dashboard' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/security/sessions/{id}', () => {
  it('ends the session: its holder is signed out on the next request; audited', async () => {
    const cookie = await t.login('receptionist');
    expect((await t.request({ url: '/api/auth/me', cookie })).statusCode).toBe(200);
    const session = (await dashboard()).sessions.find((s) => s.username === 'receptionist');
    if (!session) throw new Error('no session');
    const ended = await t.request({
      method: 'DELETE',
      url: `/api/security/sessions/${session.id}`,
      cookie: as.admin,
      practiceId: 1,
    });
    expect(ended.statusCode).toBe(204);
    expect((await t.request({ url: '/api/auth/me', cookie })).statusCode).toBe(401);
    expect((await dashboard()).sessions.some((s) => s.id === session.id)).toBe(false);
    const audit = await auditActions('security.session.end');
    expect(audit).toEqual([
      expect.objectContaining({ entity: 'user', entity_id: String(await userId(t, 'receptionist')) }),
    ]);
  });

  it('is 404 for an unknown session and 400 for a malformed id', async () => {
    const missing = await t.request({
      method: 'DELETE',
      url: `/api/security/sessions/${'a'.repeat(64)}`,
      cookie: as.admin,
      practiceId: 1,
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.request({
      method: 'DELETE',
      url: '/api/security/sessions/xyz',
      cookie: as.admin,
      practiceId: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('id');
  });

  it('needs system.admin', async () => {
    const session = (await dashboard()).sessions.find((s) => s.username === 'admin');
    const response = await t.request({
      method: 'DELETE',
      url: `/api/security/sessions/${session?.id}`,
      cookie: as.doctor,
      practiceId: 1,
    });
    expect(response.statusCode).toBe(403);
    const unlock = await t.request({
      method: 'POST',
      url: '/api/security/users/1/unlock',
      cookie: as.doctor,
      practiceId: 1,
    });
    expect(unlock.statusCode).toBe(403);
  });
});
