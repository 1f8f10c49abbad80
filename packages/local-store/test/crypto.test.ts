import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { chooseIterations, MIN_ITERATIONS, TARGET_ITERATIONS, WrongPasswordError } from '../src/crypto/kdf.ts';
import { rewrapKey, unlockStore } from '../src/crypto/keys.ts';
import { DECRYPTION_ERROR, openRecords, sealRecords } from '../src/crypto/seal.ts';
import { StoreLockedError } from '../src/crypto/store-key.ts';
import { getMeta } from '../src/db/meta.ts';
import { localStore } from '../src/local-store.ts';
import { putSealedBatch } from '../src/records/records.ts';
import { anUnlockedStore, aPatientInput, aStore, PASSWORD, rawDump, TEST_ITERATIONS } from './support/store.ts';

async function rowCounts(store: Awaited<ReturnType<typeof aStore>>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of store.db.tables) counts[table.name] = await table.count();
  return counts;
}

describe('sealing records', () => {
  it('round-trips a batch and uses a fresh IV per record', async () => {
    const { key } = await anUnlockedStore();
    const items = [1, 2, 3].map((n) => ({ id: `p${n}`, plain: { firstName: `Name ${n}`, n } }));
    const sealed = await sealRecords(key, 1, 'patients', items);
    const ivs = new Set(sealed.map(({ sealed: { iv } }) => Array.from(iv).join(',')));
    expect(ivs.size).toBe(3);
    const opened = await openRecords<{ firstName: string }>(key, 1, 'patients', sealed);
    expect(opened.map((result) => (result.ok ? result.plain.firstName : null))).toEqual(['Name 1', 'Name 2', 'Name 3']);
  });

  it('detects a flipped byte and marks only that record', async () => {
    const { local, store } = await anUnlockedStore();
    await local.patients.create(aPatientInput({ firstName: 'Marguerite' }));
    await local.patients.create(aPatientInput({ firstName: 'Ophelia' }));
    const [victim] = await store.db.patients.toArray();
    if (!victim) throw new Error('no row');
    const bytes = new Uint8Array(victim.sealed.data.slice(0));
    bytes[5] = (bytes[5] ?? 0) ^ 0xff;
    await store.db.patients.update(victim.id, { sealed: { iv: victim.sealed.iv, data: bytes.buffer } });

    const patients = await local.patients.all();
    const broken = patients.find((patient) => patient.id === victim.id);
    const intact = patients.find((patient) => patient.id !== victim.id);
    expect(broken?.decryptionError).toBe(true);
    expect(broken?.firstName).toBe(DECRYPTION_ERROR);
    expect(broken?.phone).toBe(DECRYPTION_ERROR);
    expect(broken?.restricted).toEqual(['medicalHistory', 'insurance']);
    expect(broken?.status).toBe('active');
    expect(intact?.decryptionError).toBeUndefined();
    expect(['Marguerite', 'Ophelia']).toContain(intact?.firstName);
  });

  it('refuses a ciphertext copied onto another record (additional data binds it to its id)', async () => {
    const { local, store } = await anUnlockedStore();
    await local.patients.create(aPatientInput({ firstName: 'Marguerite' }));
    await local.patients.create(aPatientInput({ firstName: 'Ophelia' }));
    const [first, second] = await store.db.patients.toArray();
    if (!first || !second) throw new Error('rows missing');
    await store.db.patients.update(second.id, { sealed: first.sealed });

    const patients = await local.patients.all();
    expect(patients.find((patient) => patient.id === second.id)?.firstName).toBe(DECRYPTION_ERROR);
    expect(patients.find((patient) => patient.id === first.id)?.decryptionError).toBeUndefined();
  });

  it('refuses a ciphertext from another practice or table', async () => {
    const { key } = await anUnlockedStore();
    const [sealed] = await sealRecords(key, 1, 'patients', [{ id: 'x', plain: { a: 1 } }]);
    if (!sealed) throw new Error('nothing sealed');
    const [otherPractice] = await openRecords(key, 2, 'patients', [sealed]);
    const [otherTable] = await openRecords(key, 1, 'appointments', [sealed]);
    expect(otherPractice?.ok).toBe(false);
    expect(otherTable?.ok).toBe(false);
  });
});

