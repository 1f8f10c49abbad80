/**
 * Reading a patient's chart from the device. A 20-year chart is thousands of sealed rows; a live query
 * re-reads it after every charted surface, so opened rows are kept in memory while the store is unlocked,
 * keyed by the row and the IV it was sealed with. Any rewrite of a row (a void, a pull, an acknowledgement,
 * a rollback) seals it afresh with a new IV, so a memo can be stale in memory but never shown: a row whose
 * IV differs is opened again.
 */
import { chartView } from '@dental/domain/clinical/chart-view';
import type { ChartEntry } from '@dental/domain/clinical/entry';
import type { ProcedureFee } from '@dental/domain/clinical/fees';
import type { NoteTemplate } from '@dental/domain/clinical/notes';
import { openValue } from '../crypto/seal.ts';
import type { StoreKey } from '../crypto/store-key.ts';
import type { StoreHandle } from '../db/handle.ts';
import type { ClinicalRow, ClinicalTable, NoteDraftRow } from '../db/rows.ts';
import type {
  LocalChartEntry,
  LocalClinicalChart,
  LocalClinicalNote,
  LocalPerioExam,
  LocalTreatmentPlan,
  PlainRecord,
} from '../types.ts';
import {
  type ClinicalRecords,
  chartsToPack,
  forgetOpenedPacks,
  fromPack,
  packLater,
  pruneChartMarks,
  readRows,
} from './chart-pack.ts';
import { fromStoredRows } from './records.ts';

/** Past this many opened rows per unlocked store the memo starts over, bounding the memory it holds. */
const MEMO_LIMIT = 60_000;

interface Memo {
  size: number;
  tables: Map<ClinicalTable, Map<string, { iv: string; record: PlainRecord }>>;
}

const memos = new WeakMap<StoreKey, Memo>();

function memoOf(key: StoreKey): Memo {
  let memo = memos.get(key);
  if (!memo) {
    memo = { size: 0, tables: new Map() };
    memos.set(key, memo);
  }
  return memo;
}

/** Drops what this store's key has opened (sign-out, practice switch). */
export function forgetOpenedClinical(key: StoreKey): void {
  memos.delete(key);
  forgetOpenedPacks(key);
}

function ivText(iv: Uint8Array): string {
  let text = '';
  for (const byte of iv) text += String.fromCharCode(byte);
  return text;
}

/** Clinical rows to records: the memo's copy for rows unchanged since they were opened, the rest decrypted in one batch. */
export async function openClinicalRows<T>(
  store: StoreHandle,
  key: StoreKey,
  table: ClinicalTable,
  rows: readonly ClinicalRow[],
): Promise<T[]> {
  if (key.locked) return (await fromStoredRows(store, key, table, rows)) as unknown as T[];
  const memo = memoOf(key);
  let opened = memo.tables.get(table);
  if (!opened) {
    opened = new Map();
    memo.tables.set(table, opened);
  }
  const out: PlainRecord[] = new Array(rows.length);
  const missing: { index: number; row: ClinicalRow; iv: string }[] = [];
  rows.forEach((row, index) => {
    const iv = ivText(row.sealed.iv);
    const known = opened.get(row.id);
    if (known && known.iv === iv) {
      // The clear fields (version, updatedAt) can change without a new seal: always the row's own.
      const { sealed: _sealed, ...clear } = row;
      out[index] = { ...known.record, ...clear };
    } else missing.push({ index, row, iv });
  });
  if (missing.length > 0) {
    const records = await fromStoredRows(
      store,
      key,
      table,
      missing.map(({ row }) => row),
    );
    if (memo.size + missing.length > MEMO_LIMIT) {
      memo.tables.clear();
      memo.size = 0;
      memo.tables.set(table, opened);
      opened.clear();
    }
    missing.forEach(({ index, row, iv }, n) => {
      const record = records[n] as PlainRecord;
      out[index] = record;
      if (record.decryptionError) return;
      if (!opened.has(row.id)) memo.size += 1;
      opened.set(row.id, { iv, record });
    });
  }
  // Each record is a fresh object; what it holds (surfaces, addenda, phases) is shared with the memo and
  // read-only, as every record a read returns is.
  return out.map((record) => ({ ...record })) as unknown as T[];
}

/**
 * Every clinical record of the patient, table by table: from the patient's pack and the rows written
 * since when there is one, else row by row (and a pack made from that read for a long chart).
 */
export async function readPatientClinical(
  store: StoreHandle,
  key: StoreKey,
  patientId: string,
): Promise<ClinicalRecords> {
  return (await readAndPack(store, key, patientId)).records;
}

async function readAndPack(
  store: StoreHandle,
  key: StoreKey,
  patientId: string,
): Promise<{ records: ClinicalRecords; packed: Promise<void> }> {
  const open = (table: ClinicalTable, rows: ClinicalRow[]) => openClinicalRows<PlainRecord>(store, key, table, rows);
  const packed = await fromPack(store, key, patientId, open);
  if (packed) return { records: packed, packed: Promise.resolve() };
  const { rows, cutAt } = await readRows(store.db, patientId);
  const [entries, exams, notes, plans] = await Promise.all([
    open('clinical_entries', rows.clinical_entries),
    open('perio_exams', rows.perio_exams),
    open('clinical_notes', rows.clinical_notes),
    open('treatment_plans', rows.treatment_plans),
  ]);
  const records: ClinicalRecords = {
    clinical_entries: entries,
    perio_exams: exams,
    clinical_notes: notes,
    treatment_plans: plans,
  };
  return { records, packed: packLater(store, key, patientId, records, cutAt) };
}

