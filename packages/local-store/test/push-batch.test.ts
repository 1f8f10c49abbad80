import 'fake-indexeddb/auto';
import { PUSH_PATH, type PushAction } from '@dental/domain/sync/protocol';
import { describe, expect, it } from 'vitest';
import { createPatient } from '../src/commands/patients.ts';
import type { LocalStore } from '../src/local-store.ts';
import { pendingCount } from '../src/outbox/queue.ts';
import { anUnlockedStore, aPatientInput } from './support/store.ts';

type Answer = (action: PushAction) => { status: number; body?: unknown; retryAfter?: string };

/** A batch route that answers each action from `answer`, stopping at the first non-final one as the server does. */
function batchServer(answer: Answer) {
  const calls: PushAction[][] = [];
  const fetch = (async (url: string, init?: RequestInit) => {
    if (!String(url).endsWith(PUSH_PATH)) return new Response('{}', { status: 404 });
    const { actions } = JSON.parse(String(init?.body)) as { actions: PushAction[] };
    calls.push(actions);
    const results = [];
    for (const action of actions) {
      const { status, body = null, retryAfter = null } = answer(action);
      results.push({ id: action.id, status, body, retryAfter });
      if (status >= 500 || status === 429) break;
    }
    return new Response(JSON.stringify({ results }), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

async function threeQueued() {
  const { local, store, key } = await anUnlockedStore();
  for (const lastName of ['Ames', 'Bryce', 'Cole']) await local.patients.create(aPatientInput({ lastName }));
  return { local, store, key };
}

function pusherFor(local: LocalStore, fetch: typeof globalThis.fetch) {
  let clock = Date.parse('2026-11-20T15:00:00.000Z');
  return local.sync.pusher({
    fetch,
    clientSchema: 1,
    batchEndpoint: PUSH_PATH,
    now: () => clock,
    random: () => 1,
    sleep: async (ms) => {
      clock += ms;
    },
  });
}

describe('batched push', () => {
  it('sends the queue in one round trip and acknowledges each entry', async () => {
    const { local, store } = await threeQueued();
    const server = batchServer((action) => ({ status: 201, body: { ...(action.body as object), id: action.id } }));
    const pusher = pusherFor(local, server.fetch);
    await pusher.drain();
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]?.map((action) => (action.body as { lastName: string }).lastName)).toEqual([
      'Ames',
      'Bryce',
      'Cole',
    ]);
    expect(await pendingCount(store)).toBe(0);
  });

  it('a refused action goes to attention and the rest of the batch is still acknowledged', async () => {
    const { local, store } = await threeQueued();
    const server = batchServer((action) =>
      (action.body as { lastName: string }).lastName === 'Bryce'
        ? { status: 409, body: { message: 'This patient may already exist' } }
        : { status: 201, body: null },
    );
    await pusherFor(local, server.fetch).drain();
    expect(await store.db.outbox.where('state').equals('attention').count()).toBe(1);
    expect(await pendingCount(store)).toBe(0);
    expect((await local.patients.all()).map((p) => p.lastName).sort()).toEqual(['Ames', 'Cole']);
  });

  it('stops at a transient failure: the failed action and those after it stay queued, in order', async () => {
    const { local, store } = await threeQueued();
    let failing = true;
    const server = batchServer((action) =>
      failing && (action.body as { lastName: string }).lastName === 'Bryce'
        ? { status: 503, retryAfter: '2' }
        : { status: 201 },
    );
    const pusher = pusherFor(local, server.fetch);
    const first = pusher.drain();
    await new Promise((resolve) => setTimeout(resolve, 50));
    failing = false;
    await first;
    const sent = server.calls.flat().map((action) => (action.body as { lastName: string }).lastName);
    expect(sent.filter((name) => name === 'Ames')).toHaveLength(1);
    expect(sent.slice(-2)).toEqual(['Bryce', 'Cole']);
    expect(await pendingCount(store)).toBe(0);
  });

  it('sends later batches while earlier ones are acknowledged: each entry once, in order, refusals kept', async () => {
    const { local, store, key } = await anUnlockedStore();
    const total = 12;
    for (let index = 0; index < total; index += 1) {
      await createPatient(store, key, aPatientInput({ lastName: `Row${index}` }));
    }
    const server = batchServer((action) =>
      (action.body as { lastName: string }).lastName === 'Row7'
        ? { status: 409, body: { message: 'This patient may already exist' } }
        : { status: 201, body: { ...(action.body as object) } },
    );
    const pusher = local.sync.pusher({
      fetch: server.fetch,
      clientSchema: 1,
      batchEndpoint: PUSH_PATH,
      batchSize: 5,
    });
    expect(await pusher.drain()).toBe('drained');
    const sent = server.calls.flat().map((action) => (action.body as { lastName: string }).lastName);
    expect(server.calls.map((call) => call.length)).toEqual([5, 5, 2]);
    expect(sent).toEqual(Array.from({ length: total }, (_, index) => `Row${index}`));
    expect(await store.db.outbox.where('state').equals('attention').count()).toBe(1);
    expect(await pendingCount(store)).toBe(0);
    const shown = (await local.patients.all()).map((patient) => patient.lastName);
    expect(shown).toHaveLength(total - 1);
    expect(shown).not.toContain('Row7');
  });

  it('falls back to one request per entry when the server has no batch route', async () => {
    const { local, store } = await threeQueued();
    const singles: string[] = [];
    const fetch = (async (url: string) => {
      if (String(url).endsWith(PUSH_PATH)) return new Response('{}', { status: 404 });
      singles.push(String(url));
      return new Response('null', { status: 201 });
    }) as typeof globalThis.fetch;
    await pusherFor(local, fetch).drain();
    expect(singles).toHaveLength(3);
    expect(await pendingCount(store)).toBe(0);
  });
});
