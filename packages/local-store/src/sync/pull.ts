import {
  HEADERS,
  type PullChange,
  SNAPSHOT_PARTS,
  SYNCED_TABLES,
  type SyncedTable,
} from '@dental/domain/sync/protocol';
import Dexie from 'dexie';
import * as v from 'valibot';
import type { StoreKey } from '../crypto/store-key.ts';
import type { StoreHandle } from '../db/handle.ts';
import { getMeta } from '../db/meta.ts';
import { entityKey, type StoredRow } from '../db/rows.ts';
import { pendingEntityKeys } from '../outbox/queue.ts';
import { packSyncedCharts } from '../records/clinical.ts';
import { toStoredRows } from '../records/records.ts';
import { type FillState, nextFillState, type PageProgress } from './fill.ts';
import { readFillState } from './status.ts';

export const DEFAULT_PULL_LIMIT = 500;

const changeSchema = v.object({
  // Any table name is accepted so a newer server's extra tables are skipped, not a failed sync.
  table: v.string(),
  op: v.picklist(['upsert', 'delete']),
  id: v.string(),
  version: v.number(),
  row: v.optional(v.record(v.string(), v.unknown())),
});

const pullResponseSchema = v.object({
  cursor: v.string(),
  hasMore: v.boolean(),
  reset: v.boolean(),
  serverTime: v.string(),
  changes: v.array(changeSchema),
  // Optional: a server from before progress was reported still syncs, without figures.
  remaining: v.optional(v.record(v.string(), v.number()), {}),
  snapshot: v.optional(
    v.object({
      focus: v.nullable(v.string()),
      complete: v.array(v.picklist(SNAPSHOT_PARTS.map((part) => part.name))),
      done: v.boolean(),
    }),
  ),
});

/** The pull did not complete; pages already applied stay applied and the cursor is where they left it. */
export class PullError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown = null) {
    super(message);
    this.name = 'PullError';
    this.status = status;
    this.body = body;
  }
}

export interface PullPage {
  page: number;
  applied: number;
  skipped: number;
  reset: boolean;
  hasMore: boolean;
  /** Where the device's copy stands once this page is saved. */
  fill: FillState;
  /** Where the page's time went: the request and its parsing, sealing the records, the IndexedDB write. */
  timings: { fetchMs: number; sealMs: number; writeMs: number };
}

export interface PullOptions {
  store: StoreHandle;
  key: StoreKey;
  fetch: typeof fetch;
  baseUrl?: string;
  clientSchema: number;
  limit?: number;
  /** The practice day shown first: a new snapshot sends its appointments before the rest. */
  focus?: string;
  onPage?: (page: PullPage) => void;
  /** Awaited between pages: a screen can let its own work go first. */
  betweenPages?: () => Promise<void>;
}

export interface PullResult {
  pages: number;
  applied: number;
  skipped: number;
  lastSyncedAt: string;
}

function isKnownTable(table: string): table is SyncedTable {
  return (SYNCED_TABLES as readonly string[]).includes(table);
}

