/**
 * A long chart opened from one sealed pack. Twenty years of a patient's history is thousands of sealed
 * rows, and reading them from IndexedDB one structured clone each, then opening them one AES-GCM call
 * each, costs more than the chart's 200 ms budget. So once a chart has been read row by row, its records
 * are sealed together as one pack; the next opening reads one row and decrypts once.
 *
 * The rows stay the source of truth. Every write to a clinical table, whatever its path (commands, pull,
 * acknowledgement, rollback), is noted in `chartDirty` by a middleware in the same IndexedDB transaction,
 * and a read overlays the rows noted since the pack was cut, read in the same transaction as the pack; so
 * a pack can be stale but never wrong. Past too many changes, or after a delete it cannot place, the chart
 * is read row by row again and the pack rebuilt from that read.
 */
import Dexie, { type DBCore, type DBCoreMutateRequest, type DBCoreTable, type Middleware } from 'dexie';
import { openValue, sealValue } from '../crypto/seal.ts';
import type { StoreKey } from '../crypto/store-key.ts';
import type { StoreHandle } from '../db/handle.ts';
import { getMeta } from '../db/meta.ts';
import { type ChartDirty, type ChartPack, CLINICAL_TABLES, type ClinicalRow, type ClinicalTable } from '../db/rows.ts';
import type { DentalDb } from '../db/schema.ts';
import { markMoment } from '../timing.ts';
import type { PlainRecord } from '../types.ts';

/** A patient's clinical records, table by table, opened. */
export type ClinicalRecords = Record<ClinicalTable, PlainRecord[]>;

/** Charts shorter than this read fast enough row by row: no pack is kept for them. */
export const PACK_FROM_ROWS = 300;
/** Past this many rows changed since the pack, reading them one by one costs more than a rebuild saves. */
export const PACK_REBUILD_AFTER = 200;
/** A write of more rows than this for one patient (a first sync's page) marks the whole pack stale. */
const MARK_WHOLE_AFTER = 50;
/** The change log is cleared with every pack when it grows past this (the packs are rebuilt when read). */
const DIRTY_LIMIT = 5_000;
/** A patient or a row the mark cannot name: every pack, or the whole pack, is stale. */
export const ALL = '*';
const PACK_AAD_TABLE = 'chart-packs';
/** Packs kept opened in memory per unlocked store (the charts open in the last few minutes). */
const OPENED_PACKS = 4;

const isClinical = (name: string): name is ClinicalTable => (CLINICAL_TABLES as readonly string[]).includes(name);

function markOf(table: ClinicalTable, request: DBCoreMutateRequest): ChartDirty | null {
  const whole = (patientId: string): ChartDirty => ({ table, patientIds: [patientId], rows: [{ patientId, id: ALL }] });
  if (request.type === 'deleteRange') return whole(ALL);
  if (request.type === 'delete') {
    const ids = request.keys.map(String);
    if (ids.length === 0) return null;
    if (ids.length > MARK_WHOLE_AFTER) return whole(ALL);
    return { table, patientIds: [ALL], rows: ids.map((id) => ({ patientId: ALL, id })) };
  }
  const byPatient = new Map<string, string[]>();
  for (const value of request.values as unknown[]) {
    const row = (value ?? {}) as { id?: unknown; patientId?: unknown };
    const patientId = typeof row.patientId === 'string' ? row.patientId : ALL;
    const id = row.id === undefined || row.id === null ? ALL : String(row.id);
    const ids = byPatient.get(patientId);
    if (ids) ids.push(id);
    else byPatient.set(patientId, [id]);
  }
  if (byPatient.size === 0) return null;
  const rows: ChartDirty['rows'] = [];
  for (const [patientId, ids] of byPatient) {
    if (ids.length > MARK_WHOLE_AFTER) rows.push({ patientId, id: ALL });
    else for (const id of ids) rows.push({ patientId, id });
  }
  return { table, patientIds: [...byPatient.keys()], rows };
}

