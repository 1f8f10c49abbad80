/**
 * Browser benchmarks of the offline data layer, driven by scripts/bench-local-store.mjs (`pnpm bench`).
 * Bundled with esbuild and served from the real server's origin, so cookies, IndexedDB and
 * WebCrypto behave as in the app. Every function times only the operation it is named after;
 * setup (filling, unlocking, signing in, building request bodies) happens outside the clock.
 */
import { createPatientSchema } from '@dental/domain/patients/patient.schema';
import {
  HEADERS,
  PUSH_PATH,
  SERVER_SCHEMA_VERSION,
  SYNCED_TABLES,
  type SyncedTable,
} from '@dental/domain/sync/protocol';
import { systemClock } from '@dental/domain/time/clock';
import { parseWith } from '@dental/domain/validation/issues';
import Dexie, { type EntityTable } from 'dexie';
import * as v from 'valibot';
import type { PatientInput } from '../src/commands/patients.ts';
import { unlockStore } from '../src/crypto/keys.ts';
import type { StoreKey } from '../src/crypto/store-key.ts';
import type { StoreHandle } from '../src/db/handle.ts';
import { closeStore, openStore } from '../src/db/open.ts';
import { type LocalStore, localStore } from '../src/local-store.ts';
import type { PusherEvent } from '../src/outbox/pusher.ts';
import { acknowledge, firstPending, pendingCount } from '../src/outbox/queue.ts';
import { fromStoredRows, putSealedBatch, toStoredRows } from '../src/records/records.ts';
import type { PlainRecord, PracticeCalendar } from '../src/types.ts';

const PASSWORD = 'bench password, not a real one';
/** The floor of keys.ts: the bench measures storage and sync, not key derivation. */
const ITERATIONS = 100_000;
const CLIENT_SCHEMA = SERVER_SCHEMA_VERSION;
const calendar: PracticeCalendar = { dayOf: (iso) => iso.slice(0, 10), timeOf: (iso) => iso.slice(11, 16) };

const FIRST_NAMES = ['Ada', 'Bruno', 'Chloé', 'Dmitri', 'Esme', 'Farid', 'Greta', 'Hiro', 'Imani', 'Jonas', 'Keira'];
const LAST_NAMES = ['Okafor', 'Lindqvist', 'Tremblay', 'Nakamura', 'Osei', 'Gagnon', 'Moreau', 'Kowalski', 'Singh'];
const STREETS = ['Maple Ave', 'Queen St W', 'Birch Cres', 'Harbour Rd', 'Elm Dr', 'Lakeshore Blvd'];
const CITIES: [string, string][] = [
  ['Toronto', 'ON'],
  ['Mississauga', 'ON'],
  ['Calgary', 'AB'],
  ['Vancouver', 'BC'],
];

/** Small deterministic generator, so every run stores the same records (the ciphertexts differ by IV). */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const digits = (count: number) => Array.from({ length: count }, () => Math.floor(next() * 10)).join('');
  return { next, pick, digits };
}

function uuidFrom(n: number, salt: number): string {
  const hex = (n * 7919 + salt * 104_729).toString(16).padStart(12, '0').slice(-12);
  return `be0c4a7e-${(salt & 0xffff).toString(16).padStart(4, '0')}-4000-8000-${hex}`;
}

