import { DEFAULT_COMMUNICATION_PREFERENCE } from '@dental/domain/patients/patient.schema';
import type { SyncedTable } from '@dental/domain/sync/protocol';
import { DECRYPTION_ERROR, openRecords, sealRecords } from '../crypto/seal.ts';
import type { StoreKey } from '../crypto/store-key.ts';
import type { StoreHandle } from '../db/handle.ts';
import {
  CLEAR_FIELDS,
  type ClearRow,
  isSealedTable,
  type RowOf,
  type SealedTable,
  type StoredRow,
} from '../db/rows.ts';
import type { PlainRecord } from '../types.ts';

/** What a record's sealed fields read as when its ciphertext fails (spec 8's marker). */
const DECRYPTION_FALLBACK: Record<SealedTable, () => Record<string, unknown>> = {
  patients: () => ({
    firstName: DECRYPTION_ERROR,
    lastName: DECRYPTION_ERROR,
    email: DECRYPTION_ERROR,
    phone: DECRYPTION_ERROR,
    dateOfBirth: DECRYPTION_ERROR,
    address: DECRYPTION_ERROR,
    city: DECRYPTION_ERROR,
    province: DECRYPTION_ERROR,
    zipCode: DECRYPTION_ERROR,
    emergencyContact: DECRYPTION_ERROR,
    emergencyPhone: DECRYPTION_ERROR,
    // Restricted sections are hidden rather than shown as "no allergies": the safe reading of unknown.
    medicalHistory: { communicationPreference: DEFAULT_COMMUNICATION_PREFERENCE },
    restricted: ['medicalHistory', 'insurance'],
    createdAt: DECRYPTION_ERROR,
  }),
  appointments: () => ({
    patient: { firstName: DECRYPTION_ERROR, lastName: DECRYPTION_ERROR },
    patientName: DECRYPTION_ERROR,
    patientPhone: DECRYPTION_ERROR,
    procedure: DECRYPTION_ERROR,
    notes: DECRYPTION_ERROR,
    providerName: DECRYPTION_ERROR,
    providerColor: null,
    createdAt: DECRYPTION_ERROR,
  }),
  // The provider and the days stay clear, so an absence that cannot be opened still blocks its days.
  provider_absences: () => ({
    reason: DECRYPTION_ERROR,
    notes: DECRYPTION_ERROR,
    emergencyContact: null,
    createdBy: null,
    createdAt: DECRYPTION_ERROR,
  }),
  // The patient and the due date stay clear, so the recall still lists (as unreadable) on the patient's page.
  recalls: () => ({
    recallTypeId: null,
    recallTypeName: DECRYPTION_ERROR,
    lastVisitDate: null,
    priority: DECRYPTION_ERROR,
    notes: DECRYPTION_ERROR,
    status: DECRYPTION_ERROR,
    createdBy: null,
    createdAt: DECRYPTION_ERROR,
  }),
  // Who the link is with stays clear, so it still lists (as unreadable) and links to the relative.
  family_relationships: () => ({
    relationshipType: DECRYPTION_ERROR,
    relatedPatient: { firstName: DECRYPTION_ERROR, lastName: DECRYPTION_ERROR },
  }),
  form_sends: () => ({
    templateId: null,
    title: DECRYPTION_ERROR,
    category: null,
    method: DECRYPTION_ERROR,
    status: DECRYPTION_ERROR,
    sentBy: null,
  }),
  // Clinical rows that cannot be opened keep their patient and id: the chart lists them as unreadable and
  // leaves them out of the odontogram's projection rather than drawing a tooth named DECRYPTION_ERROR.
  clinical_entries: () => ({
    tooth: DECRYPTION_ERROR,
    surfaces: [],
    state: null,
    condition: null,
    material: null,
    status: 'existing',
    procedureCode: null,
    appointmentId: null,
    replaces: [],
    recordedBy: 0,
    recordedByName: DECRYPTION_ERROR,
    recordedAt: DECRYPTION_ERROR,
    voidedAt: null,
    voidedBy: null,
    voidedByName: null,
    voidReason: null,
  }),
  perio_exams: () => ({
    appointmentId: null,
    examDate: DECRYPTION_ERROR,
    teeth: {},
    recordedBy: 0,
    recordedByName: DECRYPTION_ERROR,
    recordedAt: DECRYPTION_ERROR,
  }),
  clinical_notes: () => ({
    appointmentId: null,
    templateId: null,
    body: DECRYPTION_ERROR,
    // Read as signed: an unreadable note is never offered for editing, which would overwrite it.
    status: 'signed',
    createdBy: 0,
    createdByName: DECRYPTION_ERROR,
    createdAt: DECRYPTION_ERROR,
    signedAt: null,
    signedBy: null,
    signedByName: DECRYPTION_ERROR,
    addenda: [],
  }),
  treatment_plans: () => ({
    title: DECRYPTION_ERROR,
    status: 'completed',
    phases: [],
    notes: null,
    createdBy: 0,
    createdByName: DECRYPTION_ERROR,
    createdAt: DECRYPTION_ERROR,
    proposedAt: DECRYPTION_ERROR,
    acceptedAt: null,
    acceptedByName: null,
    signature: null,
  }),
};

