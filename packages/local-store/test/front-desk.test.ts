import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { checkIn, checkOut, createAppointment } from '../src/appointment-commands.ts';
import { queueRecall, queueSurvey } from '../src/check-out-commands.ts';
import { CommandValidationError } from '../src/commands.ts';
import { openValue } from '../src/crypto/seal.ts';
import { describe as describeEntry, discard, listAttention, retry } from '../src/outbox/attention.ts';
import { pendingCount } from '../src/outbox/queue.ts';
import { createPatient } from '../src/patient-commands.ts';
import { readAppointmentsForDay } from '../src/reads.ts';
import type { OutboxEntry } from '../src/rows.ts';
import type { LocalStore } from '../src/store.ts';
import { aPusher } from './support/pusher.ts';
import { anUnlockedStore, aPatientInput, FIXED_NOW } from './support/store.ts';

const NINE_AM = '2026-11-23T09:00:00.000Z';

/** A scripted step that lets the request through to the fake server unchanged. */
const passThrough = () => ({ kind: 'hold', gate: Promise.resolve(), reached: () => {} }) as const;

async function aBooking() {
  const { store, key } = await anUnlockedStore();
  const { patient } = await createPatient(store, key, aPatientInput());
  const { appointment } = await createAppointment(store, key, {
    patientId: patient.id,
    providerId: 2,
    treatmentRoom: 'Room 3',
    appointmentDate: NINE_AM,
    procedure: 'Cleaning',
  });
  return { store, key, patient, appointment };
}

async function bodyOf(store: LocalStore, key: Parameters<typeof openValue>[0], entry: OutboxEntry) {
  if (!entry.body) throw new Error('the entry has no body');
  const opened = await openValue(key, store.practiceId, 'outbox', entry.id, entry.body);
  if (!opened.ok) throw new Error('the body cannot be opened');
  return opened.plain;
}

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

describe('check-in and check-out commands', () => {
  it('checks in with spec 7 field set: in progress at once, PATCH status checked-in with the stamp', async () => {
    const { store, key, appointment } = await aBooking();
    const { appointment: checkedIn, entry } = await checkIn(store, key, appointment.id, {
      arrivalTime: '08:52',
      waitingArea: 'pediatric',
      checkInNotes: 'Wheelchair access',
      insuranceVerified: true,
      emergencyContactConfirmed: true,
      medicalHistoryUpdated: false,
    });
    expect(checkedIn).toMatchObject({
      status: 'in-progress',
      checkedInAt: FIXED_NOW,
      arrivalTime: '08:52',
      waitingArea: 'pediatric',
      checkInNotes: 'Wheelchair access',
      version: 0,
    });
    expect(entry).toMatchObject({ method: 'PATCH', endpoint: `/api/appointments/${appointment.id}` });
    expect(await bodyOf(store, key, entry)).toEqual({
      status: 'checked-in',
      checkedInAt: FIXED_NOW,
      arrivalTime: '08:52',
      waitingArea: 'pediatric',
      checkInNotes: 'Wheelchair access',
      insuranceVerified: true,
      emergencyContactConfirmed: true,
      medicalHistoryUpdated: false,
    });
    // The check-in notes are sealed with the rest of the record, never stored in clear.
    const row = await store.db.appointments.get(appointment.id);
    expect(JSON.stringify(row)).not.toContain('Wheelchair');
    const [stored] = await readAppointmentsForDay(store, key, '2026-11-23');
    expect(stored).toMatchObject({ status: 'in-progress', waitingArea: 'pediatric' });
  });

  it('refuses an unknown waiting area and writes nothing', async () => {
    const { store, key, appointment } = await aBooking();
    const before = await store.db.outbox.count();
    await expect(
      checkIn(store, key, appointment.id, { arrivalTime: '08:52', waitingArea: 'lobby' }),
    ).rejects.toBeInstanceOf(CommandValidationError);
    expect(await store.db.outbox.count()).toBe(before);
  });

  it('checks out with payment when given, and without any payment field when not (offline)', async () => {
    const { store, key, appointment } = await aBooking();
    await checkIn(store, key, appointment.id, { arrivalTime: '08:52', waitingArea: 'main' });
    const { appointment: done, entry } = await checkOut(store, key, appointment.id, {
      treatmentCompleted: true,
      patientSatisfaction: 5,
      paymentCollected: true,
      paymentAmount: 120.5,
      paymentMethod: 'card',
      notes: 'All good',
    });
    expect(done).toMatchObject({ status: 'completed', completedAt: FIXED_NOW, paymentAmount: 120.5 });
    expect(await bodyOf(store, key, entry)).toMatchObject({
      status: 'completed',
      completedAt: FIXED_NOW,
      treatmentCompleted: true,
      patientSatisfaction: 5,
      paymentCollected: true,
      paymentAmount: 120.5,
      paymentMethod: 'card',
      notes: 'All good',
    });

    const other = await aBooking();
    const offline = await checkOut(other.store, other.key, other.appointment.id, {
      treatmentCompleted: true,
      visitRating: 'good',
    });
    const sent = (await bodyOf(other.store, other.key, offline.entry)) as Record<string, unknown>;
    expect(Object.keys(sent).sort()).toEqual(['completedAt', 'status', 'treatmentCompleted', 'visitRating']);
  });
});

