import { HEADERS, SYNCED_TABLES, type SyncedTable } from '@dental/domain/sync/protocol';
import * as v from 'valibot';
import { toStoredRows } from '../src/records/records.ts';
import { boundFetch, CLIENT_SCHEMA, deleteStore, pause, since, unlockedStore } from './support.ts';

// ---------------------------------------------------------------------------------------------
// 4: a full snapshot of one practice pulled into an empty store.

interface PullTiming {
  ms: number;
  pages: number;
  applied: number;
  counts: Record<string, number>;
  networkMs?: number;
}

export async function pullSnapshot(
  practiceId: number,
  run: number,
  limit?: number,
  profile = false,
): Promise<PullTiming> {
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
export async function pullRaw(practiceId: number, limit = 500): Promise<PullTiming> {
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
export async function profilePullSteps(practiceId: number, limit = 500): Promise<Record<string, number>> {
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