function notingTable(name: ClinicalTable, table: DBCoreTable, dirty: DBCoreTable): DBCoreTable {
  return {
    ...table,
    async mutate(request) {
      const response = await table.mutate(request);
      // One mark per write, however many rows: a page of a sync adds one small row, not hundreds.
      const mark = markOf(name, request);
      if (mark) await dirty.mutate({ type: 'add', trans: request.trans, values: [mark] });
      return response;
    },
  };
}

/**
 * Widens every read-write transaction over a clinical table to `chartDirty` and notes the rows written,
 * so no write path can forget to.
 */
export const chartPackMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'chart-packs',
  create(down) {
    return {
      ...down,
      transaction(stores, mode, options) {
        const widen = mode === 'readwrite' && stores.some(isClinical) && !stores.includes('chartDirty');
        return down.transaction(widen ? [...stores, 'chartDirty'] : stores, mode, options);
      },
      table(name) {
        const table = down.table(name);
        return isClinical(name) ? notingTable(name, table, down.table('chartDirty')) : table;
      },
    };
  },
};

// ---------------------------------------------------------------- reading

interface OpenedPack {
  iv: string;
  records: ClinicalRecords;
}

const openedPacks = new WeakMap<StoreKey, Map<string, OpenedPack>>();

function ivText(iv: Uint8Array): string {
  let text = '';
  for (const byte of iv) text += String.fromCharCode(byte);
  return text;
}

async function openPack(
  store: StoreHandle,
  key: StoreKey,
  patientId: string,
  sealed: ChartPack['sealed'],
): Promise<ClinicalRecords | null> {
  const iv = ivText(sealed.iv);
  let cache = openedPacks.get(key);
  const known = cache?.get(patientId);
  if (known && known.iv === iv) return known.records;
  const opened = await openValue<ClinicalRecords>(key, store.practiceId, PACK_AAD_TABLE, patientId, sealed);
  if (!opened.ok) return null;
  if (!cache) {
    cache = new Map();
    openedPacks.set(key, cache);
  }
  cache.delete(patientId);
  cache.set(patientId, { iv, records: opened.plain });
  while (cache.size > OPENED_PACKS) {
    const oldest = cache.keys().next().value;
    if (oldest === undefined) break;
    cache.delete(oldest);
  }
  return opened.plain;
}

export function forgetOpenedPacks(key: StoreKey): void {
  openedPacks.delete(key);
}

/** What a pack read needs, read in one transaction: the pack, the marks since it, the rows they name. */
async function readPackSnapshot(db: DentalDb, patientId: string) {
  return db.transaction('r', [db.chartPacks, db.chartDirty, ...CLINICAL_TABLES.map((t) => db.table(t))], async () => {
    const pack = await db.chartPacks.get(patientId);
    if (!pack) return null;
    const marks = await db.chartDirty
      .where('patientIds')
      .anyOf([patientId, ALL])
      .distinct()
      .filter((mark) => (mark.seq ?? 0) > pack.cutAt)
      .toArray();
    const rows = marks.flatMap((mark) =>
      mark.rows
        .filter((row) => row.patientId === patientId || row.patientId === ALL)
        .map((row) => ({ table: mark.table, id: row.id })),
    );
    if (rows.length > PACK_REBUILD_AFTER || rows.some((row) => row.id === ALL)) return null;
    const changed = new Map<ClinicalTable, { ids: string[]; rows: (ClinicalRow | undefined)[] }>();
    for (const table of CLINICAL_TABLES) {
      const ids = [...new Set(rows.filter((row) => row.table === table).map((row) => row.id))];
      if (ids.length === 0) continue;
      changed.set(table, { ids, rows: await db.table<ClinicalRow, string>(table).bulkGet(ids) });
    }
    return { pack, changed };
  });
}

/**
 * The patient's records from the pack and the rows written since; null when there is no pack or it
 * cannot serve (too many changes, a delete it cannot place, a pack that does not open).
 */
