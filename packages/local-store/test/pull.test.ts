import 'fake-indexeddb/auto';
import type { PullChange } from '@dental/domain/sync/protocol';
import { describe, expect, it } from 'vitest';
import { getMeta } from '../src/db/meta.ts';
import type { LocalStore } from '../src/local-store.ts';
import { NOTHING_YET } from '../src/sync/fill.ts';
import { isStale, readFillState } from '../src/sync/status.ts';
import { FakeServer } from './support/fake-server.ts';
import { aPusher, CLIENT_SCHEMA } from './support/pusher.ts';
import { anUnlockedStore, aPatientInput, FIXED_NOW, rawDump } from './support/store.ts';

let version = 0;

function patientChange(id: string, firstName: string, practiceId = 1): PullChange {
  version += 1;
  return {
    table: 'patients',
    op: 'upsert',
    id,
    version,
    row: { id, practiceId, firstName, lastName: 'Pulled', phone: '6135550100', status: 'active', isActive: true },
  };
}

function tombstone(table: PullChange['table'], id: string): PullChange {
  version += 1;
  return { table, op: 'delete', id, version };
}

function pull(local: LocalStore, server: FakeServer, limit = 100) {
  return local.sync.pull({ fetch: server.fetch, clientSchema: CLIENT_SCHEMA, limit });
}

async function names(local: LocalStore): Promise<string[]> {
  return (await local.patients.all()).map((patient) => patient.firstName).sort();
}

