import { aPatient } from '@dental/domain/testing/patients';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fileApp } from './helpers/test-app.ts';

const t = fileApp();
let cookie: string;
beforeAll(async () => {
  cookie = await t.login('receptionist');
});

const countBatchelors = async () =>
  (await t.db.selectFrom('patients').select('id').where('last_name', '=', 'Batchelor').execute()).length;

describe('POST /api/sync/push', () => {
  const actions = [
    {
      id: 'push-a-1',
      method: 'POST',
      endpoint: '/api/patients',
      body: aPatient({ firstName: 'Ada', lastName: 'Batchelor' }),
    },
    {
      id: 'push-a-2',
      method: 'POST',
      endpoint: '/api/patients',
      body: aPatient({ firstName: 'Bo', lastName: 'Batchelor', phone: '12' }),
    },
    {
      id: 'push-a-3',
      method: 'POST',
      endpoint: '/api/patients',
      body: aPatient({ firstName: 'Cy', lastName: 'Batchelor' }),
    },
  ];

  it("runs each action through its own route, in order, and answers each one's status and body", async () => {
    const response = await t.request({ method: 'POST', url: '/api/sync/push', cookie, body: { actions } });
    expect(response.statusCode).toBe(200);
    const { results } = response.json() as { results: { id: string; status: number; body: { message?: string } }[] };
    expect(results.map((r) => [r.id, r.status])).toEqual([
      ['push-a-1', 201],
      ['push-a-2', 400],
      ['push-a-3', 201],
    ]);
    expect(results[1]?.body.message).toBe('Please enter a valid North American phone number (10 digits)');
    expect(await countBatchelors()).toBe(2);
  });

  it('is exactly-once: the same batch again replays the stored answers and changes nothing', async () => {
    const response = await t.request({ method: 'POST', url: '/api/sync/push', cookie, body: { actions } });
    expect((response.json() as { results: { status: number }[] }).results.map((r) => r.status)).toEqual([
      201, 400, 201,
    ]);
    expect(await countBatchelors()).toBe(2);
  });

  it('refuses nested sync calls, empty and oversized batches', async () => {
    for (const body of [
      { actions: [{ id: 'x1', method: 'POST', endpoint: '/api/sync/push', body: {} }] },
      { actions: [] },
      { actions: Array.from({ length: 101 }, (_, i) => ({ id: `k${i}`, method: 'POST', endpoint: '/api/patients' })) },
      { actions: [{ id: 'bad key!', method: 'POST', endpoint: '/api/patients' }] },
    ]) {
      expect((await t.request({ method: 'POST', url: '/api/sync/push', cookie, body })).statusCode).toBe(400);
    }
  });

  it('checks permissions per action', async () => {
    const staff = await t.login('staff');
    const response = await t.request({
      method: 'POST',
      url: '/api/sync/push',
      cookie: staff,
      body: {
        actions: [{ id: 'push-s-1', method: 'POST', endpoint: '/api/patients', body: aPatient() }],
      },
    });
    expect((response.json() as { results: { status: number }[] }).results[0]?.status).toBe(403);
  });

  it('needs a session', async () => {
    expect((await t.request({ method: 'POST', url: '/api/sync/push', body: { actions } })).statusCode).toBe(401);
  });
});

describe('rate limit and batches', () => {
  it('counts a batch as one request, and a client cannot claim to be a batch member', async () => {
    const limited = await createTestApp({ rateLimitMax: 5 });
    try {
      const session = await limited.login('receptionist');
      const actions = Array.from({ length: 20 }, (_, i) => ({
        id: `rl-${i}`,
        method: 'POST',
        endpoint: '/api/patients',
        body: aPatient(),
      }));
      const response = await limited.request({
        method: 'POST',
        url: '/api/sync/push',
        cookie: session,
        body: { actions },
      });
      const statuses = (response.json() as { results: { status: number }[] }).results.map((r) => r.status);
      expect(statuses).toEqual(Array(20).fill(201));
      const spoofed = await limited.request({
        url: '/api/auth/me',
        cookie: session,
        headers: { 'x-batch-member': 'guess' },
      });
      for (let i = 0; i < 5; i++) await limited.request({ url: '/api/auth/me', cookie: session });
      expect(spoofed.statusCode).toBe(200);
      expect(
        (await limited.request({ url: '/api/auth/me', cookie: session, headers: { 'x-batch-member': 'guess' } }))
          .statusCode,
      ).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
