import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: string;
let patientId: string;
let otherPracticePatient: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const first = await t.db
    .selectFrom('patients')
    .select('id')
    .where('practice_id', '=', 1)
    .limit(1)
    .executeTakeFirstOrThrow();
  const other = await t.db
    .selectFrom('patients')
    .select('id')
    .where('practice_id', '=', 2)
    .limit(1)
    .executeTakeFirstOrThrow();
  patientId = first.id;
  otherPracticePatient = other.id;
});
afterAll(async () => {
  await t.close();
});

describe('recalls', () => {
  it('lists recall types and records recalls the patient page lists, soonest first', async () => {
    const types = await t.request({ url: '/api/recall-types', cookie: admin });
    expect(types.statusCode).toBe(200);
    const [cleaning, second] = types.json() as { id: number; name: string }[];
    if (!cleaning || !second) throw new Error('the seed has fewer than two recall types');
    const later = await t.request({
      method: 'POST',
      url: '/api/recalls',
      cookie: admin,
      body: { patientId, recallTypeId: cleaning.id, dueDate: '2027-05-22', lastVisitDate: '2026-11-22' },
    });
    expect(later.statusCode).toBe(201);
    expect(later.json()).toMatchObject({ priority: 'normal', status: 'active', recallTypeName: cleaning.name });
    const sooner = await t.request({
      method: 'POST',
      url: '/api/recalls',
      cookie: admin,
      body: { patientId, recallTypeId: second.id, dueDate: '2026-12-06', priority: 'high' },
    });
    expect(sooner.statusCode).toBe(201);
    const list = await t.request({ url: `/api/recalls?patientId=${patientId}`, cookie: admin });
    expect((list.json() as { dueDate: string }[]).map((recall) => recall.dueDate)).toEqual([
      '2026-12-06',
      '2027-05-22',
    ]);
  });

  it('refuses bad dates, unknown types, other practices and signed-out callers', async () => {
    const post = (body: Record<string, unknown>, cookie = admin) =>
      t.request({ method: 'POST', url: '/api/recalls', cookie, body });
    const badDate = await post({ patientId, recallTypeId: 1, dueDate: '2026-02-30' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().field).toBe('dueDate');
    const unknownType = await post({ patientId, recallTypeId: 999_999, dueDate: '2027-01-01' });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().field).toBe('recallTypeId');
    expect((await post({ patientId: otherPracticePatient, recallTypeId: 1, dueDate: '2027-01-01' })).statusCode).toBe(
      404,
    );
    expect((await post({ patientId, recallTypeId: 1, dueDate: '2027-01-01' }, '')).statusCode).toBe(401);
    expect((await t.request({ url: `/api/recalls?patientId=${otherPracticePatient}`, cookie: admin })).statusCode).toBe(
      404,
    );
  });
});
