import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { lock } from '../src/crypto/keys.ts';
import { pendingCount, unsentCount } from '../src/outbox/queue.ts';
import { createPatient } from '../src/patient-commands.ts';
import { clearStore, openStore } from '../src/store.ts';
import { aPusher } from './support/pusher.ts';
import { anUnlockedStore, aPatientInput, utcCalendar } from './support/store.ts';

describe('store lifecycle', () => {
  it('refuses to clear while changes are unsent, unless forced', async () => {
    const { store, key } = await anUnlockedStore();
    await createPatient(store, key, aPatientInput());
    expect(await pendingCount(store)).toBe(1);

    expect(await clearStore(store)).toEqual({ ok: false, unsent: 1 });
    expect(await store.db.patients.count()).toBe(1);

    expect(await clearStore(store, { force: true })).toEqual({ ok: true });
    const fresh = await openStore({ practiceId: store.practiceId, userId: store.userId, calendar: utcCalendar });
    expect(await unsentCount(fresh)).toBe(0);
    expect(await fresh.db.meta.get('wrappedKey')).toBeUndefined();
  });

  it('clears once everything has been sent', async () => {
    const { store, key } = await anUnlockedStore();
    await createPatient(store, key, aPatientInput());
    await aPusher(store, key).pusher.drain();
    expect(await clearStore(store)).toEqual({ ok: true });
  });

  it('a locked key stops the pusher without touching the queue', async () => {
    const { store, key } = await anUnlockedStore();
    await createPatient(store, key, aPatientInput());
    lock(key);
    const { pusher, server } = aPusher(store, key);
    expect(await pusher.drain()).toBe('locked');
    expect(server.requests).toHaveLength(0);
    expect(await pendingCount(store)).toBe(1);
  });
});