export async function fromPack(
  store: StoreHandle,
  key: StoreKey,
  patientId: string,
  openRows: (table: ClinicalTable, rows: ClinicalRow[]) => Promise<PlainRecord[]>,
): Promise<ClinicalRecords | null> {
  const snapshot = await readPackSnapshot(store.db, patientId);
  if (!snapshot) return null;
  const packed = await openPack(store, key, patientId, snapshot.pack.sealed);
  if (!packed) return null;
  const result = {} as ClinicalRecords;
  for (const table of CLINICAL_TABLES) {
    const change = snapshot.changed.get(table);
    const records = packed[table] ?? [];
    if (!change) {
      result[table] = records.map((record) => ({ ...record }));
      continue;
    }
    const gone = new Set(change.ids);
    const kept = records.filter((record) => !gone.has(record.id)).map((record) => ({ ...record }));
    const present = change.rows.filter((row): row is ClinicalRow => row?.patientId === patientId);
    result[table] = [...kept, ...(await openRows(table, present))];
  }
  return result;
}

/** Stores with a pack on its way per patient: reads meanwhile do not start another over the same rows. */
const packing = new WeakMap<StoreHandle, Set<string>>();

/**
 * Seals the records read at `cutAt` as the patient's pack and forgets the marks every pack has passed.
 * A pack from an older read than the one on disk (another tab got there first) is dropped.
 */
async function writePack(
  store: StoreHandle,
  key: StoreKey,
  patientId: string,
  records: ClinicalRecords,
  cutAt: number,
): Promise<void> {
  const { db } = store;
  const started = performance.now();
  const sealed = await sealValue(key, store.practiceId, PACK_AAD_TABLE, patientId, records);
  await db.transaction('rw', [db.chartPacks, db.chartDirty, db.meta], async () => {
    // The cut is the pack's index key: compared without reading the sealed records.
    const newer = await db.chartPacks.where('cutAt').aboveOrEqual(cutAt).primaryKeys();
    if (newer.includes(patientId)) return;
    // Marks after this read were forgotten since: the pack could not be overlaid with them.
    if (cutAt < Number((await getMeta(db, 'chartMarksPrunedThrough')) ?? 0)) return;
    await db.chartPacks.put({ patientId, cutAt, sealed });
    await pruneMarks(db);
  });
  markMoment('chart-pack-built', { ms: performance.now() - started });
}

/**
 * Forgets the marks no pack needs: those every pack was cut after, and those of patients with no pack (a
 * pack made later is cut after them). Notes how far it went, so a pack read before cannot be written.
 * Past DIRTY_LIMIT marks, every pack goes too (each is rebuilt when its chart is next read).
 * Call inside a read-write transaction over chartPacks, chartDirty and meta.
 */
async function pruneMarks(db: DentalDb): Promise<void> {
  const before = Number((await getMeta(db, 'chartMarksPrunedThrough')) ?? 0);
  const last = Math.max(before, Number((await db.chartDirty.orderBy('seq').lastKey()) ?? 0));
  if ((await db.chartDirty.count()) > DIRTY_LIMIT) {
    await db.chartPacks.clear();
    await db.chartDirty.clear();
  } else {
    const cuts = await packCuts(db);
    const minCut = cuts.size > 0 ? Math.min(...cuts.values()) : last;
    await db.chartDirty.where('seq').belowOrEqual(minCut).delete();
    await db.chartDirty
      .where('seq')
      .above(minCut)
      .filter((mark) => mark.patientIds.every((patientId) => patientId !== ALL && !cuts.has(patientId)))
      .delete();
  }
  await db.meta.put({ key: 'chartMarksPrunedThrough', value: last });
}

/** After a sync: forgets the marks no pack needs. */
export async function pruneChartMarks(db: DentalDb): Promise<void> {
  await db.transaction('rw', [db.chartPacks, db.chartDirty, db.meta], () => pruneMarks(db));
}

