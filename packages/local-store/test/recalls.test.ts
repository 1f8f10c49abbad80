import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { sealValue } from '../src/crypto/seal.ts';
import type { StoreHandle } from '../src/db/handle.ts';
import type { OutboxEntry } from '../src/db/rows.ts';
import { describe as describeEntry } from '../src/outbox/attention.ts';
import { pendingCount } from '../src/outbox/queue.ts';
import { FakeServer } from './support/fake-server.ts';
import { aBooking, bodyOf } from './support/front-desk.ts';
import { aPusher, CLIENT_SCHEMA } from './support/pusher.ts';
import { anUnlockedStore, rawDump } from './support/store.ts';

/** A scripted step that lets the request through to the fake server unchanged. */
const passThrough = () => ({ kind: 'hold', gate: Promise.resolve(), reached: () => {} }) as const;

function recallFor(patientId: string) {
  return {
    patientId,
    recallTypeId: 1,
    lastVisitDate: '2026-11-23',
    dueDate: '2027-05-23',
    priority: 'medium',
    notes: 'Six-month cleaning',
  };
}

describe('recalls of a check-out: a synced table written through', () => {
  /** The device's copy of the practice's recall types, as the pull leaves it. */
  async function withRecallTypes(store: StoreHandle) {
    await store.db.recall_types.bulkPut([
      { id: '1', name: 'Cleaning', intervalMonths: 6, intervalWeeks: 0, defaultPriority: 'medium' },
      { id: '2', name: 'Fluoride', intervalMonths: 6, intervalWeeks: 0, defaultPriority: 'low' },
    ]);
  }

  it('shows a recall queued offline on the patient at once, sealed, and sends it with its id', async () => {
    const { local, store, key, patient, appointment } = await aBooking();
    await withRecallTypes(store);
    const { recall, entry } = await local.recalls.create(recallFor(patient.id));
    const survey = await local.surveys.send({
      patientId: patient.id,
      appointmentId: appointment.id,
      type: 'satisfaction',
      method: 'email',
      treatmentCompleted: true,
      providerName: 'Dr. Okafor',
      treatmentDate: '2026-11-23',
    });
    expect(recall.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(entry).toMatchObject({ type: 'create', method: 'POST', endpoint: '/api/recalls', previous: null });
    expect(entry.entity).toEqual({ table: 'recalls', id: recall.id });
    expect(entry.applied).not.toBeNull();
    expect(survey.entity.table).toBe('survey_sends');
    expect(await describeEntry(store, key, entry)).toBe('Record recall due 2027-05-23');
    expect(await describeEntry(store, key, survey)).toBe('Send satisfaction survey by email');
    expect(await bodyOf(store, key, entry)).toMatchObject({
      ...recallFor(patient.id),
      id: recall.id,
      status: 'active',
      createdBy: store.userId,
    });

    // On the patient's page before anything reached the server.
    const [shown] = await local.recalls.ofPatient(patient.id);
    expect(shown).toMatchObject({
      id: recall.id,
      patientId: patient.id,
      recallTypeId: 1,
      recallTypeName: 'Cleaning',
      lastVisitDate: '2026-11-23',
      dueDate: '2027-05-23',
      priority: 'medium',
      notes: 'Six-month cleaning',
      status: 'active',
      createdBy: store.userId,
      version: 0,
    });
    expect(await local.recalls.ofPatient(crypto.randomUUID())).toEqual([]);
    // Only the patient, the due date and the sync marks are in clear; the rest is sealed, in the row and the outbox.
    const row = await store.db.recalls.get(recall.id);
    expect(Object.keys(row ?? {}).sort()).toEqual([
      'dueDate',
      'id',
      'patientId',
      'practiceId',
      'sealed',
      'updatedAt',
      'version',
    ]);
    expect(await rawDump(store)).not.toContain('Six-month cleaning');
    // The recall's type and priority are sealed too (the recall types themselves are reference data, in clear).
    const outboxEntry = await store.db.outbox.where('id').equals(entry.id).first();
    for (const stored of [row, outboxEntry]) {
      expect(JSON.stringify(stored)).not.toContain('Cleaning');
      expect(JSON.stringify(stored)).not.toContain('medium');
      expect(JSON.stringify(stored)).not.toContain('2026-11-23');
    }

    const { pusher, server } = aPusher(local);
    expect(await pusher.drain()).toBe('drained');
    const paths = server.mutations().map((request) => `${request.method} ${request.path}`);
    expect(paths).toEqual([
      'POST /api/patients',
      'POST /api/appointments',
      'POST /api/recalls',
      'POST /api/surveys/send',
    ]);
    const sent = server.mutations()[2];
    expect(sent?.headers['idempotency-key']).toBe(entry.id);
    expect(sent?.body).toMatchObject({
      id: recall.id,
      dueDate: '2027-05-23',
      recallTypeId: 1,
      createdBy: store.userId,
    });
    // Acknowledged: the queue is empty and the recall shows as the server answered it, under the same id.
    expect(await store.db.outbox.count()).toBe(0);
    expect(await local.recalls.ofPatient(patient.id)).toEqual([
      expect.objectContaining({
        id: recall.id,
        recallTypeName: 'Type 1',
        createdAt: 'server',
        notes: 'Six-month cleaning',
      }),
    ]);
    expect(await store.db.recalls.count()).toBe(1);
    expect(await store.db.appointments.count()).toBe(1);
    expect(await store.db.patients.count()).toBe(1);
    expect(await rawDump(store)).not.toContain('Six-month cleaning');
  });

  it('sends a recall queued offline exactly once, also when the first acknowledgement is lost', async () => {
    const { local, store, patient } = await aBooking();
    const { recall } = await local.recalls.create(recallFor(patient.id));
    const { pusher, server } = aPusher(local);
    server.script.push(passThrough(), passThrough(), { kind: 'lost-ack' });
    await pusher.drain();
    const recalls = [...server.rows.keys()].filter((name) => name.startsWith('recalls/'));
    expect(recalls).toEqual([`recalls/${recall.id}`]);
    expect(await pendingCount(store)).toBe(0);
    expect((await local.recalls.ofPatient(patient.id)).map((shown) => shown.id)).toEqual([recall.id]);
  });

  it('rolls a refused recall back into Needs attention with the server reason, and keeps draining', async () => {
    const { local, store, patient, appointment } = await aBooking();
    await withRecallTypes(store);
    const { pusher, server, types } = aPusher(local);
    await pusher.drain();
    await local.appointments.checkIn(appointment.id, { arrivalTime: '08:52', waitingArea: 'main' });
    const { recall } = await local.recalls.create(recallFor(patient.id));
    await local.appointments.checkOut(appointment.id, { treatmentCompleted: true });
    expect((await local.recalls.ofPatient(patient.id)).map((shown) => shown.id)).toEqual([recall.id]);
    server.script.push(passThrough(), {
      kind: 'respond',
      status: 400,
      body: { error: 'Bad Request', message: 'recallTypeId is not a recall type of this practice' },
    });
    await pusher.drain();
    expect(types().slice(-4)).toEqual(['sent', 'attention', 'sent', 'drained']);
    // The refused recall is off the patient's page again, and listed for the user.
    expect(await local.recalls.ofPatient(patient.id)).toEqual([]);
    expect(await store.db.recalls.count()).toBe(0);
    const [item] = await local.outbox.needingAttention();
    expect(item?.entry.entity).toEqual({ table: 'recalls', id: recall.id });
    expect(item?.description).toBe('Record recall due 2027-05-23');
    expect(item?.reason).toBe('recallTypeId is not a recall type of this practice');
    expect(item?.body).toMatchObject({ id: recall.id, recallTypeId: 1 });
    // The check-out after it went through and is still shown: a refused recall undoes nothing else.
    const [stored] = await local.appointments.onDay('2026-11-23');
    expect(stored?.status).toBe('completed');

    // Retried with another type: shown again at once, then accepted under the same id.
    const again = await local.outbox.retry(item?.entry.id ?? '', {
      ...recallFor(patient.id),
      id: recall.id,
      recallTypeId: 2,
    });
    expect(again).toMatchObject({ state: 'pending', entity: { table: 'recalls', id: recall.id } });
    expect(again?.applied).not.toBeNull();
    expect(await local.recalls.ofPatient(patient.id)).toEqual([
      expect.objectContaining({ id: recall.id, recallTypeId: 2, version: 0 }),
    ]);
    await pusher.drain();
    expect(server.mutations().at(-1)).toMatchObject({ path: '/api/recalls', body: { id: recall.id, recallTypeId: 2 } });
    expect(await store.db.outbox.count()).toBe(0);
    expect(await local.recalls.ofPatient(patient.id)).toEqual([
      expect.objectContaining({ id: recall.id, recallTypeId: 2, createdAt: 'server' }),
    ]);
  });

  it('discarding a refused recall leaves no row behind', async () => {
    const { local, store, patient } = await aBooking();
    const { pusher, server } = aPusher(local);
    await pusher.drain();
    await local.recalls.create(recallFor(patient.id));
    server.script.push({ kind: 'respond', status: 403, body: { error: 'Forbidden', message: 'No permission.' } });
    await pusher.drain();
    const [item] = await local.outbox.needingAttention();
    expect(await local.outbox.discard(item?.entry.id ?? '')).toBe(true);
    expect(await store.db.outbox.count()).toBe(0);
    expect(await store.db.recalls.count()).toBe(0);
  });

  it("pulls the practice's recalls, lists them per patient soonest due first, with the notes sealed", async () => {
    const { local, store } = await anUnlockedStore();
    const server = new FakeServer();
    const patientId = '11111111-1111-4111-8111-111111111111';
    const recallChange = (id: string, forPatient: string, dueDate: string, version: number) => ({
      table: 'recalls' as const,
      op: 'upsert' as const,
      id,
      version,
      row: {
        id,
        patientId: forPatient,
        recallTypeId: 1,
        recallTypeName: 'Periodontal maintenance',
        lastVisitDate: null,
        dueDate,
        priority: 'high',
        notes: 'Bleeding on probing, lower left',
        status: 'active',
        createdBy: 1,
        createdAt: '2026-11-20T15:00:00.000Z',
      },
    });
    server.feed.set(1, [
      recallChange('r-later', patientId, '2027-05-01', 1),
      recallChange('r-sooner', patientId, '2026-12-01', 2),
      recallChange('r-other', '22222222-2222-4222-8222-222222222222', '2026-12-01', 3),
    ]);
    await local.sync.pull({ fetch: server.fetch, clientSchema: CLIENT_SCHEMA });
    const listed = await local.recalls.ofPatient(patientId);
    expect(listed.map((recall) => [recall.id, recall.version])).toEqual([
      ['r-sooner', 2],
      ['r-later', 1],
    ]);
    expect(listed[0]).toMatchObject({
      recallTypeName: 'Periodontal maintenance',
      notes: 'Bleeding on probing, lower left',
    });
    const dump = await rawDump(store);
    expect(dump).not.toContain('Bleeding');
    expect(dump).not.toContain('Periodontal');
  });

  it('still sends a recall the previous build queued without a local row, and acknowledges it', async () => {
    const { local, store, key, patient } = await aBooking();
    // What the previous build's queueRecall left in the outbox: keyed by the entry id, nothing applied.
    const entryId = crypto.randomUUID();
    const legacy: OutboxEntry = {
      id: entryId,
      practiceId: store.practiceId,
      type: 'create',
      method: 'POST',
      endpoint: '/api/recalls',
      body: await sealValue(key, store.practiceId, 'outbox', entryId, {
        ...recallFor(patient.id),
        status: 'active',
        createdBy: store.userId,
      }),
      entity: { table: 'recalls', id: entryId },
      previous: null,
      applied: null,
      createdAt: 0,
      attempts: 0,
      nextAttemptAt: 0,
      state: 'pending',
    };
    await store.db.outbox.add(legacy);
    const { pusher, server } = aPusher(local);
    expect(await pusher.drain()).toBe('drained');
    expect(server.mutations().at(-1)).toMatchObject({ path: '/api/recalls', body: { dueDate: '2027-05-23' } });
    expect(await store.db.outbox.count()).toBe(0);
    // The server gave it its own id; the recall arrives with the next pull, not under the entry's id.
    expect(await store.db.recalls.get(entryId)).toBeUndefined();
  });

  it('refuses a recall without a due date before queueing it', async () => {
    const { local, store, patient } = await aBooking();
    const before = await store.db.outbox.count();
    await expect(local.recalls.create({ ...recallFor(patient.id), dueDate: '23/05/2027' })).rejects.toMatchObject({
      issues: [{ field: 'dueDate', message: 'dueDate must be a date (YYYY-MM-DD)' }],
    });
    expect(await store.db.outbox.count()).toBe(before);
    expect(await store.db.recalls.count()).toBe(0);
  });

  it('lists the recalls due in a span of days, both ends included, soonest first, across patients', async () => {
    const { local, store, patient } = await aBooking();
    await withRecallTypes(store);
    const other = crypto.randomUUID();
    for (const [patientId, dueDate] of [
      [patient.id, '2027-05-24'],
      [other, '2027-05-23'],
      [patient.id, '2027-05-29'],
      [other, '2027-05-30'],
      [patient.id, '2027-05-22'],
    ] as const) {
      await local.recalls.create({ ...recallFor(patientId), dueDate });
    }
    const due = await local.recalls.dueBetween('2027-05-23', '2027-05-29');
    expect(due.map((recall) => [recall.patientId === patient.id ? 'patient' : 'other', recall.dueDate])).toEqual([
      ['other', '2027-05-23'],
      ['patient', '2027-05-24'],
      ['patient', '2027-05-29'],
    ]);
    expect(due[0]).toMatchObject({ recallTypeName: 'Cleaning', status: 'active' });
  });
});