function splitRecord(store: StoreHandle, table: SealedTable, record: PlainRecord) {
  const allowed: readonly string[] = CLEAR_FIELDS[table];
  const clear: Record<string, unknown> = {};
  const secret: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(record)) {
    if (field === 'sealed' || field === 'decryptionError') continue;
    if (allowed.includes(field)) clear[field] = value;
    else secret[field] = value;
  }
  clear.id = String(record.id);
  clear.practiceId = typeof record.practiceId === 'number' ? record.practiceId : store.practiceId;
  clear.version = typeof record.version === 'number' ? record.version : 0;
  clear.updatedAt = typeof record.updatedAt === 'string' ? record.updatedAt : store.clock().toISOString();
  if (table === 'appointments' && typeof record.appointmentDate === 'string') {
    clear.day = store.calendar.dayOf(record.appointmentDate);
  }
  return { clear, secret };
}

/** Records to rows: patient data sealed in one batch. Call before opening a transaction. */
export async function toStoredRows<T extends SyncedTable>(
  store: StoreHandle,
  key: StoreKey,
  table: T,
  records: readonly PlainRecord[],
): Promise<RowOf[T][]> {
  if (!isSealedTable(table)) {
    return records.map((record) => ({ ...record, id: String(record.id) }) as ClearRow as RowOf[T]);
  }
  const parts = records.map((record) => splitRecord(store, table, record));
  const sealed = await sealRecords(
    key,
    store.practiceId,
    table,
    parts.map(({ clear, secret }) => ({ id: String(clear.id), plain: secret })),
  );
  return parts.map(({ clear }, index) => ({ ...clear, sealed: sealed[index]?.sealed }) as unknown as RowOf[T]);
}

/** Rows to records, decrypting in one batch; a row that fails reads DECRYPTION_ERROR, alone. */
export async function fromStoredRows(
  store: StoreHandle,
  key: StoreKey,
  table: SyncedTable,
  rows: readonly StoredRow[],
): Promise<PlainRecord[]> {
  if (!isSealedTable(table)) return rows.map((row) => ({ ...row }));
  const sealedRows = rows as readonly RowOf[SealedTable][];
  const opened = await openRecords<Record<string, unknown>>(
    key,
    store.practiceId,
    table,
    sealedRows.map((row) => ({ id: row.id, sealed: row.sealed })),
  );
  return sealedRows.map((row, index) => {
    const { sealed: _sealed, ...clear } = row;
    const result = opened[index];
    if (result?.ok) return { ...result.plain, ...clear };
    return { ...DECRYPTION_FALLBACK[table](), ...clear, decryptionError: true };
  });
}

/** Bulk load (first sync, imports, benchmarks): seal the batch, then one transaction. */
export async function putSealedBatch<T extends SyncedTable>(
  store: StoreHandle,
  key: StoreKey,
  table: T,
  records: readonly PlainRecord[],
): Promise<number> {
  const rows = await toStoredRows(store, key, table, records);
  const target = store.db.synced(table);
  await store.db.transaction('rw', target, () => target.bulkPut(rows));
  return rows.length;
}

/** Applies a body's fields to a record: only fields the record has, so `override` and the like stay out. */
export function mergeBody(record: PlainRecord, body: unknown): PlainRecord {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return record;
  const merged: PlainRecord = { ...record };
  for (const [field, value] of Object.entries(body)) {
    if (field !== 'id' && field in record && value !== undefined) merged[field] = value;
  }
  return merged;
}
