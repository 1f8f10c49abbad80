import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openLocalStore, WrongPasswordError } from '../src/index.ts';
import { aPatientInput, FIXED_NOW, utcCalendar } from './support/store.ts';

const aUserKey = () => crypto.subtle.generateKey({ name: 'AES-KW', length: 256 }, false, ['wrapKey', 'unwrapKey']);

function opening(userId: number, userKey: CryptoKey) {
  return { practiceId: 1, userId, calendar: utcCalendar, clock: () => new Date(FIXED_NOW), userKey };
}

describe('openLocalStore, the way in for the app', () => {
  it("opens the practice's store with the user's key, and the same key opens it again after closing", async () => {
    const userKey = await aUserKey();
    const first = await openLocalStore(opening(7001, userKey));
    const { patient } = await first.patients.create(aPatientInput());
    expect(await first.outbox.counts()).toEqual({ pending: 1, attention: 0, stuck: false });
    first.close();

    const again = await openLocalStore(opening(7001, userKey));
    expect((await again.patients.get(patient.id))?.lastName).toBe('Thistlewood');
    again.close();
  });

  it('refuses another key with WrongPasswordError and leaves the data as it was', async () => {
    const userKey = await aUserKey();
    const store = await openLocalStore(opening(7002, userKey));
    await store.patients.create(aPatientInput());
    store.close();

    await expect(openLocalStore(opening(7002, await aUserKey()))).rejects.toBeInstanceOf(WrongPasswordError);
    const again = await openLocalStore(opening(7002, userKey));
    expect(await again.patients.all()).toHaveLength(1);
    again.close();
  });

  it('locks the key on close: a command afterwards is refused', async () => {
    const store = await openLocalStore(opening(7003, await aUserKey()));
    store.close();
    await expect(store.patients.create(aPatientInput())).rejects.toThrow();
  });
});
