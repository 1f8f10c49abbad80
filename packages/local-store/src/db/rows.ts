/**
 * The shapes stored in IndexedDB. Anything identifying a patient lives only inside `sealed`;
 * the clear fields are the ones indexes and the schedule grid need without unlocking.
 */
import type { SyncedTable } from '@dental/domain/sync/protocol';
import type { Sealed } from '../crypto/seal.ts';
import type { ClearRow } from '../types.ts';

export type { ClearRow } from '../types.ts';

export type SealedTable =
  | 'patients'
  | 'appointments'
  | 'provider_absences'
  | 'recalls'
  | 'family_relationships'
  | 'form_sends'
  | ClinicalTable;
/** The clinical tables holding a patient's chart: every field but the patient and the bookkeeping is sealed. */
export type ClinicalTable = 'clinical_entries' | 'perio_exams' | 'clinical_notes' | 'treatment_plans';
export const CLINICAL_TABLES: readonly ClinicalTable[] = [
  'clinical_entries',
  'perio_exams',
  'clinical_notes',
  'treatment_plans',
];
export type ClearTable = Exclude<SyncedTable, SealedTable>;

export const SEALED_TABLES: readonly SealedTable[] = [
  'patients',
  'appointments',
  'provider_absences',
  'recalls',
  'family_relationships',
  'form_sends',
  ...CLINICAL_TABLES,
];

export function isSealedTable(table: SyncedTable): table is SealedTable {
  return (SEALED_TABLES as readonly string[]).includes(table);
}

/**
 * Allow-lists of what may stay in clear. Every other field of a record is sealed, so a field the
 * server adds later is encrypted by default rather than leaked by default.
 */
export const CLEAR_FIELDS = {
  patients: ['id', 'practiceId', 'status', 'isActive', 'updatedAt', 'version', 'preferredProviderId'],
  appointments: [
    'id',
    'practiceId',
    'patientId',
    'providerId',
    'assistantId',
    'treatmentRoom',
    'appointmentDate',
    'day',
    'duration',
    'status',
    'appointmentType',
    'checkedInAt',
    'completedAt',
    'updatedAt',
    'version',
  ],
  // Why a provider is away (sick leave) and the notes about it are personal: only what a day's read needs is clear.
  provider_absences: ['id', 'practiceId', 'providerId', 'startDate', 'endDate', 'updatedAt', 'version'],
  // What a patient is recalled for, and the notes about it, are health information: only the patient and the due date are clear.
  recalls: ['id', 'practiceId', 'patientId', 'dueDate', 'updatedAt', 'version'],
  // Who is related to whom is clear (to file the link by patient); how they are related, and the name, are sealed.
  family_relationships: ['id', 'practiceId', 'patientId', 'relatedPatientId', 'updatedAt', 'version'],
  // Which form went to the patient, how, and by whom are sealed: only the patient and the date are clear.
  form_sends: ['id', 'practiceId', 'patientId', 'sentAt', 'updatedAt', 'version'],
  // A chart is health information through and through: the tooth, the finding, who charted it and when
  // are all sealed. Only the patient it belongs to stays clear, so a chart reads by one index range.
  clinical_entries: ['id', 'practiceId', 'patientId', 'updatedAt', 'version'],
  perio_exams: ['id', 'practiceId', 'patientId', 'updatedAt', 'version'],
  clinical_notes: ['id', 'practiceId', 'patientId', 'updatedAt', 'version'],
  treatment_plans: ['id', 'practiceId', 'patientId', 'updatedAt', 'version'],
} as const satisfies Record<SealedTable, readonly string[]>;

interface SealedRowBase {
  id: string;
  practiceId: number;
  updatedAt: string;
  /** The server's change-log version; 0 while only the optimistic local copy exists. */
  version: number;
  sealed: Sealed;
}

export interface PatientRow extends SealedRowBase {
  status: string;
  isActive: boolean;
  preferredProviderId: number | null;
}

export interface AppointmentRow extends SealedRowBase {
  patientId: string;
  providerId: number;
  assistantId: number | null;
  treatmentRoom: string;
  appointmentDate: string;
  /** YYYY-MM-DD on the practice's clock, from the store's calendar, so a day's query is one index range. */
  day: string;
  duration: number;
  status: string;
  appointmentType: string | null;
  checkedInAt: string | null;
  completedAt: string | null;
}

export interface AbsenceRow extends SealedRowBase {
  providerId: number;
  /** YYYY-MM-DD practice days, inclusive. */
  startDate: string;
  endDate: string;
}

export interface RecallRow extends SealedRowBase {
  patientId: string;
  /** YYYY-MM-DD. */
  dueDate: string;
}

export interface FamilyRelationshipRow extends SealedRowBase {
  patientId: string;
  relatedPatientId: string;
}

export interface FormSendRow extends SealedRowBase {
  patientId: string;
  /** ISO instant. */
  sentAt: string;
}

