import { type VisitHistory, visitHistories } from '@dental/domain/scheduling/no-show-risk';
import type { SyncedTable } from '@dental/domain/sync/protocol';
import type { StoreKey } from '../crypto/store-key.ts';
import type { StoreHandle } from '../db/handle.ts';
import type { ClearRow, ClearTable, StoredRow } from '../db/rows.ts';
import type {
  LocalAbsence,
  LocalAppointment,
  LocalFamilyRelationship,
  LocalPatient,
  LocalRecall,
  LocalSentForm,
  PlainRecord,
} from '../types.ts';
import { fromStoredRows } from './records.ts';
import { readRoster } from './roster.ts';

/** Every patient of the practice, decrypted: from the sealed roster pages when they are current. */
export async function readPatients(store: StoreHandle, key: StoreKey): Promise<LocalPatient[]> {
  return (await readRoster(store, key)) as unknown as LocalPatient[];
}

/** Stored rows of one table, opened and typed as that table's records. */
async function opened<T>(
  store: StoreHandle,
  key: StoreKey,
  table: SyncedTable,
  rows: readonly StoredRow[],
): Promise<T[]> {
  return (await fromStoredRows(store, key, table, rows)) as unknown as T[];
}

/** One day of the schedule (YYYY-MM-DD on the practice's clock), in start order. */
export function readAppointmentsForDay(store: StoreHandle, key: StoreKey, day: string): Promise<LocalAppointment[]> {
  return readAppointmentsForDays(store, key, day, day);
}

/** Every appointment of one patient, cancelled and no-show included, oldest first. */
export async function readAppointmentsForPatient(
  store: StoreHandle,
  key: StoreKey,
  patientId: string,
): Promise<LocalAppointment[]> {
  const rows = await store.db.appointments.where('patientId').equals(patientId).sortBy('appointmentDate');
  return opened<LocalAppointment>(store, key, 'appointments', rows);
}

/**
 * Kept and missed visits before `before` of these patients, from the rows' clear index fields alone:
 * nothing is decrypted, so a whole day's patients cost one index read.
 */
export async function readVisitHistories(
  store: StoreHandle,
  patientIds: readonly string[],
  before: string,
): Promise<Map<string, VisitHistory>> {
  if (patientIds.length === 0) return new Map();
  const rows = await store.db.appointments
    .where('patientId')
    .anyOf([...new Set(patientIds)])
    .toArray();
  return visitHistories(rows, before);
}

/** Every recall of one patient, soonest due first (ties by id, as the server lists them). */
export async function readRecallsForPatient(
  store: StoreHandle,
  key: StoreKey,
  patientId: string,
): Promise<LocalRecall[]> {
  const rows = await store.db.recalls.where('patientId').equals(patientId).toArray();
  rows.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id.localeCompare(b.id));
  return opened<LocalRecall>(store, key, 'recalls', rows);
}

/** Recalls due between two practice days (YYYY-MM-DD, both included), soonest due first (ties by id). */
export async function readRecallsDue(
  store: StoreHandle,
  key: StoreKey,
  from: string,
  to: string,
): Promise<LocalRecall[]> {
  const rows = await store.db.recalls.where('dueDate').between(from, to, true, true).toArray();
  rows.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id.localeCompare(b.id));
  return opened<LocalRecall>(store, key, 'recalls', rows);
}

/**
 * The patient's family links, by the relative's last then first name (ties by id), as the server lists
 * them. The names are sealed, so the order is settled after opening.
 */
export async function readFamilyForPatient(
  store: StoreHandle,
  key: StoreKey,
  patientId: string,
): Promise<LocalFamilyRelationship[]> {
  const rows = await store.db.family_relationships.where('patientId').equals(patientId).toArray();
  const links = await opened<LocalFamilyRelationship>(store, key, 'family_relationships', rows);
  const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return links.sort(
    (a, b) =>
      byCode(a.relatedPatient.lastName, b.relatedPatient.lastName) ||
      byCode(a.relatedPatient.firstName, b.relatedPatient.firstName) ||
      byCode(a.id, b.id),
  );
}

/** The forms sent to the patient, newest first (ties by id, as the server lists them). */
export async function readSentFormsForPatient(
  store: StoreHandle,
  key: StoreKey,
  patientId: string,
): Promise<LocalSentForm[]> {
  const rows = await store.db.form_sends.where('patientId').equals(patientId).toArray();
  rows.sort((a, b) => b.sentAt.localeCompare(a.sentAt) || a.id.localeCompare(b.id));
  return opened<LocalSentForm>(store, key, 'form_sends', rows);
}

/** Provider absences overlapping the practice days [from, to] (YYYY-MM-DD, inclusive). */
export async function readAbsences(
  store: StoreHandle,
  key: StoreKey,
  from: string,
  to = from,
): Promise<LocalAbsence[]> {
  const rows = await store.db.provider_absences
    .where('startDate')
    .belowOrEqual(to)
    .filter((row) => row.endDate >= from)
    .toArray();
  return opened<LocalAbsence>(store, key, 'provider_absences', rows);
}

/** Every appointment of the practice days [from, to] (inclusive), cancelled ones included, in start order. */
export async function readAppointmentsForDays(
  store: StoreHandle,
  key: StoreKey,
  from: string,
  to: string,
): Promise<LocalAppointment[]> {
  const rows = await store.db.appointments.where('day').between(from, to, true, true).sortBy('appointmentDate');
  return opened<LocalAppointment>(store, key, 'appointments', rows);
}

/** A table without patient data (rooms, users, hours, maintenance, forms, recall types), as stored. */
export function readTable(store: StoreHandle, table: ClearTable): Promise<ClearRow[]> {
  return store.db.synced(table).toArray();
}

/** One record of any synced table, decrypted; undefined when it is not stored. */
export async function readRecord(
  store: StoreHandle,
  key: StoreKey,
  table: SyncedTable,
  id: string,
): Promise<PlainRecord | undefined> {
  const row = (await store.db.table(table).get(id)) as StoredRow | undefined;
  if (!row) return undefined;
  const [record] = await fromStoredRows(store, key, table, [row]);
  return record;
}

/** Every row of every table on the device, outbox and bookkeeping included. */
export async function countRecords(store: StoreHandle): Promise<number> {
  const counts = await Promise.all(store.db.tables.map((table) => table.count()));
  return counts.reduce((a, b) => a + b, 0);
}