describe('store keys', () => {
  it('a wrong password throws WrongPasswordError and changes nothing', async () => {
    const { local, store } = await anUnlockedStore();
    await local.patients.create(aPatientInput());
    const before = await rowCounts(store);
    const dumpBefore = await rawDump(store);

    await expect(unlockStore(store.db, 'not the password')).rejects.toBeInstanceOf(WrongPasswordError);

    expect(await rowCounts(store)).toEqual(before);
    expect(await rawDump(store)).toBe(dumpBefore);
    const again = await unlockStore(store.db, PASSWORD);
    expect((await localStore(store, again).patients.all())[0]?.firstName).toBe('Evangelina');
  });

  it('keeps the data key non-extractable and drops it on lock', async () => {
    const { local, key } = await anUnlockedStore();
    expect(key.dataKey.extractable).toBe(false);
    await local.patients.create(aPatientInput());
    key.lock();
    expect(key.locked).toBe(true);
    await expect(local.patients.all()).rejects.toBeInstanceOf(StoreLockedError);
  });

  it('stores salt and iteration count so unlock derives the same key', async () => {
    const { store } = await anUnlockedStore();
    expect(await getMeta(store.db, 'iterations')).toBe(TEST_ITERATIONS);
    const salt = await getMeta(store.db, 'salt');
    expect(salt).toBeInstanceOf(Uint8Array);
    expect((salt as Uint8Array).byteLength).toBe(16);
  });

  it('never goes below the iteration floor', async () => {
    const store = await aStore();
    await unlockStore(store.db, PASSWORD, { iterations: 10 });
    expect(await getMeta(store.db, 'iterations')).toBe(MIN_ITERATIONS);
  });

  it('rewraps for a new password: the old one stops working, the data stays readable', async () => {
    const { local, store, key } = await anUnlockedStore();
    await local.patients.create(aPatientInput());
    await rewrapKey(store.db, key, 'a new passphrase');

    await expect(unlockStore(store.db, PASSWORD)).rejects.toBeInstanceOf(WrongPasswordError);
    const renewed = await unlockStore(store.db, 'a new passphrase');
    expect((await localStore(store, renewed).patients.all())[0]?.lastName).toBe('Thistlewood');
    // The key held by the session can rewrap again without the old password.
    await rewrapKey(store.db, key, 'third passphrase');
    expect((await localStore(store, await unlockStore(store.db, 'third passphrase')).patients.all()).length).toBe(1);
  });

  it('chooses 600,000 iterations on a fast device and the floor on a slow one', async () => {
    const ticks = (elapsed: number) => {
      const times = [0, elapsed];
      return () => times.shift() ?? elapsed;
    };
    expect(await chooseIterations(ticks(50))).toBe(TARGET_ITERATIONS);
    expect(await chooseIterations(ticks(90))).toBe(MIN_ITERATIONS);
  });
});

describe('data at rest', () => {
  it('a raw dump of every table, the outbox included, holds none of the identifying values', async () => {
    const { local, store, key } = await anUnlockedStore();
    const people = [
      aPatientInput({
        phone: '416-555-0142',
        email: 'evangelina.thistlewood@example.ca',
        address: '77 Quillfeather Crescent',
        dateOfBirth: '1984-03-09',
      }),
      aPatientInput({
        firstName: 'Bartholomew',
        lastName: 'Quenneville',
        phone: '(604) 555-0199',
        email: 'b.quenneville@example.org',
      }),
    ];
    for (const person of people) await local.patients.create(person);
    await putSealedBatch(store, key, 'patients', [
      { id: 'bulk-1', firstName: 'Philippa', lastName: 'Wolstenholme', phone: '9025550123', email: 'pw@example.net' },
    ]);
    expect(await store.db.outbox.count()).toBe(2);
    // Reading the list builds the sealed roster pages, which must be as opaque as the rows.
    await local.patients.all();
    await vi.waitFor(async () => expect(await store.db.roster.count()).toBe(1));

    const dump = await rawDump(store);
    for (const secret of [
      'Evangelina',
      'Thistlewood',
      '4165550142',
      '416-555-0142',
      'evangelina.thistlewood@example.ca',
      'Quillfeather',
      'penicillin',
      '1984-03-09',
      'Bartholomew',
      'Quenneville',
      '6045550199',
      'b.quenneville@example.org',
      'Philippa',
      'Wolstenholme',
      '9025550123',
      'pw@example.net',
    ]) {
      expect(dump, secret).not.toContain(secret);
    }
  });

  it('reads back 2,000 records in one batch', async () => {
    const { local, store, key } = await anUnlockedStore();
    const records = Array.from({ length: 2000 }, (_, n) => ({
      id: `p-${n}`,
      firstName: `First${n}`,
      lastName: 'Batch',
      phone: '4165550000',
      status: 'active',
      isActive: true,
    }));
    await putSealedBatch(store, key, 'patients', records);
    const patients = await local.patients.all();
    expect(patients).toHaveLength(2000);
    expect(patients.every((patient) => patient.decryptionError === undefined)).toBe(true);
    expect(patients.find((patient) => patient.id === 'p-1999')?.firstName).toBe('First1999');
  });
});