async function fetchPage(options: PullOptions, cursor: string | null) {
  const query = new URLSearchParams({ limit: String(options.limit ?? DEFAULT_PULL_LIMIT) });
  if (cursor !== null) query.set('cursor', cursor);
  if (options.focus) query.set('focus', options.focus);
  const response = await options.fetch(`${options.baseUrl ?? ''}/api/sync/pull?${query}`, {
    method: 'GET',
    credentials: 'include',
    headers: {
      [HEADERS.practice]: String(options.store.practiceId),
      [HEADERS.clientSchema]: String(options.clientSchema),
    },
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Keep the raw text: it becomes the error message below.
  }
  if (!response.ok) {
    const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const message = [fields.message, fields.error, text, response.statusText].find(
      (candidate) => typeof candidate === 'string' && candidate !== '',
    );
    throw new PullError(response.status, String(message ?? `HTTP ${response.status}`), body);
  }
  const parsed = v.safeParse(pullResponseSchema, body);
  if (!parsed.success) throw new PullError(response.status, 'The sync server sent a page this app cannot read.', body);
  return parsed.output;
}

interface PreparedChange {
  change: PullChange;
  row: StoredRow | null;
}

/** Seals the page's rows before the transaction opens: WebCrypto inside it would commit it early. */
async function prepare(store: StoreHandle, key: StoreKey, changes: readonly PullChange[]): Promise<PreparedChange[]> {
  const prepared: PreparedChange[] = changes.map((change) => ({ change, row: null }));
  for (const table of SYNCED_TABLES) {
    const upserts = prepared.filter(({ change }) => change.table === table && change.op === 'upsert' && change.row);
    if (upserts.length === 0) continue;
    const rows = await toStoredRows(
      store,
      key,
      table,
      upserts.map(({ change }) => ({ ...change.row, id: change.id, version: change.version })),
    );
    upserts.forEach((item, index) => {
      item.row = rows[index] ?? null;
    });
  }
  return prepared;
}

function append<T>(groups: Map<string, T[]>, table: string, item: T): void {
  const group = groups.get(table);
  if (group) group.push(item);
  else groups.set(table, [item]);
}

function receivedByTable(changes: readonly PullChange[]): PageProgress['received'] {
  const received: PageProgress['received'] = {};
  for (const change of changes) received[change.table] = (received[change.table] ?? 0) + 1;
  return received;
}

async function applyPage(
  store: StoreHandle,
  prepared: readonly PreparedChange[],
  page: Omit<PageProgress, 'received'> & { cursor: string },
): Promise<{ applied: number; skipped: number; syncedAt: string; fill: FillState }> {
  const { db } = store;
  // Only the tables this page writes (all of them for a reset), so the screens' reads of other
  // tables are not held up behind a page of, say, patients.
  const touched = page.reset
    ? SYNCED_TABLES
    : SYNCED_TABLES.filter((table) => prepared.some(({ change }) => change.table === table));
  const tables = touched.map((table) => db.table(table));
  let applied = 0;
  let skipped = 0;
  const syncedAt = store.clock().toISOString();
  const fill = await db.transaction('rw', [...tables, db.outbox, db.deferred, db.meta], async () => {
    const next = nextFillState(await readFillState(db), {
      ...page,
      received: receivedByTable(prepared.map(({ change }) => change)),
    });
    // Read inside the transaction so a change queued meanwhile is never overwritten.
    const pending = await pendingEntityKeys(db);
    if (page.reset) {
      for (const table of SYNCED_TABLES) {
        const ids = (await db.table(table).toCollection().primaryKeys()) as string[];
        await db.table(table).bulkDelete(ids.filter((id) => !pending.has(entityKey(table, id))));
      }
      await db.deferred.clear();
    }
    // The feed carries each row once per page, so puts and deletes can go to IndexedDB in bulk.
    const puts = new Map<string, StoredRow[]>();
    const deletes = new Map<string, string[]>();
    for (const { change, row } of prepared) {
      const key = entityKey(change.table, change.id);
      if (pending.has(key)) {
        // The local change wins on screen until the server answers it; the server's row waits here.
        const held = await db.deferred.get(key);
        if (!held || held.version <= change.version) {
          await db.deferred.put({ key, table: change.table, id: change.id, version: change.version, row });
        }
        skipped += 1;
        continue;
      }
      if (row) append(puts, change.table, row);
      else append(deletes, change.table, change.id);
      applied += 1;
    }
    for (const [table, ids] of deletes) await db.table(table).bulkDelete(ids);
    for (const [table, rows] of puts) await db.table(table).bulkPut(rows);
    // Saved in the same transaction as the rows, so a crash cannot leave a cursor past unsaved data.
    await db.meta.bulkPut([
      { key: 'cursor', value: page.cursor },
      { key: 'lastSyncedAt', value: syncedAt },
      { key: 'fill', value: next },
    ]);
    return next;
  });
  return { applied, skipped, syncedAt, fill };
}

/** Long charts the pull brought are packed after it, in the background, outside any caller's transaction. */
function packChartsLater(store: StoreHandle, key: StoreKey): void {
  setTimeout(() => {
    Dexie.ignoreTransaction(() => packSyncedCharts(store, key)).catch(() => undefined);
  }, 0);
}

/** Brings the local copy up to date with the server's change log, page by page. */
export async function pullChanges(options: PullOptions): Promise<PullResult> {
  const { store, key } = options;
  const stored = await getMeta(store.db, 'cursor');
  const cursor = typeof stored === 'string' ? stored : null;
  const totals: PullResult = { pages: 0, applied: 0, skipped: 0, lastSyncedAt: '' };
  // Three pages in flight: one travelling, one being sealed, one being written. Writes stay in
  // order (each waits for the one before), so the cursor never passes an unsaved page.
  let next = fetchPage(options, cursor);
  let writing: Promise<unknown> = Promise.resolve();
  // A failure ends the pull only once the write before it is done: nothing is left running
  // behind the caller's back.
  const afterWriting = async (error: unknown): Promise<never> => {
    await writing.catch(() => undefined);
    throw error;
  };
  for (;;) {
    const fetchedFrom = performance.now();
    const page = await next.catch(afterWriting);
    if (page.hasMore) {
      next = fetchPage(options, page.cursor);
      next.catch(() => undefined);
    }
    const sealedFrom = performance.now();
    const changes = page.changes.filter((change): change is PullChange => isKnownTable(change.table));
    const prepared = await prepare(store, key, changes).catch(afterWriting);
    const fetchMs = sealedFrom - fetchedFrom;
    const sealMs = performance.now() - sealedFrom;
    await writing;
    const writtenFrom = performance.now();
    const write = applyPage(store, prepared, page).then(({ applied, skipped, syncedAt, fill }) => {
      totals.pages += 1;
      totals.applied += applied;
      totals.skipped += skipped;
      totals.lastSyncedAt = syncedAt;
      const timings = { fetchMs, sealMs, writeMs: performance.now() - writtenFrom };
      options.onPage?.({
        page: totals.pages,
        applied,
        skipped,
        reset: page.reset,
        hasMore: page.hasMore,
        fill,
        timings,
      });
    });
    if (!page.hasMore) {
      await write;
      if (totals.applied > 0) packChartsLater(store, key);
      return totals;
    }
    // A failed write is raised by the `await writing` above, before anything after it is written.
    write.catch(() => undefined);
    writing = write;
    await options.betweenPages?.();
  }
}
