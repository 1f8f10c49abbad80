import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { BARE_CONFLICT_MESSAGE, friendlyConflictMessage } from '../src/outbox/describe.ts';
import { pendingCount } from '../src/outbox/queue.ts';
import { BACKOFF_CAP_MS, backoffDelay, classify, retryAfterMs } from '../src/outbox/retry.ts';
import { aPusher } from './support/pusher.ts';
import { anAppointmentInput, anUnlockedStore, aPatientInput } from './support/store.ts';

const NINE_AM = '2026-11-23T09:00:00.000Z';

async function aBookedStore() {
  const { local, store, key } = await anUnlockedStore();
  const { patient } = await local.patients.create(aPatientInput({ city: 'Toronto' }));
  await aPusher(local).pusher.drain();
  return { local, store, key, patient };
}

function booking(patientId: string) {
  return anAppointmentInput({ patientId, appointmentDate: NINE_AM, treatmentRoom: 'Room 3' });
}

describe('refused changes', () => {
  it('moves a poison change to attention with its message, rolls it back, and keeps draining', async () => {
    const { local, store } = await anUnlockedStore();
    const poison = await local.patients.create(aPatientInput({ firstName: 'Poison' }));
    await local.patients.create(aPatientInput({ firstName: 'Second' }));
    await local.patients.create(aPatientInput({ firstName: 'Third' }));
    const { pusher, server, types } = aPusher(local);
    server.script.push({
      kind: 'respond',
      status: 400,
      body: { error: 'Bad Request', message: 'Please enter a valid North American phone number (10 digits)' },
    });

    expect(await pusher.drain()).toBe('drained');

    expect(types()).toEqual(['attention', 'sent', 'sent', 'drained']);
    expect((await local.patients.all()).map((patient) => patient.firstName).sort()).toEqual(['Second', 'Third']);
    const [item] = await local.outbox.needingAttention();
    expect(item?.entry.id).toBe(poison.entry.id);
    expect(item?.failure).toMatchObject({
      status: 400,
      message: 'Please enter a valid North American phone number (10 digits)',
    });
    expect(item?.description).toBe('Create patient Poison Thistlewood');
    expect(item?.reason).toBe('Please enter a valid North American phone number (10 digits)');
    expect(await pendingCount(store)).toBe(0);
  });

  it('rolls an update back to the row it replaced', async () => {
    const { local, patient } = await aBookedStore();
    await local.patients.update(patient.id, { city: 'Ottawa' });
    const { pusher, server } = aPusher(local);
    server.script.push({ kind: 'respond', status: 422, body: { error: 'Unprocessable', message: 'No.' } });
    await pusher.drain();
    expect((await local.patients.all())[0]?.city).toBe('Toronto');
  });

  it('shows a room conflict in the words of spec 8', async () => {
    const { local, patient } = await aBookedStore();
    await local.appointments.create(booking(patient.id));
    expect(await local.appointments.onDay('2026-11-23')).toHaveLength(1);
    const { pusher, server } = aPusher(local);
    server.script.push({
      kind: 'respond',
      status: 409,
      body: {
        error: 'Conflict',
        message: 'The appointment conflicts with another booking.',
        conflicts: [{ type: 'room', severity: 'critical', time: '9:00 a.m.', room: 'Room 3', patient: 'Jane Doe' }],
      },
    });
    await pusher.drain();

    const [item] = await local.outbox.needingAttention();
    expect(item?.reason).toBe('9:00 a.m. in Room 3 is already booked by Jane Doe');
    expect(item?.description).toBe('Book appointment 2026-11-23 09:00 Room 3');
    expect(await local.appointments.onDay('2026-11-23')).toHaveLength(0);
  });

  it('words other conflicts as spec 8 does', () => {
    expect(friendlyConflictMessage({ status: 409, message: 'x', body: null })).toBe(BARE_CONFLICT_MESSAGE);
    expect(
      friendlyConflictMessage({
        status: 409,
        message: 'x',
        body: { conflicts: [{ type: 'provider', patient: 'Jane Doe', time: '9:00 a.m.' }] },
      }),
    ).toBe("This time slot conflicts with Jane Doe's appointment at 9:00 a.m.");
    expect(
      friendlyConflictMessage({
        status: 409,
        message: 'x',
        body: { conflicts: [{ type: 'maintenance', message: 'This room is unavailable due to Deep clean' }] },
      }),
    ).toBe('This room is unavailable due to Deep clean');
    expect(friendlyConflictMessage({ status: 409, message: 'Duplicate', body: null }, 'patients')).toBeNull();
    expect(friendlyConflictMessage({ status: 400, message: 'x', body: null })).toBeNull();
  });

  it('books despite the conflict when the user overrides', async () => {
    const { local, patient } = await aBookedStore();
    await local.appointments.create(booking(patient.id));
    const { pusher, server } = aPusher(local);
    server.script.push({ kind: 'respond', status: 409, body: { error: 'Conflict', message: 'Taken' } });
    await pusher.drain();
    const [item] = await local.outbox.needingAttention();
    if (!item) throw new Error('nothing needs attention');

    const requeued = await local.outbox.retryWithOverride(item.entry.id);
    expect(requeued?.id).not.toBe(item.entry.id);
    expect(await local.appointments.onDay('2026-11-23')).toHaveLength(1);
    await pusher.drain();

    expect(server.mutations().at(-1)?.body).toMatchObject({ override: true, treatmentRoom: 'Room 3' });
    expect(await local.outbox.needingAttention()).toEqual([]);
    expect((await local.appointments.onDay('2026-11-23'))[0]?.version).toBe(0);
  });

  it('discard removes the entry, explicitly', async () => {
    const { local, store } = await anUnlockedStore();
    await local.patients.create(aPatientInput());
    const { pusher, server } = aPusher(local);
    server.script.push({
      kind: 'respond',
      status: 409,
      body: { error: 'Conflict', message: 'This patient may already exist' },
    });
    await pusher.drain();
    const [item] = await local.outbox.needingAttention();
    expect(item?.reason).toBe('This patient may already exist');

    expect(await local.outbox.discard(item?.entry.id ?? '')).toBe(true);
    expect(await store.db.outbox.count()).toBe(0);
    expect(await store.db.patients.count()).toBe(0);
  });

  it('retry with changes re-queues at the end with the edited body and re-applies the row', async () => {
    const { local, store } = await anUnlockedStore();
    await local.patients.create(aPatientInput());
    const { pusher, server } = aPusher(local);
    server.script.push({ kind: 'respond', status: 422, body: { error: 'Unprocessable', message: 'Email bounced' } });
    await pusher.drain();
    const [item] = await local.outbox.needingAttention();
    if (!item) throw new Error('nothing needs attention');
    const later = await local.patients.create(aPatientInput({ firstName: 'Later' }));

    const edited = await local.outbox.retry(item.entry.id, { ...(item.body as object), email: 'new@example.ca' });
    expect(edited?.seq).toBeGreaterThan(later.entry.seq ?? Number.POSITIVE_INFINITY);
    expect(
      (await local.patients.all()).find(
        (patient) => patient.lastName === 'Thistlewood' && patient.firstName === 'Evangelina',
      )?.email,
    ).toBe('new@example.ca');

    await pusher.drain();
    const bodies = server.mutations().map((request) => request.body as { firstName: string; email: string });
    expect(bodies.map((body) => body.firstName)).toEqual(['Evangelina', 'Later', 'Evangelina']);
    expect(bodies.at(-1)?.email).toBe('new@example.ca');
    expect(await store.db.outbox.count()).toBe(0);
  });

  it('a later change to the same row is still sent, and goes to attention if it fails too', async () => {
    const { local, store } = await anUnlockedStore();
    const { patient } = await local.patients.create(aPatientInput());
    await local.patients.update(patient.id, { city: 'Ottawa' });
    const { pusher, server } = aPusher(local);
    server.script.push({ kind: 'respond', status: 409, body: { error: 'Conflict', message: 'Duplicate' } });
    await pusher.drain();

    const items = await local.outbox.needingAttention();
    expect(items.map((item) => [item.failure.status, item.description])).toEqual([
      [409, 'Create patient Evangelina Thistlewood'],
      [404, 'Update patient'],
    ]);
    // Both rolled back: the patient never reached the server, so it is not shown as saved.
    expect(await store.db.patients.count()).toBe(0);
  });
});

