import { aPatient } from '@dental/domain/testing/patients';
import { aRecall } from '@dental/domain/testing/recalls';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPatient } from './helpers/api.ts';
import { patientOf, setPermission } from './helpers/demo-data.ts';
import { pullAll } from './helpers/sync.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'admin');
let patientId: string;
let otherPracticePatient: string;

beforeAll(async () => {
  patientId = await patientOf(t, 1);
  otherPracticePatient = await patientOf(t, 2);
});

/** Every change of one practice's feed from the cursor on. */
const feed = (cookie: string, practiceId: number, cursor?: string) =>
  pullAll(t, cookie, cursor, { practiceId, limit: 5000 });

describe('recalls', () => {
  it('lists recall types and records recalls the patient page lists, soonest first', async () => {
    const types = await t.request({ url: '/api/recall-types', cookie: as.admin });
    expect(types.statusCode).toBe(200);
    const [cleaning, second] = types.json() as { id: number; name: string }[];
    if (!cleaning || !second) throw new Error('the seed has fewer than two recall types');
    const later = await t.request({
      method: 'POST',
      url: '/api/recalls',
      cookie: as.admin,
      body: aRecall({ patientId, recallTypeId: cleaning.id, dueDate: '2027-05-22', lastVisitDate: '2026-11-22' }),
    });
    expect(later.statusCode).toBe(201);
    expect(later.json()).toMatchObject({ priority: 'normal', status: 'active', recallTypeName: cleaning.name });
    const sooner = await t.request({
      method: 'POST',
      url: '/api/recalls',
      cookie: as.admin,
      body: aRecall({ patientId, recallTypeId: second.id, dueDate: '2026-12-06', priority: 'high' }),
    });
    expect(sooner.statusCode).toBe(201);
    const list = await t.request({ url: `/api/recalls?patientId=${patientId}`, cookie: as.admin });
    // The demo data may have given the patient a recall of its own: these two keep their order among them.
    const created = new Set([later.json().id, sooner.json().id]);
    const listed = (list.json() as { id: string; dueDate: string }[]).filter((recall) => created.has(recall.id));
    expect(listed.map((recall) => recall.dueDate)).toEqual(['2026-12-06', '2027-05-22']);
  });

  it('refuses bad dates, unknown types, other practices and signed-out callers', async () => {
    const post = (body: unknown, cookie = as.admin) => t.request({ method: 'POST', url: '/api/recalls', cookie, body });
    const badDate = await post(aRecall({ patientId, dueDate: '2026-02-30' }));
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().field).toBe('dueDate');
    const unknownType = await post(aRecall({ patientId, recallTypeId: 999_999 }));
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().field).toBe('recallTypeId');
    expect((await post(aRecall({ patientId: otherPracticePatient }))).statusCode).toBe(404);
    expect((await post(aRecall({ patientId }), '')).statusCode).toBe(401);
    expect(
      (await t.request({ url: `/api/recalls?patientId=${otherPracticePatient}`, cookie: as.admin })).statusCode,
    ).toBe(404);
  });
});

describe('recalls in the pull feed', () => {
  it('keeps a client id, and sends the recall to the practice’s devices (patients.view) only', async () => {
    const receptionist = await t.login('receptionist');
    const doctor = await t.login('doctor');
    const before = await feed(receptionist, 1);
    const otherPractice = await feed(doctor, 2);
    const id = crypto.randomUUID();
    const created = await t.request({
      method: 'POST',
      url: '/api/recalls',
      cookie: receptionist,
      practiceId: 1,
      body: aRecall({
        id,
        patientId,
        dueDate: '2027-05-23',
        lastVisitDate: '2026-11-22',
        priority: 'medium',
        notes: 'Six-month cleaning',
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ id, patientId, dueDate: '2027-05-23', status: 'active' });

    const after = await feed(receptionist, 1, before.cursor);
    expect(after.changes).toEqual([
      { table: 'recalls', op: 'upsert', id, version: expect.any(Number), row: created.json() },
    ]);
    const listed = await t.request({ url: `/api/recalls?patientId=${patientId}`, cookie: receptionist });
    expect(listed.json()).toContainEqual(after.changes[0]?.row);
    // A first snapshot carries it too.
    const snapshot = await feed(receptionist, 1);
    expect(snapshot.changes.filter((change) => change.table === 'recalls').map((change) => change.id)).toContain(id);

    // Another practice's devices never receive it, not even a user who works in both.
    const elsewhere = await feed(doctor, 2, otherPractice.cursor);
    expect(elsewhere.changes.filter((change) => change.table === 'recalls')).toEqual([]);
    const elsewhereSnapshot = await feed(doctor, 2);
    expect(elsewhereSnapshot.changes.some((change) => change.id === id)).toBe(false);

    // The id is the recall's for good: sending it again with another body is a conflict.
    const again = await t.request({
      method: 'POST',
      url: '/api/recalls',
      cookie: receptionist,
      body: aRecall({ id, patientId, dueDate: '2027-06-01' }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ field: 'id' });
    const badId = await t.request({
      method: 'POST',
      url: '/api/recalls',
      cookie: receptionist,
      body: aRecall({ id: 'not-a-uuid', patientId }),
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().field).toBe('id');
  });

  it('is not sent to a user without patients.view', async () => {
    await setPermission(t, 'receptionist', 'patients.view', false);
    try {
      const cookie = await t.login('receptionist');
      const { changes } = await feed(cookie, 1);
      expect(changes.filter((change) => change.table === 'recalls')).toEqual([]);
      expect(changes.filter((change) => change.table === 'appointments').length).toBeGreaterThan(0);
    } finally {
      await setPermission(t, 'receptionist', 'patients.view', null);
    }
  });

  it('tells devices to drop a deleted patient’s recalls', async () => {
    const admin = await t.login('admin');
    const patient = (await createPatient(t, admin, aPatient())).id;
    const id = crypto.randomUUID();
    const recall = await t.request({
      method: 'POST',
      url: '/api/recalls',
      cookie: admin,
      body: aRecall({ id, patientId: patient }),
    });
    expect(recall.statusCode, recall.body).toBe(201);
    const { cursor } = await feed(admin, 1);
    const deleted = await t.request({ method: 'DELETE', url: `/api/patients/${patient}`, cookie: admin });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const { changes } = await feed(admin, 1, cursor);
    expect(changes).toEqual(
      expect.arrayContaining([
        { table: 'patients', op: 'delete', id: patient, version: expect.any(Number) },
        { table: 'recalls', op: 'delete', id, version: expect.any(Number) },
      ]),
    );
  });
});
