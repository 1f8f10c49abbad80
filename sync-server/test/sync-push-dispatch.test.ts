import { PUSH_PATH, type PushResult } from '@dental/domain/sync/protocol';
import { aPatient } from '@dental/domain/testing/patients';
import { describe, expect, it } from 'vitest';
import { createTestApp, fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'receptionist');

interface Action {
  id: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  endpoint: string;
  body?: unknown;
}

async function push(actions: Action[], cookie = as.receptionist, headers: Record<string, string> = {}) {
  const response = await t.request({ method: 'POST', url: PUSH_PATH, cookie, body: { actions }, headers });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { results: PushResult[] }).results;
}

function resultAt(results: PushResult[], index = 0): PushResult {
  const result = results[index];
  if (!result) throw new Error(`no result at ${index}`);
  return result;
}

describe('POST /api/sync/push dispatches each action to its route', () => {
  it("answers an action whose route needs a permission the user lacks with the route's 403, and goes on", async () => {
    const created = await push([{ id: 'perm-1', method: 'POST', endpoint: '/api/patients', body: aPatient() }]);
    const { id } = resultAt(created).body as { id: string };
    const results = await push([
      { id: 'perm-2', method: 'DELETE', endpoint: `/api/patients/${id}` },
      { id: 'perm-3', method: 'POST', endpoint: '/api/patients', body: aPatient() },
    ]);
    expect(results.map((r) => r.status)).toEqual([403, 201]);
    expect(results[0]).toEqual({
      id: 'perm-2',
      status: 403,
      body: {
        error: 'Forbidden',
        code: 'PERMISSION_DENIED',
        message: "You don't have permission to perform this action.",
        requiredPermission: 'patients.delete',
      },
      retryAfter: null,
    });
  });

  it('answers an unknown endpoint, or a known path with another method, with the API 404', async () => {
    const results = await push([
      { id: 'nf-1', method: 'POST', endpoint: '/api/nowhere' },
      { id: 'nf-2', method: 'PUT', endpoint: '/api/patients' },
    ]);
    expect(results).toEqual([
      {
        id: 'nf-1',
        status: 404,
        body: { error: 'Not Found', code: 'ROUTE_NOT_FOUND', message: 'No API route matches POST /api/nowhere.' },
        retryAfter: null,
      },
      {
        id: 'nf-2',
        status: 404,
        body: { error: 'Not Found', code: 'ROUTE_NOT_FOUND', message: 'No API route matches PUT /api/patients.' },
        retryAfter: null,
      },
    ]);
  });

  it('refuses a path parameter longer than the router takes as a request alone would (414)', async () => {
    const endpoint = `/api/patients/${'a'.repeat(101)}`;
    const alone = await t.request({ method: 'PATCH', url: endpoint, cookie: as.receptionist, body: {} });
    const [result] = await push([{ id: 'long-1', method: 'PATCH', endpoint, body: {} }]);
    expect(alone.statusCode).toBe(414);
    expect(result).toMatchObject({ status: 414, body: alone.json() });
  });

  it('validates with the route schema and names the field, as for a request alone', async () => {
    const body = aPatient({ phone: '12' });
    const alone = await t.request({ method: 'POST', url: '/api/patients', cookie: as.receptionist, body });
    const [result] = await push([{ id: 'invalid-1', method: 'POST', endpoint: '/api/patients', body }]);
    expect(alone.statusCode).toBe(400);
    expect(result).toEqual({ id: 'invalid-1', status: 400, body: alone.json(), retryAfter: null });
  });

  it('replays the stored answer of a key first used by a request alone, and the other way round', async () => {
    const body = aPatient({ firstName: 'Dee', lastName: 'Dispatch' });
    const alone = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: as.receptionist,
      body,
      headers: { 'idempotency-key': 'shared-1' },
    });
    const [replayed] = await push([{ id: 'shared-1', method: 'POST', endpoint: '/api/patients', body }]);
    expect(replayed).toEqual({ id: 'shared-1', status: 201, body: alone.json(), retryAfter: null });

    const other = aPatient({ firstName: 'Eve', lastName: 'Dispatch' });
    const [first] = await push([{ id: 'shared-2', method: 'POST', endpoint: '/api/patients', body: other }]);
    const retry = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: as.receptionist,
      body: other,
      headers: { 'idempotency-key': 'shared-2' },
    });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.statusCode).toBe(first?.status);
    expect(retry.json()).toEqual(first?.body);
    const stored = await t.db
      .selectFrom('patients')
      .select('id')
      .where('last_name', '=', 'Dispatch')
      .where('first_name', 'in', ['Dee', 'Eve'])
      .execute();
    expect(stored).toHaveLength(2);
  });

  it('answers a key reused for another request with 422, without running the action', async () => {
    await push([{ id: 'reused-1', method: 'POST', endpoint: '/api/patients', body: aPatient() }]);
    const results = await push([
      {
        id: 'reused-1',
        method: 'POST',
        endpoint: '/api/patients',
        body: aPatient({ firstName: 'Gus', lastName: 'Dispatch' }),
      },
      { id: 'reused-2', method: 'POST', endpoint: '/api/notifications/clear-all' },
    ]);
    expect(results[0]).toEqual({
      id: 'reused-1',
      status: 422,
      body: {
        error: 'Unprocessable Entity',
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: 'Idempotency-Key reused with a different request',
      },
      retryAfter: null,
    });
    expect(results[1]?.status).toBe(200);
    const gus = await t.db
      .selectFrom('patients')
      .select('id')
      .where('last_name', '=', 'Dispatch')
      .where('first_name', '=', 'Gus')
      .execute();
    expect(gus).toEqual([]);
  });

  it('scopes an action to the practice the batch was checked for (X-Practice-ID)', async () => {
    const doctor = await t.login('doctor');
    const [result] = await push(
      // No practiceId in the body: the batch's X-Practice-ID alone names the practice.
      [{ id: 'calgary-1', method: 'POST', endpoint: '/api/patients', body: aPatient({ practiceId: undefined }) }],
      doctor,
      { 'x-practice-id': '2' },
    );
    expect(result?.status).toBe(201);
    expect(result?.body).toMatchObject({ practiceId: 2 });
  });

  it('stops at the first answer that is not final, with its Retry-After', async () => {
    const limited = await createTestApp({ signInPerAddressMax: 1 });
    try {
      const cookie = await limited.login('receptionist');
      const wrong = { username: 'receptionist', password: 'not-the-password' };
      const send = async (actions: Action[]) => {
        const response = await limited.request({ method: 'POST', url: PUSH_PATH, cookie, body: { actions } });
        return (response.json() as { results: PushResult[] }).results;
      };
      const signedOut = await send([
        { id: 'login-1', method: 'POST', endpoint: '/api/auth/login', body: wrong },
        { id: 'after-1', method: 'POST', endpoint: '/api/notifications/clear-all' },
      ]);
      expect(signedOut.map((r) => r.status)).toEqual([401]);
      const throttled = await send([
        { id: 'login-2', method: 'POST', endpoint: '/api/auth/login', body: wrong },
        { id: 'after-2', method: 'POST', endpoint: '/api/notifications/clear-all' },
      ]);
      expect(throttled).toHaveLength(1);
      const refused = resultAt(throttled);
      expect(refused).toMatchObject({ status: 429, retryAfter: expect.stringMatching(/^\d+$/) });
      expect(refused.body).toMatchObject({ retryAfterSeconds: Number(refused.retryAfter) });
    } finally {
      await limited.close();
    }
  });
});