describe('transient failures', () => {
  it('honours Retry-After in seconds on 503', async () => {
    const { local } = await anUnlockedStore();
    await local.patients.create(aPatientInput());
    const { pusher, server, sleeps, types } = aPusher(local);
    server.script.push({ kind: 'respond', status: 503, headers: { 'retry-after': '120' } });
    expect(await pusher.drain()).toBe('drained');
    expect(sleeps).toEqual([120_000]);
    expect(types()).toEqual(['retrying', 'sent', 'drained']);
  });

  it('honours Retry-After as an HTTP date', () => {
    const now = Date.parse('2026-11-20T15:00:00Z');
    expect(retryAfterMs('Fri, 20 Nov 2026 15:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });

  it('backs off exponentially from 1 s to a 60 s cap, and retries network errors forever', async () => {
    const { local } = await anUnlockedStore();
    await local.patients.create(aPatientInput());
    const { pusher, server, sleeps } = aPusher(local);
    for (let n = 0; n < 9; n += 1) server.script.push({ kind: 'network' });
    await pusher.drain();
    expect(sleeps).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(server.applied).toBe(1);
    expect(backoffDelay(3, () => 0)).toBe(2000);
    expect(backoffDelay(40, () => 1)).toBe(BACKOFF_CAP_MS);
  });

  it('reports "stuck" after 5 consecutive failures and keeps the entry', async () => {
    const { local, store } = await anUnlockedStore();
    await local.patients.create(aPatientInput());
    const { pusher, server, types } = aPusher(local, {
      onEvent: (event, self) => {
        if (event.type === 'stuck') self.stop();
      },
    });
    for (let n = 0; n < 50; n += 1) server.script.push({ kind: 'respond', status: 500 });

    expect(await pusher.drain()).toBe('stopped');

    expect(types()).toEqual(['retrying', 'retrying', 'retrying', 'retrying', 'retrying', 'stuck']);
    const [entry] = await store.db.outbox.toArray();
    expect(entry?.attempts).toBe(5);
    expect(entry?.state).toBe('pending');
    expect(entry?.lastError).toBe('HTTP 500');
    expect(await store.db.patients.count()).toBe(1);
    expect(await local.outbox.counts()).toEqual({ pending: 1, attention: 0, stuck: true });

    // A reconnect starts the backoff over: the failures before it say nothing about the server now.
    await pusher.kick({ resetBackoff: true });
    expect(await local.outbox.counts()).toEqual({ pending: 1, attention: 0, stuck: false });
  });

  it('classifies statuses', () => {
    expect([200, 201, 204].map(classify)).toEqual(['accepted', 'accepted', 'accepted']);
    expect([400, 403, 404, 409, 422].map(classify)).toEqual(['refused', 'refused', 'refused', 'refused', 'refused']);
    expect([408, 429, 500, 502, 503].map(classify)).toEqual(['retry', 'retry', 'retry', 'retry', 'retry']);
    expect(classify(401)).toBe('signed-out');
  });
});