/** A row of a clinical table: the patient in clear, everything else sealed. */
export interface ClinicalRow extends SealedRowBase {
  patientId: string;
}

/**
 * A note's typing not yet saved into the note (local only, never synced, no outbox): keyed by the note's
 * id, its body sealed with AAD `${practiceId}/note_drafts/${noteId}`.
 */
export interface NoteDraftRow {
  id: string;
  patientId: string;
  /** ISO instant of the last keystroke saved. */
  updatedAt: string;
  sealed: Sealed;
}

export type StoredRow =
  | PatientRow
  | AppointmentRow
  | AbsenceRow
  | RecallRow
  | FamilyRelationshipRow
  | FormSendRow
  | ClinicalRow
  | ClearRow;

export interface RowOf {
  patients: PatientRow;
  appointments: AppointmentRow;
  treatment_rooms: ClearRow;
  users: ClearRow;
  practice_hours: ClearRow;
  maintenance_schedules: ClearRow;
  form_templates: ClearRow;
  recall_types: ClearRow;
  provider_absences: AbsenceRow;
  recalls: RecallRow;
  family_relationships: FamilyRelationshipRow;
  form_sends: FormSendRow;
  clinical_entries: ClinicalRow;
  perio_exams: ClinicalRow;
  clinical_notes: ClinicalRow;
  treatment_plans: ClinicalRow;
  note_templates: ClearRow;
  procedure_fees: ClearRow;
}

/**
 * Requests the server records without a row on this device: the survey of a check-out, the forms
 * sent to a new patient. Their entries apply nothing locally, so a refusal has nothing to roll back.
 */
export const SEND_ONLY_TARGETS = ['survey_sends', 'form_requests'] as const;
export type SendOnlyTarget = (typeof SEND_ONLY_TARGETS)[number];
export type OutboxTarget = SyncedTable | SendOnlyTarget;

export function isSendOnlyTarget(table: OutboxTarget): table is SendOnlyTarget {
  return (SEND_ONLY_TARGETS as readonly string[]).includes(table);
}

export type OutboxType = 'create' | 'update' | 'delete';
export type OutboxMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type OutboxState = 'pending' | 'attention';

export interface OutboxEntry {
  /** Queue order; assigned by IndexedDB so it survives reloads and never repeats. */
  seq?: number;
  /** Also the Idempotency-Key: a resend after a lost acknowledgement is applied once. */
  id: string;
  practiceId: number;
  type: OutboxType;
  method: OutboxMethod;
  endpoint: string;
  /** The JSON body, sealed (AAD `${practiceId}/outbox/${id}`): it holds patient data. */
  body?: Sealed;
  /** The row it changes; for a send-only entry, the kind of record and the id it is sent with. */
  entity: { table: OutboxTarget; id: string };
  /** The row before the change, restored if the server refuses it; null when the row did not exist. */
  previous: StoredRow | null;
  /** The optimistic row this entry wrote (null for a delete), re-applied when the user retries. */
  applied: StoredRow | null;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  lastError?: string;
  state: OutboxState;
  /** Why the server refused it; sealed (AAD `${practiceId}/outbox-failure/${id}`) as errors can name patients. */
  failure?: { status: number; sealed: Sealed };
}

/** What the server said about a refused entry, once opened. */
export interface OutboxFailure {
  status: number;
  message: string;
  body: unknown;
}

/**
 * The newest server change for a row that was skipped because a local change is still pending.
 * Applied when that change is acknowledged or refused, so the pull cursor moving past it loses nothing.
 */
export interface DeferredChange {
  key: string;
  table: SyncedTable;
  id: string;
  version: number;
  /** The stored (already sealed) row, or null for a tombstone. */
  row: StoredRow | null;
}

export interface MetaEntry {
  key: string;
  value: unknown;
}

export function entityKey(table: string, id: string): string {
  return `${table}/${id}`;
}

/** One sealed page of the patient roster (records/roster.ts). */
export interface RosterPage {
  page: number;
  /** The rosterDirty sequence the pages were cut at: changes after it are overlaid on read. */
  cutAt: number;
  sealed: Sealed;
}

/** A patient written since the roster pages were cut, noted in the same transaction as the write. */
export interface RosterDirty {
  seq?: number;
  id: string;
}

/** One patient's clinical records, opened and sealed together (records/chart-pack.ts). */
export interface ChartPack {
  patientId: string;
  /** The chartDirty sequence the pack was cut at: rows written after it are overlaid on read. */
  cutAt: number;
  sealed: Sealed;
}

/**
 * One write to a clinical table since the packs were cut, noted in the same transaction as the write: the
 * rows it wrote, by patient. The patient is '*' when the write did not say (a delete); the id is '*' when
 * the write was too big to list (the patient's whole pack, or every pack, is stale).
 */
export interface ChartDirty {
  seq?: number;
  table: string;
  /** Indexed (multi-entry): the patients whose packs this write concerns. */
  patientIds: string[];
  rows: { patientId: string; id: string }[];
}