describe('pulling changes', () => {
  it('pages until hasMore is false and saves the cursor', async () => {
    const { local, store } = await anUnlockedStore();
    const server = new FakeServer();
    const changes = ['Ada', 'Bea', 'Cal', 'Dot', 'Eve'].map((name, n) => patientChange(`p${n}`, name));
    version += 1;
    changes.push({
      table: 'treatment_rooms',
      op: 'upsert',
      id: '3',
      version,
      row: { id: 3, name: 'Room 3', practiceId: 1 },
    });
    server.feed.set(1, changes);
    const pages: number[] = [];
    const progress: unknown[] = [];
    expect(await readFillState(store.db)).toEqual(NOTHING_YET);

    const result = await local.sync.pull({
      fetch: server.fetch,
      clientSchema: CLIENT_SCHEMA,
      limit: 2,
      onPage: (page) => {
        pages.push(page.applied);
        progress.push(page.fill.phase === 'idle' ? 'idle' : page.fill.tables);
      },
    });

    expect(result).toEqual({ pages: 3, applied: 6, skipped: 0, lastSyncedAt: FIXED_NOW });
    expect(pages).toEqual([2, 2, 2]);
    // Records received and the total, per table, page by page; whole at the end.
    expect(progress).toEqual([
      { patients: { received: 2, total: 5 }, treatment_rooms: { received: 0, total: 1 } },
      { patients: { received: 4, total: 5 }, treatment_rooms: { received: 0, total: 1 } },
      'idle',
    ]);
    expect((await readFillState(store.db)).phase).toBe('idle');
    expect(await names(local)).toEqual(['Ada', 'Bea', 'Cal', 'Dot', 'Eve']);
    expect(await local.reference('treatment_rooms')).toEqual([
      { id: '3', name: 'Room 3', practiceId: 1, version: changes[5]?.version },
    ]);
    expect(await getMeta(store.db, 'cursor')).toBe(String(version));
    expect(server.requests.map((request) => request.path)).toEqual([
      '/api/sync/pull?limit=2',
      `/api/sync/pull?limit=2&cursor=s${changes[1]?.version}`,
      `/api/sync/pull?limit=2&cursor=s${changes[3]?.version}`,
    ]);
    expect(server.requests[0]?.headers['x-practice-id']).toBe('1');
    // Quoted, or longer: a short name can turn up by chance inside the base64 of ciphertext.
    const dump = await rawDump(store);
    expect(dump).not.toContain('"Ada"');
    expect(dump).not.toContain('Pulled');
  });

  it('deletes rows named by tombstones', async () => {
    const { local } = await anUnlockedStore();
    const server = new FakeServer();
    server.feed.set(1, [patientChange('a', 'Ada'), patientChange('b', 'Bea')]);
    await pull(local, server);
    server.feed.get(1)?.push(tombstone('patients', 'a'));
    await pull(local, server);
    expect(await names(local)).toEqual(['Bea']);
  });

  it('a reset clears old rows but keeps the outbox and rows with pending changes', async () => {
    const { local, store } = await anUnlockedStore();
    const server = new FakeServer();
    server.feed.set(1, [patientChange('old', 'Stale')]);
    await pull(local, server);
    const { entry } = await local.patients.create(aPatientInput());

    server.forgotten.add(String(version));
    server.feed.set(1, [patientChange('fresh', 'Fresh')]);
    const result = await pull(local, server);

    expect(result.applied).toBe(1);
    expect(await names(local)).toEqual(['Evangelina', 'Fresh']);
    expect((await store.db.outbox.toArray()).map((queued) => queued.id)).toEqual([entry.id]);
  });

  it('never overwrites a row with a pending change; the server row is applied once the change is answered', async () => {
    const { local, store } = await anUnlockedStore();
    const server = new FakeServer();
    const { patient } = await local.patients.create(aPatientInput());
    await aPusher(local, { server }).pusher.drain();
    await local.patients.update(patient.id, { city: 'Ottawa' });

    version += 1;
    server.feed.set(1, [
      {
        table: 'patients',
        op: 'upsert',
        id: patient.id,
        version,
        row: { ...patient, firstName: 'Renamed', city: 'Toronto', status: 'active' },
      },
    ]);
    const result = await pull(local, server);
    expect(result).toMatchObject({ applied: 0, skipped: 1 });
    expect((await local.patients.all())[0]).toMatchObject({ firstName: 'Evangelina', city: 'Ottawa' });

    // The update is refused: the row becomes the server's latest, not the pre-edit copy.
    const { pusher } = aPusher(local, { server });
    server.script.push({ kind: 'respond', status: 422, body: { error: 'Unprocessable', message: 'No' } });
    await pusher.drain();
    expect((await local.patients.all())[0]).toMatchObject({ firstName: 'Renamed', city: 'Toronto', version });
    expect(await store.db.deferred.count()).toBe(0);
  });

  it('keeps practices apart: separate databases, and a pull fills only its own', async () => {
    const one = await anUnlockedStore({ practiceId: 1, userId: 42 });
    const two = await anUnlockedStore({ practiceId: 2, userId: 42 });
    expect(one.store.db.name).toBe('dentalflow-u42-p1');
    expect(two.store.db.name).toBe('dentalflow-u42-p2');
    const server = new FakeServer();
    server.feed.set(1, [patientChange('p1', 'FirstPractice', 1)]);
    server.feed.set(2, [patientChange('p2', 'SecondPractice', 2)]);

    await pull(one.local, server);
    expect(await names(one.local)).toEqual(['FirstPractice']);
    expect(await two.store.db.patients.count()).toBe(0);

    await pull(two.local, server);
    expect(await names(two.local)).toEqual(['SecondPractice']);
    expect(await names(one.local)).toEqual(['FirstPractice']);
    // A store can only ask for its own practice's feed: the practice comes from the store, not the caller.
    expect(server.requests.map((request) => request.headers['x-practice-id'])).toEqual(['1', '2']);
  });

  it('stores appointments under the practice day and keeps patient names sealed', async () => {
    const { local, store } = await anUnlockedStore();
    const server = new FakeServer();
    version += 1;
    server.feed.set(1, [
      {
        table: 'appointments',
        op: 'upsert',
        id: 'a1',
        version,
        row: {
          id: 'a1',
          practiceId: 1,
          patientId: 'p1',
          providerId: 2,
          treatmentRoom: 'Room 1',
          appointmentDate: '2026-11-23T14:00:00.000Z',
          duration: 30,
          status: 'scheduled',
          patientName: 'Gwendolyn Fairweather',
          patient: { firstName: 'Gwendolyn', lastName: 'Fairweather' },
          procedure: 'Root canal',
        },
      },
    ]);
    await pull(local, server);
    const [appointment] = await local.appointments.onDay('2026-11-23');
    expect(appointment).toMatchObject({ patientName: 'Gwendolyn Fairweather', day: '2026-11-23', version });
    const dump = await rawDump(store);
    expect(dump).not.toContain('Gwendolyn');
    expect(dump).not.toContain('Root canal');
  });

  it('reports a refused pull with the server message', async () => {
    const { local } = await anUnlockedStore();
    const failing: typeof fetch = async () =>
      new Response(JSON.stringify({ error: 'Forbidden', message: 'Access denied to this practice' }), { status: 403 });
    await expect(local.sync.pull({ fetch: failing, clientSchema: CLIENT_SCHEMA })).rejects.toMatchObject({
      status: 403,
      message: 'Access denied to this practice',
    });
  });

  it('a page that fails stops the pull: the pages before it stay, in order, with their cursor', async () => {
    const { local, store } = await anUnlockedStore();
    const server = new FakeServer();
    const changes = ['Ada', 'Bea', 'Cal', 'Dot', 'Eve', 'Fay'].map((name, n) => patientChange(`p${n}`, name));
    server.feed.set(1, changes);
    let requests = 0;
    // The third page's request fails while the second page is still being sealed and written.
    const failing: typeof fetch = (input, init) => {
      requests += 1;
      if (requests === 3) return Promise.reject(new TypeError('Failed to fetch'));
      return server.fetch(input, init);
    };
    const written: number[] = [];
    await expect(
      local.sync.pull({
        fetch: failing,
        clientSchema: CLIENT_SCHEMA,
        limit: 2,
        onPage: (page) => written.push(page.page),
      }),
    ).rejects.toThrow('Failed to fetch');
    expect(written).toEqual([1, 2]);
    expect(await names(local)).toEqual(['Ada', 'Bea', 'Cal', 'Dot']);
    expect(await getMeta(store.db, 'cursor')).toBe(`s${changes[3]?.version}`);

    await local.sync.pull({ fetch: server.fetch, clientSchema: CLIENT_SCHEMA, limit: 2 });
    expect(await names(local)).toEqual(['Ada', 'Bea', 'Cal', 'Dot', 'Eve', 'Fay']);
    expect((await readFillState(store.db)).phase).toBe('idle');
  });

  it('calls a copy stale after an hour without a pull', () => {
    const now = Date.parse('2026-11-20T15:00:00Z');
    expect(isStale('2026-11-20T14:30:00Z', now)).toBe(false);
    expect(isStale('2026-11-20T13:59:00Z', now)).toBe(true);
    expect(isStale(null, now)).toBe(true);
    expect(isStale(now - 5 * 60_000, now, 60_000)).toBe(true);
  });
});
