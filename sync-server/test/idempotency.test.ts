import { aPatient } from '@dental/domain/testing/patients';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'receptionist', 'doctor');

function post(url: string, body: unknown, cookie: string, key?: string, extra: Record<string, string> = {}) {
  return t.request({
    method: 'POST',
    url,
    cookie,
    body,
    headers: { ...(key === undefined ? {} : { 'idempotency-key': key }), ...extra },
  });
}

async function patientsNamed(lastName: string): Promise<number> {
  const rows = await t.db.selectFrom('patients').select('id').where('last_name', '=', lastName).execute();
  return rows.length;
}

describe('Idempotency-Key', () => {
  it('a retried create is answered from the first result, and creates one patient', async () => {
    const body = aPatient({ lastName: 'PotentB' });
    const first = await post('/api/patients', body, as.receptionist, 'create-patient-1');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await post('/api/patients', body, as.receptionist, 'create-patient-1');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.headers['content-type']).toContain('application/json');
    expect(retry.json()).toEqual(first.json());
    expect(await patientsNamed('PotentB')).toBe(1);
    const audits = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'patient.create')
      .where('entity_id', '=', first.json().id)
      .execute();
    expect(audits).toHaveLength(1);
  });

  it('a refusal is final too: a retried 409 gets the stored 409, even once the cause is gone', async () => {
    const body = aPatient({ lastName: 'PotentC' });
    const original = await post('/api/patients', body, as.receptionist);
    expect(original.statusCode).toBe(201);
    const duplicate = await post('/api/patients', body, as.receptionist, 'dup-2');
    expect(duplicate.statusCode).toBe(409);
    await t.db.deleteFrom('row_versions').where('row_id', '=', original.json().id).execute();
    await t.db.deleteFrom('patients').where('id', '=', original.json().id).execute();
    const replay = await post('/api/patients', body, as.receptionist, 'dup-2');
    expect(replay.statusCode).toBe(409);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(duplicate.json());
    expect(await patientsNamed('PotentC')).toBe(0);
  });

  it('stores validation refusals; not 401', async () => {
    const body = aPatient({ phone: '123' });
    const invalid = await post('/api/patients', body, as.receptionist, 'bad-phone');
    expect(invalid.statusCode).toBe(400);
    const replay = await post('/api/patients', body, as.receptionist, 'bad-phone');
    expect(replay.statusCode).toBe(400);
    expect(replay.headers['idempotent-replayed']).toBe('true');

    const signedOut = await post('/api/patients', aPatient(), '', 'signed-out');
    expect(signedOut.statusCode).toBe(401);
    const stored = await t.db.selectFrom('idempotency_keys').select('key').where('key', '=', 'signed-out').execute();
    expect(stored).toEqual([]);
  });

  it('the same key for a different path or method is 422', async () => {
    const created = await post('/api/patients', aPatient(), as.receptionist, 'reused-key');
    expect(created.statusCode).toBe(201);
    const elsewhere = await post('/api/notifications/clear-all', {}, as.receptionist, 'reused-key');
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json()).toEqual({
      error: 'Unprocessable Entity',
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'Idempotency-Key reused with a different request',
    });
  });

  it('the same key with a different body is 422 and changes nothing, not a silent replay', async () => {
    const body = aPatient();
    const created = await post('/api/patients', body, as.receptionist, 'body-key');
    expect(created.statusCode).toBe(201);
    const other = await post('/api/patients', aPatient({ lastName: 'PotentO' }), as.receptionist, 'body-key');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      error: 'Unprocessable Entity',
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'Idempotency-Key reused with a different request',
    });
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await patientsNamed('PotentO')).toBe(0);
    const again = await post('/api/patients', body, as.receptionist, 'body-key');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(created.json());
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(101)],
    ['with spaces', 'two words'],
    ['with punctuation', 'key/1'],
  ])('an invalid key (%s) is 400 naming Idempotency-Key, and nothing runs', async (_label, key) => {
    const response = await post('/api/patients', aPatient({ lastName: 'PotentG' }), as.receptionist, key);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Bad Request', field: 'Idempotency-Key' });
    expect(await patientsNamed('PotentG')).toBe(0);
  });

  it('keys belong to one user: another user with the same key makes a separate request', async () => {
    const mine = await post('/api/patients', aPatient(), as.receptionist, 'shared-key');
    expect(mine.statusCode).toBe(201);
    const theirs = await post('/api/patients', aPatient(), as.doctor, 'shared-key');
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
  });

  it('keys belong to one practice', async () => {
    // The same request in both: no practiceId in the body, the header alone names the practice.
    const body = aPatient({ practiceId: undefined });
    const toronto = await post('/api/patients', body, as.doctor, 'per-practice', { 'x-practice-id': '1' });
    const calgary = await post('/api/patients', body, as.doctor, 'per-practice', { 'x-practice-id': '2' });
    expect(toronto.statusCode).toBe(201);
    expect(calgary.statusCode).toBe(201);
    expect(calgary.json().practiceId).toBe(2);
  });

  it('a key older than 7 days is forgotten', async () => {
    const body = aPatient();
    const first = await post('/api/patients', body, as.receptionist, 'old-key');
    expect(first.statusCode).toBe(201);
    t.advance(8 * 24 * 60 * 60 * 1000);
    const cookie = await t.login('receptionist');
    const later = await post('/api/patients', body, cookie, 'old-key');
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.statusCode).toBe(409);
  });
});

describe('client schema version', () => {
  // The clock moved past the session timeout above.
  beforeAll(async () => {
    as.receptionist = await t.login('receptionist');
  });

  it('every API answer names the server schema, errors included', async () => {
    for (const url of ['/api/auth/me', '/api/nowhere', '/api/patients']) {
      const response = await t.request({ url, cookie: as.receptionist });
      expect(response.headers['x-server-schema'], url).toBe('1');
    }
  });

  it('an out-of-date client is told to upgrade on reads', async () => {
    const response = await t.request({
      url: '/api/patients',
      cookie: as.receptionist,
      headers: { 'x-client-schema': '0' },
    });
    expect(response.statusCode).toBe(426);
    expect(response.json()).toEqual({
      error: 'Upgrade Required',
      message: 'This version of the app is out of date. Finish syncing, then reload to update.',
    });
    expect(response.headers['x-server-schema']).toBe('1');
    const me = await t.request({ url: '/api/auth/me', cookie: as.receptionist, headers: { 'x-client-schema': '0' } });
    expect(me.statusCode).toBe(200);
    const current = await t.request({
      url: '/api/patients?limit=1',
      cookie: as.receptionist,
      headers: { 'x-client-schema': '1' },
    });
    expect(current.statusCode).toBe(200);
  });

  it("an out-of-date client's queued writes (with an Idempotency-Key) still go through; bare writes do not", async () => {
    const queued = await post('/api/patients', aPatient(), as.receptionist, 'queued-offline', {
      'x-client-schema': '0',
    });
    expect(queued.statusCode).toBe(201);
    const bare = await post('/api/patients', aPatient(), as.receptionist, undefined, { 'x-client-schema': '0' });
    expect(bare.statusCode).toBe(426);
  });
});