/** Stores packing the charts a sync brought: one run at a time. */
const packingAfterSync = new WeakSet<StoreHandle>();

/**
 * After a sync: packs the long charts it brought or rewrote as a whole, one after the other in the
 * background, so even the first opening of a 20-year chart on this device reads one pack.
 */
export async function packSyncedCharts(store: StoreHandle, key: StoreKey): Promise<number> {
  if (packingAfterSync.has(store)) return 0;
  packingAfterSync.add(store);
  let packed = 0;
  try {
    for (const patientId of await chartsToPack(store.db)) {
      if (key.locked || !store.db.isOpen()) break;
      await (await readAndPack(store, key, patientId)).packed;
      packed += 1;
    }
    if (!key.locked && store.db.isOpen()) await pruneChartMarks(store.db);
  } finally {
    packingAfterSync.delete(store);
  }
  return packed;
}

export async function readClinicalRecords<T>(
  store: StoreHandle,
  key: StoreKey,
  table: ClinicalTable,
  patientId: string,
): Promise<T[]> {
  const rows = await store.db.table<ClinicalRow, string>(table).where('patientId').equals(patientId).toArray();
  return openClinicalRows<T>(store, key, table, rows);
}

export async function readClinicalRecord<T>(
  store: StoreHandle,
  key: StoreKey,
  table: ClinicalTable,
  id: string,
): Promise<T | undefined> {
  const row = await store.db.table<ClinicalRow, string>(table).get(id);
  if (!row) return undefined;
  const [record] = await openClinicalRows<T>(store, key, table, [row]);
  return record;
}

/** The device's unsaved typing of one note, opened; null when there is none or it cannot be opened. */
export async function readDraft(store: StoreHandle, key: StoreKey, noteId: string): Promise<string | null> {
  const row = await store.db.note_drafts.get(noteId);
  return row ? openDraft(store, key, row) : null;
}

async function openDraft(store: StoreHandle, key: StoreKey, row: NoteDraftRow): Promise<string | null> {
  const opened = await openValue<{ body: string }>(key, store.practiceId, 'note_drafts', row.id, row.sealed);
  return opened.ok && typeof opened.plain.body === 'string' ? opened.plain.body : null;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** As the server lists plans: the latest proposal first. */
const newestProposalFirst = (a: LocalTreatmentPlan, b: LocalTreatmentPlan) =>
  byText(b.proposedAt, a.proposedAt) || byText(a.id, b.id);

/**
 * The patient's chart as GET /api/clinical-charts/{patientId} gives it, from the device only, in the
 * server's orders: entries, perio exams and notes oldest first, plans latest proposal first. An entry that
 * cannot be opened is listed but left out of the odontogram. Each note carries the device's draft when it
 * differs from the note's body.
 */
export async function readChart(store: StoreHandle, key: StoreKey, patientId: string): Promise<LocalClinicalChart> {
  const [records, draftRows] = await Promise.all([
    readPatientClinical(store, key, patientId),
    store.db.note_drafts.where('patientId').equals(patientId).toArray(),
  ]);
  const drafts = await Promise.all(draftRows.map(async (row) => [row.id, await openDraft(store, key, row)] as const));
  const entries = records.clinical_entries as unknown as LocalChartEntry[];
  const perioExams = records.perio_exams as unknown as LocalPerioExam[];
  const notes = records.clinical_notes as unknown as Omit<LocalClinicalNote, 'draftBody'>[];
  const plans = records.treatment_plans as unknown as LocalTreatmentPlan[];
  entries.sort((a, b) => byText(a.recordedAt, b.recordedAt) || byText(a.id, b.id));
  perioExams.sort((a, b) => byText(a.examDate, b.examDate) || byText(a.recordedAt, b.recordedAt) || byText(a.id, b.id));
  const draftOf = new Map(drafts);
  const withDrafts: LocalClinicalNote[] = notes.map((note) => {
    const draft = draftOf.get(note.id) ?? null;
    return { ...note, draftBody: draft !== null && draft !== note.body && note.status !== 'signed' ? draft : null };
  });
  withDrafts.sort((a, b) => byText(a.createdAt, b.createdAt) || byText(a.id, b.id));
  plans.sort(newestProposalFirst);
  const readable = entries.filter((entry) => !entry.decryptionError) as ChartEntry[];
  const { teeth } = chartView(patientId, { entries: readable, perioExams: [], notes: [], plans: [] });
  return { patientId, teeth, entries, perioExams, notes: withDrafts, plans };
}

/** Every plan of the patient, or of the practice, latest proposal first. */
export async function readPlans(store: StoreHandle, key: StoreKey, patientId?: string): Promise<LocalTreatmentPlan[]> {
  const table = store.db.treatment_plans;
  const rows = patientId ? await table.where('patientId').equals(patientId).toArray() : await table.toArray();
  const plans = await openClinicalRows<LocalTreatmentPlan>(store, key, 'treatment_plans', rows);
  return plans.sort(newestProposalFirst);
}

/** The treatment note library, inactive templates included, by category then name. */
export async function readTemplates(store: StoreHandle): Promise<NoteTemplate[]> {
  const rows = (await store.db.note_templates.toArray()) as unknown as NoteTemplate[];
  return rows.sort((a, b) => byText(a.category, b.category) || byText(a.name, b.name) || byText(a.id, b.id));
}

/** The practice's fee schedule as synced (the sample schedule until the practice imports its own), by code. */
export async function readFees(store: StoreHandle): Promise<(ProcedureFee & { id: string })[]> {
  const rows = (await store.db.procedure_fees.toArray()) as unknown as (ProcedureFee & { id: string })[];
  return rows.sort((a, b) => byText(a.code, b.code));
}