/** Reads the patient's rows, and the mark they were read at, in one transaction. */
export async function readRows(db: DentalDb, patientId: string) {
  return db.transaction('r', [db.chartDirty, db.meta, ...CLINICAL_TABLES.map((t) => db.table(t))], async () => {
    const rows = {} as Record<ClinicalTable, ClinicalRow[]>;
    for (const table of CLINICAL_TABLES) {
      rows[table] = await db.table<ClinicalRow, string>(table).where('patientId').equals(patientId).toArray();
    }
    // The marks may all have been forgotten: the read is then as recent as the last one forgotten.
    const lastMark = Number((await db.chartDirty.orderBy('seq').lastKey()) ?? 0);
    const pruned = Number((await getMeta(db, 'chartMarksPrunedThrough')) ?? 0);
    return { rows, cutAt: Math.max(lastMark, pruned) };
  });
}

/**
 * After a row-by-row read of a long chart: packs it in the background, outside the caller's live query.
 * Resolves once the pack is written (or was not worth writing); never rejects.
 */
export function packLater(
  store: StoreHandle,
  key: StoreKey,
  patientId: string,
  records: ClinicalRecords,
  cutAt: number,
): Promise<void> {
  const count = CLINICAL_TABLES.reduce((sum, table) => sum + records[table].length, 0);
  if (count < PACK_FROM_ROWS) return Promise.resolve();
  if (CLINICAL_TABLES.some((table) => records[table].some((record) => record.decryptionError === true))) {
    return Promise.resolve();
  }
  let busy = packing.get(store);
  if (!busy) {
    busy = new Set();
    packing.set(store, busy);
  }
  if (busy.has(patientId)) return Promise.resolve();
  busy.add(patientId);
  const running = busy;
  return new Promise((resolve) => {
    setTimeout(() => {
      Dexie.ignoreTransaction(() => writePack(store, key, patientId, records, cutAt))
        .catch(() => undefined)
        .finally(() => {
          running.delete(patientId);
          resolve();
        });
    }, 0);
  });
}

/** The cut of every pack on disk, by patient, read from the index alone (no sealed records). */
async function packCuts(db: DentalDb): Promise<Map<string, number>> {
  return db.transaction('r', db.chartPacks, async () => {
    const cuts = (await db.chartPacks.orderBy('cutAt').keys()) as number[];
    const patients = await db.chartPacks.orderBy('cutAt').primaryKeys();
    return new Map(patients.map((patientId, index) => [patientId, cuts[index] ?? 0]));
  });
}

/**
 * The patients whose long chart has no usable pack after a sync: without a pack, those with at least
 * PACK_FROM_ROWS rows written; with one, those with more changes than a read overlays; and those written
 * as a whole (a big page of a sync) whose chart is long enough. Read from the marks, not the rows.
 */
export async function chartsToPack(db: DentalDb): Promise<string[]> {
  const [marks, cuts] = await Promise.all([db.chartDirty.toArray(), packCuts(db)]);
  // Rows written per patient since its pack (or at all, without one), and patients written as a whole.
  const written = new Map<string, number>();
  const whole = new Set<string>();
  for (const mark of marks) {
    for (const { patientId, id } of mark.rows) {
      const cut = cuts.get(patientId);
      if (patientId === ALL || (cut !== undefined && (mark.seq ?? 0) <= cut)) continue;
      if (id === ALL) whole.add(patientId);
      else written.set(patientId, (written.get(patientId) ?? 0) + 1);
    }
  }
  // Without a pack, a chart this long is worth one; with one, this many changes make the pack read row by row.
  const needed = (patientId: string) => (cuts.has(patientId) ? PACK_REBUILD_AFTER + 1 : PACK_FROM_ROWS);
  const long = [...written].filter(([patientId, count]) => count >= needed(patientId) && !whole.has(patientId));
  const candidates = [...long.map(([patientId]) => patientId)];
  // A whole mark says nothing of the chart's size: counted on the rows.
  for (const patientId of whole) {
    let count = 0;
    for (const table of CLINICAL_TABLES) count += await db.table(table).where('patientId').equals(patientId).count();
    if (count >= PACK_FROM_ROWS) candidates.push(patientId);
  }
  return candidates;
}
