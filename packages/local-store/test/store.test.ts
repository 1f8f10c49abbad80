import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openStore } from '../src/db/open.ts';
import { pendingCount, unsentCount } from '../src/outbox/queue.ts';
import { aPusher } from './support/pusher.ts';
import { anUnlockedStore, aPatientInput, utcCalendar } from './support/store.ts';

describe('store lifecycle', () => {
  it('refuses to clear while changes are unsent, unless forced', async () => {
    const { local, store } = await anUnlockedStore();
    await local.patients.create(aPatientInput());
    expect(await pendingCount(store)).toBe(1);

    expect(await local.clear()).toEqual({ ok: false, unsent: 1 });
    expect(await store.db.patients.count()).toBe(1);

    expect(await local.clear({ force: true })).toEqual({ ok: true });
    const fresh = await openStore({ practiceId: store.practiceId, userId: store.userId, calendar: utcCalendar });
    expect(await unsentCount(fresh)).toBe(0);
    expect(await fresh.db.meta.get('wrappedKey')).toBeUndefined();
  });

  it('clears once everything has been sent', async () => {
    const { local } = await anUnlockedStore();
    await local.patients.create(aPatientInput());
    await aPusher(local).pusher.drain();
    expect(await local.clear()).toEqual({ ok: true });
  });

  it('a locked key stops the pusher without touching the queue', async () => {
    const { local, store, key } = await anUnlockedStore();
    await local.patients.create(aPatientInput());
    key.lock();
    const { pusher, server } = aPusher(local);
    expect(await pusher.drain()).toBe('locked');
    expect(server.requests).toHaveLength(0);
    expect(await pendingCount(store)).toBe(1);
  });
});
