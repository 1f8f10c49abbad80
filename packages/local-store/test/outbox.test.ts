import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { unlockStore } from '../src/crypto/keys.ts';
import { openStore } from '../src/db/open.ts';
import { localStore } from '../src/local-store.ts';
import { aHold, FakeServer } from './support/fake-server.ts';
import { aPusher } from './support/pusher.ts';
import { anUnlockedStore, aPatientInput, PASSWORD, utcCalendar } from './support/store.ts';

const people = [
  aPatientInput({ firstName: 'Annabel' }),
  aPatientInput({ firstName: 'Benedict' }),
  aPatientInput({ firstName: 'Cordelia' }),
];

describe('the outbox', () => {
  it('writes the row and its entry together, and sends entries in FIFO order', async () => {
    const { local, store } = await anUnlockedStore();
    const queued = [];
    for (const person of people) queued.push(await local.patients.create(person));
    expect(await store.db.patients.count()).toBe(3);
    expect((await store.db.outbox.toArray()).map((entry) => entry.entity.id)).toEqual(
      queued.map(({ patient }) => patient.id),
    );

    const { pusher, server, types } = aPusher(local);
    expect(await pusher.drain()).toBe('drained');

    expect(server.mutations().map((request) => (request.body as { firstName: string }).firstName)).toEqual([
      'Annabel',
      'Benedict',
      'Cordelia',
    ]);
    expect(await store.db.outbox.count()).toBe(0);
    expect(types()).toEqual(['sent', 'sent', 'sent', 'drained']);
  });

  it('sends the contract headers and credentials', async () => {
    const { local } = await anUnlockedStore({ practiceId: 7 });
    const { entry } = await local.patients.create(aPatientInput());
    const server = new FakeServer();
    let init: RequestInit | undefined;
    const spy: typeof fetch = (input, requestInit) => {
      init = requestInit;
      return server.fetch(input, requestInit);
    };
    await aPusher(local, { server, fetch: spy }).pusher.drain();
    const [request] = server.mutations();
    expect(request?.headers['idempotency-key']).toBe(entry.id);
    expect(request?.headers['x-practice-id']).toBe('7');
    expect(request?.headers['x-client-schema']).toBe('1');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(init?.credentials).toBe('include');
    expect(request?.body).toMatchObject({
      firstName: 'Evangelina',
      practiceId: 7,
      isActive: true,
      id: entry.entity.id,
    });
  });

  it('applies exactly once when the acknowledgement is lost', async () => {
    const { local, store } = await anUnlockedStore();
    await local.patients.create(aPatientInput());
    const { pusher, server, types } = aPusher(local);
    server.script.push({ kind: 'lost-ack' });

    expect(await pusher.drain()).toBe('drained');

    expect(server.mutations()).toHaveLength(2);
    expect(server.mutations()[0]?.headers['idempotency-key']).toBe(server.mutations()[1]?.headers['idempotency-key']);
    expect(server.applied).toBe(1);
    expect(server.rows.size).toBe(1);
    expect(await store.db.outbox.count()).toBe(0);
    expect(types()).toEqual(['retrying', 'sent', 'drained']);
  });

  it('survives a reload in the middle of a push: the entry is resent and applied once', async () => {
    const first = await anUnlockedStore();
    await first.local.patients.create(aPatientInput());
    const server = new FakeServer();
    const hold = aHold();
    server.script.push(hold.step);
    const { pusher } = aPusher(first.local, { server });
    const draining = pusher.drain();
    await hold.reached;
    first.store.db.close();
    hold.open();
    expect(await draining).toBe('closed');
    expect(server.applied).toBe(1);

    const reopened = await openStore({
      practiceId: first.store.practiceId,
      userId: first.store.userId,
      calendar: utcCalendar,
    });
    expect(await reopened.db.outbox.count()).toBe(1);
    const local = localStore(reopened, await unlockStore(reopened.db, PASSWORD));
    expect(await aPusher(local, { server }).pusher.drain()).toBe('drained');

    expect(server.applied).toBe(1);
    expect(server.mutations()).toHaveLength(2);
    expect(await reopened.db.outbox.count()).toBe(0);
    expect((await local.patients.all()).map((patient) => patient.firstName)).toEqual(['Evangelina']);
  });

  it('replaces the optimistic row with the server row once acknowledged', async () => {
    const { local } = await anUnlockedStore();
    const { patient } = await local.patients.create(aPatientInput());
    await aPusher(local).pusher.drain();
    const [stored] = await local.patients.all();
    expect(stored?.id).toBe(patient.id);
    expect(stored?.updatedAt).toBe('server');
  });

  it('keeps the optimistic row while a later change to it is still queued', async () => {
    const { local } = await anUnlockedStore();
    const { patient } = await local.patients.create(aPatientInput());
    await local.patients.update(patient.id, { city: 'Ottawa' });
    const server = new FakeServer();
    const hold = aHold();
    server.script.push({ kind: 'respond', status: 201, body: { ...patient, city: 'Toronto', updatedAt: 'server' } });
    server.script.push(hold.step);
    const draining = aPusher(local, { server }).pusher.drain();
    await hold.reached;
    expect((await local.patients.all())[0]?.city).toBe('Ottawa');
    hold.open();
    await draining;
  });

  it('pauses on 401 without counting a failure, and resumes after sign-in', async () => {
    const { local, store } = await anUnlockedStore();
    await local.patients.create(aPatientInput());
    const { pusher, server, types } = aPusher(local);
    server.script.push({ kind: 'respond', status: 401, body: { error: 'Unauthorized', message: 'Please sign in' } });

    expect(await pusher.drain()).toBe('signed-out');
    const [entry] = await store.db.outbox.toArray();
    expect(entry?.state).toBe('pending');
    expect(entry?.attempts).toBe(0);

    expect(await pusher.resume()).toBe('drained');
    expect(types()).toEqual(['signed-out', 'sent', 'drained']);
    expect(server.applied).toBe(1);
  });
});
