import Dexie, { type EntityTable } from 'dexie';
import { fromStoredRows, putSealedBatch, toStoredRows } from '../src/records/records.ts';
import type { PlainRecord } from '../src/types.ts';

import { patientFixture } from './patient-fixture.ts';
import { type BenchStore, deleteStore, pause, since, unlockedStore } from './support.ts';

/** The plain baseline: the same table and indexes as the store's patients table, nothing sealed. */
class PlainDb extends Dexie {
  declare readonly patients: EntityTable<PlainRecord, 'id'>;
  constructor() {
    super('bench-plain-patients');
    this.version(1).stores({ patients: '&id, updatedAt, status' });
  }
}

// ---------------------------------------------------------------------------------------------
// 1 and 2: 10,000 patients, sealed (putSealedBatch / patients.all()) versus plain Dexie.

let records: PlainRecord[] = [];
let sealedSide: BenchStore | null = null;
let plainSide: PlainDb | null = null;

export async function setupLocal(count: number): Promise<{ count: number; jsonBytes: number }> {
  records = patientFixture(count);
  await Dexie.delete('bench-plain-patients');
  await Dexie.delete('dentalflow-u9001-p1');
  sealedSide = await unlockedStore(1, 9001);
  plainSide = new PlainDb();
  await plainSide.open();
  return { count, jsonBytes: JSON.stringify(records).length };
}

/** Deletes both databases so later benchmarks do not share the disk with 20,000 leftover rows. */
export async function teardownLocal(): Promise<void> {
  if (sealedSide) await deleteStore(sealedSide.store);
  plainSide?.close();
  await Dexie.delete('bench-plain-patients');
  sealedSide = null;
  plainSide = null;
  records = [];
}

function sides() {
  if (!sealedSide || !plainSide) throw new Error('setupLocal first');
  return { sealed: sealedSide, plain: plainSide };
}

/** Clears the table outside the clock, then times the write. */
export async function writeSealed(): Promise<number> {
  const { sealed } = sides();
  await sealed.store.db.patients.clear();
  await pause(50);
  const started = performance.now();
  const written = await putSealedBatch(sealed.store, sealed.key, 'patients', records);
  const ms = since(started);
  if (written !== records.length) throw new Error(`putSealedBatch wrote ${written}`);
  return ms;
}

export async function writePlain(): Promise<number> {
  const { plain } = sides();
  await plain.patients.clear();
  await pause(50);
  const started = performance.now();
  await plain.patients.bulkPut(records);
  const ms = since(started);
  if ((await plain.patients.count()) !== records.length) throw new Error('bulkPut lost rows');
  return ms;
}

/**
 * Outside the clock: reads once if the roster pages are missing or behind (as the app's first
 * read after a change would), then waits for the background rebuild that read starts.
 */
async function rosterSettled({ local, store }: BenchStore): Promise<void> {
  const settled = async () => (await store.db.roster.count()) > 0 && (await store.db.rosterDirty.count()) === 0;
  if (await settled()) return;
  await local.patients.all();
  const deadline = performance.now() + 10_000;
  while (!(await settled())) {
    if (performance.now() > deadline) throw new Error('the roster pages were not rebuilt');
    await pause(20);
  }
}

/** The list as the app reads it between bulk changes: from the sealed roster pages. */
export async function readSealed(): Promise<number> {
  const { sealed } = sides();
  await rosterSettled(sealed);
  await pause(50);
  const started = performance.now();
  const patients = await sealed.local.patients.all();
  const ms = since(started);
  if (patients.length !== records.length) throw new Error(`patients.all() returned ${patients.length}`);
  if (patients.some((patient) => patient.decryptionError)) throw new Error('a record failed to decrypt');
  return ms;
}

/** The first read after a bulk change (a first sync): every row decrypted on its own. */
export async function readSealedRowByRow(): Promise<number> {
  const { sealed } = sides();
  await sealed.store.db.roster.clear();
  await pause(50);
  const started = performance.now();
  const patients = await sealed.local.patients.all();
  const ms = since(started);
  if (patients.length !== records.length) throw new Error(`patients.all() returned ${patients.length}`);
  await rosterSettled(sealed);
  return ms;
}

export async function readPlain(): Promise<number> {
  const { plain } = sides();
  await pause(50);
  const started = performance.now();
  const patients = await plain.patients.toArray();
  const ms = since(started);
  if (patients.length !== records.length) throw new Error(`toArray returned ${patients.length}`);
  return ms;
}

/** Where patients.all() and putSealedBatch spend their time: IndexedDB versus WebCrypto and copying. */
export async function profileLocal(): Promise<Record<string, number>> {
  const { sealed } = sides();
  const { store, key } = sealed;
  await pause(50);
  let started = performance.now();
  const rows = await store.db.patients.toArray();
  const idbReadSealed = since(started);
  await pause(50);
  started = performance.now();
  await fromStoredRows(store, key, 'patients', rows);
  const decryptAndMerge = since(started);
  await pause(50);
  started = performance.now();
  const stored = await toStoredRows(store, key, 'patients', records);
  const splitAndSeal = since(started);
  await store.db.patients.clear();
  await pause(50);
  started = performance.now();
  await store.db.transaction('rw', store.db.patients, () => store.db.patients.bulkPut(stored));
  const idbWriteSealed = since(started);
  // The floor under decrypt + merge: the same number of bare AES-GCM decryptions of a patient-sized
  // plaintext, in rounds of 512 as seal.ts does, then TextDecoder + JSON.parse of the plaintexts.
  const aesKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  const iv = new Uint8Array(12);
  const plaintexts = records.map((record) => new TextEncoder().encode(JSON.stringify(record)));
  const ciphertexts = await Promise.all(
    plaintexts.map((plain) => crypto.subtle.encrypt({ name: 'AES-GCM', iv }, aesKey, plain)),
  );
  await pause(50);
  started = performance.now();
  for (let start = 0; start < ciphertexts.length; start += 512) {
    await Promise.all(
      ciphertexts.slice(start, start + 512).map((data) => crypto.subtle.decrypt({ name: 'AES-GCM', iv }, aesKey, data)),
    );
  }
  const rawDecrypt = since(started);
  const decoder = new TextDecoder();
  started = performance.now();
  for (const plain of plaintexts) JSON.parse(decoder.decode(plain));
  const jsonParse = since(started);
  return { idbReadSealed, decryptAndMerge, rawDecrypt, jsonParse, splitAndSeal, idbWriteSealed };
}
