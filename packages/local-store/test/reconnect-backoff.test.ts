import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { BACKOFF_BASE_MS } from '../src/outbox/retry.ts';
import { FakeServer } from './support/fake-server.ts';
import { aPusher } from './support/pusher.ts';
import { anUnlockedStore, aPatientInput } from './support/store.ts';

/** What eight hours offline leave behind: hundreds of failed attempts, the next one a minute away. */
const AFTER_AN_OUTAGE = { attempts: 480, nextAttemptAt: Date.parse('2026-11-20T15:01:00Z') };

async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 1));
}

describe('reconnect after a long outage', () => {
  it('starts the backoff over, so a failure during the catch-up waits one step rather than the cap', async () => {
    const { local, store } = await anUnlockedStore();
    await local.patients.create(aPatientInput());
    await store.db.outbox.toCollection().modify(AFTER_AN_OUTAGE);
    const { pusher, server, sleeps } = aPusher(local);
    // The connection is back, but the first attempt meets a server that is restarting.
    server.script.push({ kind: 'network' });

    expect(await pusher.kick({ resetBackoff: true })).toBe('drained');

    expect(sleeps).toEqual([BACKOFF_BASE_MS]);
    expect(server.applied).toBe(1);
  });

  it('keeps the fresh start when an attempt made before the reconnect fails after it', async () => {
    const { local, store } = await anUnlockedStore();
    await local.patients.create(aPatientInput());
    await store.db.outbox.toCollection().modify({ ...AFTER_AN_OUTAGE, nextAttemptAt: 0 });
    const server = new FakeServer();
    let requests = 0;
    let dropConnection = () => {};
    const fetch: typeof globalThis.fetch = async (input, init) => {
      requests += 1;
      if (requests > 1) return server.fetch(input, init);
      // Sent on a connection that died with the outage; it fails only after the network is back.
      await new Promise<void>((resolve) => {
        dropConnection = resolve;
      });
      throw new TypeError('network connection lost');
    };
    const { pusher, sleeps } = aPusher(local, { server, fetch });
    const draining = pusher.drain();
    await until(() => requests === 1);

    const reconnect = pusher.kick({ resetBackoff: true });
    await until(async () => (await store.db.outbox.toArray())[0]?.attempts === 0);
    dropConnection();

    expect(await draining).toBe('drained');
    expect(await reconnect).toBe('drained');
    expect(sleeps).toEqual([BACKOFF_BASE_MS]);
    expect(server.applied).toBe(1);
  });
});