/** A patient as the server's API returns it (PatientView plus the sync version). */
function patientRecord(index: number, random: ReturnType<typeof generator>): PlainRecord {
  const [city, province] = random.pick(CITIES);
  const firstName = random.pick(FIRST_NAMES);
  const lastName = `${random.pick(LAST_NAMES)}-${index}`;
  const stamp = new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString();
  return {
    id: uuidFrom(index, 1),
    practiceId: 1,
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.${index}@example.ca`,
    phone: `4${random.digits(9)}`,
    dateOfBirth: `19${50 + Math.floor(random.next() * 50)}-0${1 + Math.floor(random.next() * 9)}-1${random.digits(1)}`,
    address: `${1 + Math.floor(random.next() * 999)} ${random.pick(STREETS)}`,
    city,
    province,
    zipCode: 'M5V 2T6',
    emergencyContact: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
    emergencyPhone: `6${random.digits(9)}`,
    medicalHistory: {
      communicationPreference: 'sms',
      conditions: random.next() < 0.3 ? ['hypertension'] : [],
      medications: random.next() < 0.2 ? ['lisinopril 10 mg'] : [],
      allergies: random.next() < 0.15 ? ['penicillin'] : [],
      insuranceProvider: random.next() < 0.5 ? 'Sun Life' : null,
      insurancePolicyNumber: random.next() < 0.5 ? `SL-${random.digits(8)}` : null,
    },
    preferredProviderId: 3,
    isActive: true,
    status: 'active',
    createdAt: stamp,
    updatedAt: stamp,
    restricted: [],
    version: index + 1,
  };
}

export function patientFixture(count: number): PlainRecord[] {
  const random = generator(20_261_120);
  return Array.from({ length: count }, (_, index) => patientRecord(index, random));
}

/** The plain baseline: the same table and indexes as the store's patients table, nothing sealed. */
class PlainDb extends Dexie {
  declare readonly patients: EntityTable<PlainRecord, 'id'>;
  constructor() {
    super('bench-plain-patients');
    this.version(1).stores({ patients: '&id, updatedAt, status' });
  }
}

const since = (started: number) => performance.now() - started;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An unlocked store: `local`, the surface the app uses, for what the app does; `store` and `key`,
 * its insides, for timing the steps underneath it.
 */
interface BenchStore {
  local: LocalStore;
  store: StoreHandle;
  key: StoreKey;
}

async function unlockedStore(practiceId: number, userId: number): Promise<BenchStore> {
  const store = await openStore({ practiceId, userId, calendar });
  const key = await unlockStore(store.db, PASSWORD, { iterations: ITERATIONS });
  return { local: localStore(store, key), store, key };
}

async function deleteStore(store: StoreHandle): Promise<void> {
  closeStore(store);
  await Dexie.delete(store.db.name);
}

// ---------------------------------------------------------------------------------------------
// 1 and 2: 10,000 patients, sealed (putSealedBatch / patients.all()) versus plain Dexie.

let records: PlainRecord[] = [];
let sealedSide: BenchStore | null = null;
let plainSide: PlainDb | null = null;

async function setupLocal(count: number): Promise<{ count: number; jsonBytes: number }> {
  records = patientFixture(count);
  await Dexie.delete('bench-plain-patients');
  await Dexie.delete('dentalflow-u9001-p1');
  sealedSide = await unlockedStore(1, 9001);
  plainSide = new PlainDb();
  await plainSide.open();
  return { count, jsonBytes: JSON.stringify(records).length };
}

/** Deletes both databases so later benchmarks do not share the disk with 20,000 leftover rows. */
async function teardownLocal(): Promise<void> {
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
async function writeSealed(): Promise<number> {
  const { sealed } = sides();
  await sealed.store.db.patients.clear();
  await pause(50);
  const started = performance.now();
  const written = await putSealedBatch(sealed.store, sealed.key, 'patients', records);
  const ms = since(started);
  if (written !== records.length) throw new Error(`putSealedBatch wrote ${written}`);
  return ms;
}

async function writePlain(): Promise<number> {
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
async function readSealed(): Promise<number> {
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
async function readSealedRowByRow(): Promise<number> {
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

async function readPlain(): Promise<number> {
  const { plain } = sides();
  await pause(50);
  const started = performance.now();
  const patients = await plain.patients.toArray();
  const ms = since(started);
  if (patients.length !== records.length) throw new Error(`toArray returned ${patients.length}`);
  return ms;
}

/** Where patients.all() and putSealedBatch spend their time: IndexedDB versus WebCrypto and copying. */
async function profileLocal(): Promise<Record<string, number>> {
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

// ---------------------------------------------------------------------------------------------
// 3: replaying 1,000 queued patient creations through the pusher versus 1,000 direct fetches.

const REPLAY_PROVINCE = 'AB';

async function signIn(): Promise<{ status: number }> {
  const response = await fetch('/api/auth/login', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'demo1234' }),
  });
  await response.text();
  if (!response.ok) throw new Error(`sign-in failed: HTTP ${response.status}`);
  return { status: response.status };
}

/** Unique names and phones per run tag and index, so the server's duplicate rules never refuse one. */
function replayInput(tag: number, index: number): PatientInput {
  const random = generator(tag * 100_003 + index);
  return {
    firstName: random.pick(FIRST_NAMES),
    lastName: `Bench${tag}x${index}`,
    phone: `7${String(tag).padStart(3, '0')}${String(index).padStart(6, '0')}`,
    email: `bench${tag}.${index}@example.ca`,
    dateOfBirth: `19${60 + (index % 40)}-0${1 + (index % 9)}-1${index % 10}`,
    address: `${1 + (index % 900)} ${random.pick(STREETS)}`,
    city: 'Calgary',
    province: REPLAY_PROVINCE,
    zipCode: 'T2P 1J9',
    medicalHistory: { allergies: index % 7 === 0 ? ['latex'] : [] },
  };
}

const boundFetch: typeof fetch = (input, init) => fetch(input, init);

interface ReplayTiming {
  ms: number;
  enqueueMs?: number;
  sent: number;
  /** Per entry: time spent in fetch (server and network, body read) and in the rest of the loop. */
  networkMs?: number;
  firstHundredLocalMs?: number;
  lastHundredLocalMs?: number;
}

/** patients.create × count (timed apart), then one pusher drain against the real server (the figure). */
async function replayPusher(practiceId: number, tag: number, count: number, profile = false): Promise<ReplayTiming> {
  const { local, store } = await unlockedStore(practiceId, 20_000 + tag);
  let started = performance.now();
  for (let index = 0; index < count; index += 1) await local.patients.create(replayInput(tag, index));
  const enqueueMs = since(started);

  // Profiling wraps fetch to read the body inside the timed call: server + network per entry.
  const network: number[] = [];
  const sentAt: number[] = [];
  const timedFetch: typeof fetch = async (input, init) => {
    const begun = performance.now();
    const response = await fetch(input, init);
    const text = await response.text();
    network.push(since(begun));
    return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  let sent = 0;
  const problems: PusherEvent[] = [];
  const pusher = local.sync.pusher({
    fetch: profile ? timedFetch : boundFetch,
    clientSchema: CLIENT_SCHEMA,
    // As the app configures it: queued actions go up in batches through the server's push route.
    batchEndpoint: PUSH_PATH,
    onEvent: (event) => {
      if (event.type === 'sent') {
        sent += 1;
        if (profile) sentAt.push(performance.now());
      } else if (event.type !== 'drained') problems.push(event);
    },
  });
  await pause(100);
  started = performance.now();
  const result = await pusher.drain();
  const ms = since(started);
  const left = await store.db.outbox.count();
  await deleteStore(store);
  if (result !== 'drained' || sent !== count || left !== 0) {
    const first = problems[0];
    throw new Error(
      `pusher ended ${result} with ${sent}/${count} sent, ${left} left; first problem: ${first?.type} ${first?.entry?.lastError ?? ''}`,
    );
  }
  if (!profile) return { ms, enqueueMs, sent };
  // Local time of entry n: from the previous 'sent' (or the drain start) to this one, minus its fetch.
  const localMs = sentAt.map(
    (at, index) => at - (index === 0 ? started : (sentAt[index - 1] as number)) - (network[index] ?? 0),
  );
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
  return {
    ms,
    enqueueMs,
    sent,
    networkMs: network.reduce((sum, value) => sum + value, 0),
    firstHundredLocalMs: mean(localMs.slice(0, 100)),
    lastHundredLocalMs: mean(localMs.slice(-100)),
  };
}

/** The same requests the pusher sends (body, Idempotency-Key, headers), one after another with fetch. */
async function replayDirect(practiceId: number, tag: number, count: number): Promise<ReplayTiming> {
  // The body patients.create queues: the input as the shared schema parses it, plus id, practice and isActive.
  const schema = createPatientSchema(systemClock);
  const requests = Array.from({ length: count }, (_, index) => {
    const id = crypto.randomUUID();
    const parsed = parseWith(schema, { ...replayInput(tag, index), id });
    if (!parsed.ok) throw new Error(`bench patient is invalid: ${parsed.issues[0]?.message}`);
    return {
      key: crypto.randomUUID(),
      body: JSON.stringify({ ...parsed.value, id, practiceId, isActive: true }),
    };
  });
  await pause(100);
  const started = performance.now();
  let sent = 0;
  for (const request of requests) {
    const response = await fetch('/api/patients', {
      method: 'POST',
      credentials: 'include',
      headers: {
        [HEADERS.practice]: String(practiceId),
        [HEADERS.idempotencyKey]: request.key,
        [HEADERS.clientSchema]: String(CLIENT_SCHEMA),
        'content-type': 'application/json',
      },
      body: request.body,
    });
    const body = await response.json();
    if (response.status !== 201) throw new Error(`direct POST: HTTP ${response.status} ${JSON.stringify(body)}`);
    sent += 1;
  }
  return { ms: since(started), sent };
}

/**
 * How the pusher's per-entry bookkeeping scales with the queue: acknowledge() (what runs after each
 * 2xx) and pendingCount() (run for every event) timed at the head of a full and of a short queue.
 */
async function profileOutbox(practiceId: number, tag: number, count: number): Promise<Record<string, number>> {
  const { local, store } = await unlockedStore(practiceId, 30_000 + tag);
  for (let index = 0; index < count; index += 1) await local.patients.create(replayInput(tag, index));
  const entryBytes = JSON.stringify(await store.db.outbox.toCollection().first(), (_key, value: unknown) =>
    value instanceof ArrayBuffer || value instanceof Uint8Array ? Array.from(new Uint8Array(value)) : value,
  ).length;
  const samples = 20;
  const headOfQueue = async () => {
    let ackMs = 0;
    let countMs = 0;
    for (let sample = 0; sample < samples; sample += 1) {
      const entry = await firstPending(store.db);
      if (!entry) throw new Error('outbox ran empty');
      let started = performance.now();
      await acknowledge(store.db, entry, null);
      ackMs += since(started);
      started = performance.now();
      await pendingCount(store);
      countMs += since(started);
    }
    return { ackMs: ackMs / samples, countMs: countMs / samples };
  };
  await pause(50);
  const full = await headOfQueue();
  const keep = 2 * samples;
  const drop = (await store.db.outbox.count()) - keep;
  await store.db.outbox.bulkDelete(await store.db.outbox.orderBy('seq').limit(drop).primaryKeys());
  await pause(50);
  const short = await headOfQueue();
  await deleteStore(store);
  return {
    entries: count,
    entryBytes,
    ackFullMs: full.ackMs,
    countFullMs: full.countMs,
    shortEntries: keep,
    ackShortMs: short.ackMs,
    countShortMs: short.countMs,
  };
}

// ---------------------------------------------------------------------------------------------
// 4: a full snapshot of one practice pulled into an empty store.

interface PullTiming {
  ms: number;
  pages: number;
  applied: number;
  counts: Record<string, number>;
  networkMs?: number;
}

async function pullSnapshot(practiceId: number, run: number, limit?: number, profile = false): Promise<PullTiming> {
  const { local, store } = await unlockedStore(practiceId, 40_000 + run);
  let networkMs = 0;
  const timedFetch: typeof fetch = async (input, init) => {
    const begun = performance.now();
    const response = await fetch(input, init);
    const text = await response.text();
    networkMs += since(begun);
    return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  await pause(100);
  const started = performance.now();
  const result = await local.sync.pull({
    fetch: profile ? timedFetch : boundFetch,
    clientSchema: CLIENT_SCHEMA,
    ...(limit ? { limit } : {}),
  });
  const ms = since(started);
  const counts: Record<string, number> = {};
  for (const table of store.db.tables) {
    if (table.name !== 'meta') counts[table.name] = await table.count();
  }
  const patients = await local.patients.all();
  await deleteStore(store);
  if (patients.some((patient) => patient.decryptionError)) throw new Error('a pulled patient failed to decrypt');
  return {
    ms,
    pages: result.pages,
    applied: result.applied,
    counts,
    ...(profile ? { networkMs } : {}),
  };
}

/** The baseline for the pull: the same pages fetched and parsed, nothing stored. */
async function pullRaw(practiceId: number, limit = 500): Promise<PullTiming> {
  await pause(100);
  const started = performance.now();
  let cursor: string | null = null;
  let pages = 0;
  let applied = 0;
  for (;;) {
    const query = new URLSearchParams({ limit: String(limit) });
    if (cursor !== null) query.set('cursor', cursor);
    const response = await fetch(`/api/sync/pull?${query}`, {
      credentials: 'include',
      headers: { [HEADERS.practice]: String(practiceId), [HEADERS.clientSchema]: String(CLIENT_SCHEMA) },
    });
    const page = (await response.json()) as { cursor: string; hasMore: boolean; changes: unknown[] };
    if (!response.ok) throw new Error(`pull: HTTP ${response.status}`);
    pages += 1;
    applied += page.changes.length;
    cursor = page.cursor;
    if (!page.hasMore) break;
  }
  return { ms: since(started), pages, applied, counts: {} };
}

const pullPageSchema = v.object({
  cursor: v.string(),
  hasMore: v.boolean(),
  reset: v.boolean(),
  serverTime: v.string(),
  changes: v.array(
    v.object({
      table: v.string(),
      op: v.picklist(['upsert', 'delete']),
      id: v.string(),
      version: v.number(),
      row: v.optional(v.record(v.string(), v.unknown())),
    }),
  ),
});

/**
 * The pull's steps replayed one by one on the real snapshot: validating the pages (the schema of
 * pull.ts), sealing them (toStoredRows, as prepare() does), then writing them as applyPage does (one
 * transaction per page, an awaited put per row) versus one bulkPut per table and page (median of 3).
 */
async function profilePullSteps(practiceId: number, limit = 500): Promise<Record<string, number>> {
  const pages: unknown[] = [];
  let cursor: string | null = null;
  for (;;) {
    const query = new URLSearchParams({ limit: String(limit) });
    if (cursor !== null) query.set('cursor', cursor);
    const response = await fetch(`/api/sync/pull?${query}`, {
      credentials: 'include',
      headers: { [HEADERS.practice]: String(practiceId), [HEADERS.clientSchema]: String(CLIENT_SCHEMA) },
    });
    const page = (await response.json()) as { cursor: string; hasMore: boolean };
    pages.push(page);
    cursor = page.cursor;
    if (!page.hasMore) break;
  }
  const { store, key } = await unlockedStore(practiceId, 49_000);
  await pause(50);
  let started = performance.now();
  const parsed = pages.map((page) => v.parse(pullPageSchema, page));
  const validateMs = since(started);

  started = performance.now();
  const sealed: { table: SyncedTable; rows: { id: string }[] }[][] = [];
  for (const page of parsed) {
    const perTable: { table: SyncedTable; rows: { id: string }[] }[] = [];
    for (const table of SYNCED_TABLES) {
      const upserts = page.changes.filter((change) => change.table === table && change.op === 'upsert' && change.row);
      if (upserts.length === 0) continue;
      const records = upserts.map((change) => ({ ...change.row, id: change.id, version: change.version }));
      perTable.push({ table, rows: await toStoredRows(store, key, table, records) });
    }
    sealed.push(perTable);
  }
  const sealMs = since(started);

  const tables = SYNCED_TABLES.map((table) => store.db.table(table));
  const clearAll = () => store.db.transaction('rw', tables, () => Promise.all(tables.map((table) => table.clear())));
  const putEach = async () => {
    for (const page of sealed) {
      await store.db.transaction('rw', tables, async () => {
        for (const { table, rows } of page) for (const row of rows) await store.db.table(table).put(row);
      });
    }
  };
  const bulkPut = async () => {
    for (const page of sealed) {
      await store.db.transaction('rw', tables, () =>
        Promise.all(page.map(({ table, rows }) => store.db.table(table).bulkPut(rows))),
      );
    }
  };
  // Three interleaved repetitions of the write, each into emptied tables; medians reported.
  const timings: { putEach: number[]; bulkPut: number[] } = { putEach: [], bulkPut: [] };
  for (let round = 0; round < 3; round += 1) {
    const order = round % 2 === 0 ? (['putEach', 'bulkPut'] as const) : (['bulkPut', 'putEach'] as const);
    for (const variant of order) {
      await clearAll();
      await pause(50);
      started = performance.now();
      await (variant === 'putEach' ? putEach() : bulkPut());
      timings[variant].push(since(started));
    }
  }
  const middle = (values: number[]) => [...values].sort((x, y) => x - y)[1] ?? Number.NaN;
  const putEachMs = middle(timings.putEach);
  const bulkPutMs = middle(timings.bulkPut);
  const rows = sealed.flat().reduce((sum, { rows: pageRows }) => sum + pageRows.length, 0);
  await deleteStore(store);
  return { pages: pages.length, rows, validateMs, sealMs, putEachMs, bulkPutMs };
}

const bench = {
  setupLocal,
  teardownLocal,
  writeSealed,
  writePlain,
  readSealed,
  readSealedRowByRow,
  readPlain,
  profileLocal,
  signIn,
  replayPusher,
  replayDirect,
  profileOutbox,
  pullSnapshot,
  pullRaw,
  profilePullSteps,
};

declare global {
  interface Window {
    bench: typeof bench;
  }
}

window.bench = bench;
