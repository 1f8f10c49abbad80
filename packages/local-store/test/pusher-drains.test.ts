import 'fake-indexeddb/auto';
import { PUSH_PATH, type PushAction } from '@dental/domain/sync/protocol';
import { describe, expect, it } from 'vitest';
import { closeStore } from '../src/db/open.ts';
import type { PusherEvent } from '../src/outbox/pusher.ts';
import { FakeServer } from './support/fake-server.ts';
import { aPusher } from './support/pusher.ts';
import { anUnlockedStore, aPatientInput } from './support/store.ts';

const patient = (index: number) => aPatientInput({ lastName: `Kick${index}` });

describe('pusher drains', () => {
  it('kicks made while a drain runs share one more pass: one drained, not one per change', async () => {
    const { local } = await anUnlockedStore();
    await local.patients.create(patient(0));
    const server = new FakeServer();
    let release = () => {};
    server.script.push({
      kind: 'hold',
      gate: new Promise<void>((resolve) => {
        release = resolve;
      }),
      reached: () => {},
    });
    const { pusher, types } = aPusher(local, { server });
    const first = pusher.drain();
    // A receptionist keeps typing while the first change is on its way: each write kicks the pusher.
    const kicks = [];
    for (let index = 1; index <= 20; index += 1) {
      await local.patients.create(patient(index));
      kicks.push(pusher.kick());
    }
    release();
    expect(await first).toBe('drained');
    expect(new Set(await Promise.all(kicks))).toEqual(new Set(['drained']));
    expect(server.applied).toBe(21);
    expect(types().filter((type) => type === 'drained').length).toBeLessThanOrEqual(2);
  });

  // Vitest fails the run on any unhandled rejection, which is what this guards against.
  it('a store closed while batches are in flight ends the drain as closed, with no unhandled rejection', async () => {
    const { local, store } = await anUnlockedStore();
    for (let index = 0; index < 7; index += 1) await local.patients.create(patient(index));
    const fetch = (async (_url: string, init?: RequestInit) => {
      const { actions } = JSON.parse(String(init?.body)) as { actions: PushAction[] };
      const results = actions.map((action) => ({ id: action.id, status: 201, body: action.body, retryAfter: null }));
      return new Response(JSON.stringify({ results }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof globalThis.fetch;
    let closed = false;
    const pusher = local.sync.pusher({
      fetch,
      clientSchema: 1,
      batchEndpoint: PUSH_PATH,
      batchSize: 3,
      onEvent: (_event: PusherEvent) => {
        if (closed) return;
        closed = true;
        // The tab reloads, or the user switches practice, while the next batch is already on its way.
        closeStore(store);
      },
    });
    expect(await pusher.drain()).toBe('closed');
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
});
