/**
 * The patient roster: every patient of the store, already merged, sealed in pages of a few hundred.
 *
 * Opening 10,000 records one AES-GCM call each costs more than reading them (the calls, not the
 * cipher, dominate), so the patient list reads from pages: twenty decryptions instead of 10,000.
 * The per-record rows stay the source of truth. Every write to `patients`, whatever its path
 * (commands, pull, acknowledgement, rollback), is noted in `rosterDirty` by a middleware in the
 * same IndexedDB transaction, and a read overlays those rows on the pages; so the roster can be
 * stale but never wrong, and is rebuilt when too much of it has changed.
 */
import Dexie, { type DBCore, type DBCoreMutateRequest, type DBCoreTable, type Middleware } from 'dexie';
import { openRecords, sealRecords } from '../crypto/seal.ts';
import type { StoreKey } from '../crypto/store-key.ts';
import type { StoreHandle } from '../db/handle.ts';
import type { PatientRow, RosterDirty, RosterPage } from '../db/rows.ts';
import type { DentalDb } from '../db/schema.ts';
import { markMoment } from '../timing.ts';
import type { PlainRecord } from '../types.ts';
import { fromStoredRows } from './records.ts';

export const ROSTER_PAGE_SIZE = 500;
/** Past this many changed patients, reading them one by one costs more than a rebuild saves. */
export const ROSTER_REBUILD_AFTER = 200;
/** Marks every patient as changed (a cleared table): the pages are ignored until rebuilt. */
const ALL = '*';
const ROSTER_TABLE = 'patients-roster';

function changedIds(request: DBCoreMutateRequest): string[] {
  switch (request.type) {
    case 'deleteRange':
      return [ALL];
    case 'delete':
      return request.keys.map(String);
    default: {
      const ids = new Set<string>((request.keys ?? []).map(String));
      for (const value of request.values) {
        if (value && typeof value === 'object' && 'id' in value) ids.add(String(value.id));
      }
      for (const key of request.type === 'put' ? (request.updates?.keys ?? []) : []) ids.add(String(key));
      return [...ids];
    }
  }
}

function notingTable(table: DBCoreTable, dirty: DBCoreTable): DBCoreTable {
  return {
    ...table,
    async mutate(request) {
      const response = await table.mutate(request);
      const changed = changedIds(request);
      // A bulk write (a first sync) will be read row by row and rebuilt anyway: one mark, not thousands.
      const ids = changed.length > ROSTER_REBUILD_AFTER ? [ALL] : changed;
      if (ids.length > 0) {
        await dirty.mutate({ type: 'add', trans: request.trans, values: ids.map((id) => ({ id })) });
      }
      return response;
    },
  };
}

/**
 * Widens every read-write transaction over `patients` to `rosterDirty` and notes the ids written,
 * so no write path can forget to.
 */
export const rosterMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'patient-roster',
  create(down) {
    return {
      ...down,
      transaction(stores, mode, options) {
        const widen = mode === 'readwrite' && stores.includes('patients') && !stores.includes('rosterDirty');
        return down.transaction(widen ? [...stores, 'rosterDirty'] : stores, mode, options);
      },
      table(name) {
        const table = down.table(name);
        return name === 'patients' ? notingTable(table, down.table('rosterDirty')) : table;
      },
    };
  },
};

interface Snapshot {
  pages: RosterPage[];
  dirty: RosterDirty[];
}

async function readSnapshot(db: DentalDb): Promise<Snapshot> {
  return db.transaction('r', [db.roster, db.rosterDirty], async () => ({
    pages: await db.roster.toArray(),
    dirty: await db.rosterDirty.toArray(),
  }));
}

async function openPages(store: StoreHandle, key: StoreKey, pages: RosterPage[]): Promise<PlainRecord[] | null> {
  const opened = await openRecords<PlainRecord[]>(
    key,
    store.practiceId,
    ROSTER_TABLE,
    pages.map((page) => ({ id: String(page.page), sealed: page.sealed })),
  );
  const records: PlainRecord[] = [];
  for (const page of opened) {
    if (!page.ok) return null;
    records.push(...page.plain);
  }
  return records;
}