describe('send-only entries (recalls and surveys of a check-out)', () => {
  it('queues a recall and a survey without touching any local table, and sends them in order', async () => {
    const { store, key, patient, appointment } = await aBooking();
    const recall = await queueRecall(store, key, recallFor(patient.id));
    const survey = await queueSurvey(store, key, {
      patientId: patient.id,
      appointmentId: appointment.id,
      type: 'satisfaction',
      method: 'email',
      treatmentCompleted: true,
      providerName: 'Dr. Okafor',
      treatmentDate: '2026-11-23',
    });
    expect(recall).toMatchObject({ method: 'POST', endpoint: '/api/recalls', previous: null, applied: null });
    expect(recall.entity.table).toBe('recalls');
    expect(survey.entity.table).toBe('survey_sends');
    expect(await describeEntry(store, key, recall)).toBe('Record recall due 2027-05-23');
    expect(await describeEntry(store, key, survey)).toBe('Send satisfaction survey by email');
    expect(await bodyOf(store, key, recall)).toMatchObject({ ...recallFor(patient.id), status: 'active' });

    const { pusher, server } = aPusher(store, key);
    expect(await pusher.drain()).toBe('drained');
    const paths = server.mutations().map((request) => `${request.method} ${request.path}`);
    expect(paths).toEqual([
      'POST /api/patients',
      'POST /api/appointments',
      'POST /api/recalls',
      'POST /api/surveys/send',
    ]);
    const sent = server.mutations()[2];
    expect(sent?.headers['idempotency-key']).toBe(recall.id);
    expect(sent?.body).toMatchObject({ dueDate: '2027-05-23', recallTypeId: 1, createdBy: store.userId });
    expect(await store.db.outbox.count()).toBe(0);
    // The acknowledgement left the appointment as the server answered it and created no stray rows.
    expect(await store.db.appointments.count()).toBe(1);
    expect(await store.db.patients.count()).toBe(1);
  });

  it('sends a recall queued offline exactly once, also when the first acknowledgement is lost', async () => {
    const { store, key, patient } = await aBooking();
    await queueRecall(store, key, recallFor(patient.id));
    const { pusher, server } = aPusher(store, key);
    server.script.push(passThrough(), passThrough(), { kind: 'lost-ack' });
    await pusher.drain();
    const recalls = [...server.rows.keys()].filter((name) => name.startsWith('recalls/'));
    expect(recalls).toHaveLength(1);
    expect(await pendingCount(store)).toBe(0);
  });

  it('lands a refused recall in Needs attention with the server reason, rolls nothing back, and keeps draining', async () => {
    const { store, key, patient, appointment } = await aBooking();
    const { pusher, server, types } = aPusher(store, key);
    await pusher.drain();
    await checkIn(store, key, appointment.id, { arrivalTime: '08:52', waitingArea: 'main' });
    await queueRecall(store, key, recallFor(patient.id));
    await checkOut(store, key, appointment.id, { treatmentCompleted: true });
    server.script.push(passThrough(), {
      kind: 'respond',
      status: 400,
      body: { error: 'Bad Request', message: 'recallTypeId is not a recall type of this practice' },
    });
    await pusher.drain();
    expect(types().slice(-4)).toEqual(['sent', 'attention', 'sent', 'drained']);
    const [item] = await listAttention(store, key);
    expect(item?.description).toBe('Record recall due 2027-05-23');
    expect(item?.reason).toBe('recallTypeId is not a recall type of this practice');
    expect(item?.body).toMatchObject({ recallTypeId: 1 });
    // The check-out after it went through and is still shown: a refused recall undoes nothing else.
    const [stored] = await readAppointmentsForDay(store, key, '2026-11-23');
    expect(stored?.status).toBe('completed');

    const again = await retry(store, key, item?.entry.id ?? '', { ...recallFor(patient.id), recallTypeId: 2 });
    expect(again).toMatchObject({ state: 'pending', applied: null });
    await pusher.drain();
    expect(server.mutations().at(-1)).toMatchObject({ path: '/api/recalls', body: { recallTypeId: 2 } });
    expect(await store.db.outbox.count()).toBe(0);
  });

  it('discards a refused survey without touching any table', async () => {
    const { store, key, patient, appointment } = await aBooking();
    const { pusher, server } = aPusher(store, key);
    await pusher.drain();
    await queueSurvey(store, key, {
      patientId: patient.id,
      appointmentId: appointment.id,
      type: 'satisfaction',
      method: 'text',
      treatmentCompleted: true,
      providerName: 'Dr. Okafor',
      treatmentDate: '2026-11-23',
    });
    server.script.push({ kind: 'respond', status: 403, body: { error: 'Forbidden', message: 'No permission.' } });
    await pusher.drain();
    const [item] = await listAttention(store, key);
    expect(item?.description).toBe('Send satisfaction survey by text');
    expect(await discard(store, item?.entry.id ?? '')).toBe(true);
    expect(await store.db.outbox.count()).toBe(0);
    expect(await store.db.appointments.count()).toBe(1);
  });

  it('refuses a recall without a due date before queueing it', async () => {
    const { store, key, patient } = await aBooking();
    const before = await store.db.outbox.count();
    await expect(queueRecall(store, key, { ...recallFor(patient.id), dueDate: '23/05/2027' })).rejects.toMatchObject({
      issues: [{ field: 'dueDate', message: 'dueDate must be a date (YYYY-MM-DD)' }],
    });
    expect(await store.db.outbox.count()).toBe(before);
  });
});
