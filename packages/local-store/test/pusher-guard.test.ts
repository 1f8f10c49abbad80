import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeServer } from './support/fake-server.ts';
import { aPusher } from './support/pusher.ts';
import { anUnlockedStore, aPatientInput } from './support/store.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('one pusher at a time', () => {
  it('two drains of the same store in one page send each entry once', async () => {
    const { local } = await anUnlockedStore();
    for (let n = 0; n < 2; n += 1) await local.patients.create(aPatientInput());
    const server = new FakeServer();
    const [a, b] = [aPusher(local, { server }), aPusher(local, { server })];
    const results = await Promise.all([a.pusher.drain(), b.pusher.drain(), a.pusher.kick()]);
    expect(results).toEqual(['drained', 'drained', 'drained']);
    expect(server.mutations()).toHaveLength(2);
    expect(server.applied).toBe(2);
  });

  it('an entry queued while a drain runs is sent by that drain', async () => {
    const { local, store } = await anUnlockedStore();
    await local.patients.create(aPatientInput());
    const server = new FakeServer();
    const { pusher } = aPusher(local, { server });
    const first = pusher.drain();
    await local.patients.create(aPatientInput());
    const second = pusher.kick();
    expect(await first).toBe('drained');
    expect(await second).toBe('drained');
    expect(await store.db.outbox.count()).toBe(0);
    expect(server.applied).toBe(2);
  });

  it('holds the Web Lock named after the store while draining', async () => {
    const names: string[] = [];
    const locks = {
      request: async (name: string, callback: () => Promise<unknown>) => {
        names.push(name);
        return callback();
      },
    };
    vi.stubGlobal('navigator', { locks });
    const { local, store } = await anUnlockedStore();
    await local.patients.create(aPatientInput());
    expect(await aPusher(local).pusher.drain()).toBe('drained');
    expect(names).toEqual([`dentalflow-outbox-${store.db.name}`]);
  });
});