/** The list from the pages plus the rows changed since; null when the pages cannot serve it. */
async function fromRoster(store: StoreHandle, key: StoreKey): Promise<PlainRecord[] | null> {
  const { db } = store;
  const { pages, dirty } = await readSnapshot(db);
  if (pages.length === 0 || dirty.length > ROSTER_REBUILD_AFTER || dirty.some(({ id }) => id === ALL)) return null;
  const cutAt = pages[0]?.cutAt;
  if (pages.some((page) => page.cutAt !== cutAt)) return null;
  const changedIds = [...new Set(dirty.map(({ id }) => id))];
  const [records, changedRows] = await Promise.all([openPages(store, key, pages), db.patients.bulkGet(changedIds)]);
  if (!records) return null;
  const byId = new Map(records.map((record) => [record.id, record]));
  const present = changedRows.filter((row): row is PatientRow => row !== undefined);
  for (const id of changedIds) byId.delete(id);
  for (const record of await fromStoredRows(store, key, 'patients', present)) byId.set(record.id, record);
  return [...byId.values()];
}

/**
 * Seals the list read at `cutAt` as the new pages and forgets the changes it includes. A rebuild
 * from an older read than the pages on disk (another tab got there first) is dropped.
 */
async function writeRoster(store: StoreHandle, key: StoreKey, records: PlainRecord[], cutAt: number): Promise<void> {
  const { db } = store;
  const started = performance.now();
  const chunks: { id: string; plain: PlainRecord[] }[] = [];
  for (let start = 0; start < records.length; start += ROSTER_PAGE_SIZE) {
    chunks.push({ id: String(chunks.length), plain: records.slice(start, start + ROSTER_PAGE_SIZE) });
  }
  const sealed = await sealRecords(key, store.practiceId, ROSTER_TABLE, chunks);
  await db.transaction('rw', [db.roster, db.rosterDirty], async () => {
    const current = await db.roster.toCollection().first();
    if (current && current.cutAt >= cutAt) return;
    await db.roster.clear();
    await db.roster.bulkPut(sealed.map(({ id, sealed: page }) => ({ page: Number(id), cutAt, sealed: page })));
    await db.rosterDirty.where('seq').belowOrEqual(cutAt).delete();
  });
  markMoment('roster-built', { records: records.length, ms: performance.now() - started });
}

/** Reads every row, decrypting one by one, and rebuilds the pages from that read afterwards. */
async function fromRows(store: StoreHandle, key: StoreKey): Promise<PlainRecord[]> {
  const { db } = store;
  const { rows, cutAt } = await db.transaction('r', [db.patients, db.rosterDirty], async () => ({
    rows: await db.patients.toArray(),
    cutAt: (await db.rosterDirty.orderBy('seq').lastKey()) ?? 0,
  }));
  const records = await fromStoredRows(store, key, 'patients', rows);
  // A record that cannot be opened keeps the list on this path, where it shows as the spec says.
  if (records.every((record) => record.decryptionError !== true) && !rebuilding.has(store)) {
    rebuilding.add(store);
    // Outside the caller's zone (a live query may be reading): a later read picks the pages up.
    setTimeout(() => {
      Dexie.ignoreTransaction(() => writeRoster(store, key, records, Number(cutAt)))
        .catch(() => undefined)
        .finally(() => rebuilding.delete(store));
    }, 0);
  }
  return records;
}

/** Stores with a rebuild on its way: reads meanwhile do not start another over the same rows. */
const rebuilding = new WeakSet<StoreHandle>();

/** Every patient of the store, decrypted: from the sealed pages when they are current enough. */
export async function readRoster(store: StoreHandle, key: StoreKey): Promise<PlainRecord[]> {
  return (await fromRoster(store, key)) ?? fromRows(store, key);
}
