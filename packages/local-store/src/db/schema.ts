import Dexie, { type DexieOptions, type EntityTable } from 'dexie';
import type {
  AbsenceRow,
  AppointmentRow,
  ChartDirty,
  ChartPack,
  ClearRow,
  ClinicalRow,
  DeferredChange,
  FamilyRelationshipRow,
  FormSendRow,
  MetaEntry,
  NoteDraftRow,
  OutboxEntry,
  PatientRow,
  RecallRow,
  RosterDirty,
  RosterPage,
  RowOf,
} from './rows.ts';

/**
 * Schema rule: NEW DEXIE VERSIONS ONLY. A version that has shipped is never edited, because
 * browsers that already opened it would not re-run it and their store would silently differ
 * from a fresh one. To change the schema, append `{ version: n + 1, stores: {...changed tables},
 * upgrade }` to SCHEMA_VERSIONS; Dexie carries every table and row over, the outbox included,
 * and a database with unsent entries is never deleted to "start fresh".
 */
export const SCHEMA_VERSIONS: readonly { version: number; stores: Record<string, string> }[] = [
  {
    version: 1,
    stores: {
      patients: '&id, updatedAt, status',
      appointments: '&id, appointmentDate, day, treatmentRoom, providerId, patientId, status, updatedAt',
      treatment_rooms: '&id',
      users: '&id',
      practice_hours: '&id',
      maintenance_schedules: '&id',
      form_templates: '&id',
      recall_types: '&id',
      outbox: '++seq, &id, state, createdAt',
      deferred: '&key',
      meta: '&key',
    },
  },
  {
    // Finding the other queued changes to the same row must not scan the whole queue.
    version: 2,
    stores: { outbox: '++seq, &id, state, createdAt, [entity.table+entity.id]' },
  },
  {
    // The patient list read from sealed pages (records/roster.ts) instead of 10,000 single decryptions.
    version: 3,
    stores: { roster: '&page', rosterDirty: '++seq' },
  },
  {
    // Provider absences (issue 7): a day's absences are those starting on or before it, so startDate is indexed.
    version: 4,
    stores: { provider_absences: '&id, providerId, startDate, endDate, updatedAt' },
  },
  {
    // Recalls (set at check-out) kept on the device, so a patient's recalls read offline by patientId.
    version: 5,
    stores: { recalls: '&id, patientId, dueDate, updatedAt' },
  },
  {
    // Family links and sent forms kept on the device, so a patient's page lists them offline by patientId.
    version: 6,
    stores: {
      family_relationships: '&id, patientId, relatedPatientId, updatedAt',
      form_sends: '&id, patientId, sentAt, updatedAt',
    },
  },
  {
    // Clinical charts (issue 17): a patient's chart reads its entries, perio exams, notes and plans by
    // patientId; templates and the fee schedule are small reference tables. Note drafts never leave the device.
    version: 7,
    stores: {
      clinical_entries: '&id, patientId, updatedAt',
      perio_exams: '&id, patientId, updatedAt',
      clinical_notes: '&id, patientId, updatedAt',
      treatment_plans: '&id, patientId, updatedAt',
      note_templates: '&id',
      procedure_fees: '&id',
      note_drafts: '&id, patientId',
      // A long chart opened from one sealed pack, overlaid with the rows written since (records/chart-pack.ts).
      chartPacks: '&patientId, cutAt',
      chartDirty: '++seq, *patientIds',
    },
  },
];

export const SCHEMA_VERSION = SCHEMA_VERSIONS.length;

export function storeName(practiceId: number, userId: number): string {
  return `dentalflow-u${userId}-p${practiceId}`;
}

export class DentalDb extends Dexie {
  declare readonly patients: EntityTable<PatientRow, 'id'>;
  declare readonly appointments: EntityTable<AppointmentRow, 'id'>;
  declare readonly treatment_rooms: EntityTable<ClearRow, 'id'>;
  declare readonly users: EntityTable<ClearRow, 'id'>;
  declare readonly practice_hours: EntityTable<ClearRow, 'id'>;
  declare readonly maintenance_schedules: EntityTable<ClearRow, 'id'>;
  declare readonly form_templates: EntityTable<ClearRow, 'id'>;
  declare readonly recall_types: EntityTable<ClearRow, 'id'>;
  declare readonly provider_absences: EntityTable<AbsenceRow, 'id'>;
  declare readonly recalls: EntityTable<RecallRow, 'id'>;
  declare readonly family_relationships: EntityTable<FamilyRelationshipRow, 'id'>;
  declare readonly form_sends: EntityTable<FormSendRow, 'id'>;
  declare readonly clinical_entries: EntityTable<ClinicalRow, 'id'>;
  declare readonly perio_exams: EntityTable<ClinicalRow, 'id'>;
  declare readonly clinical_notes: EntityTable<ClinicalRow, 'id'>;
  declare readonly treatment_plans: EntityTable<ClinicalRow, 'id'>;
  declare readonly note_templates: EntityTable<ClearRow, 'id'>;
  declare readonly procedure_fees: EntityTable<ClearRow, 'id'>;
  /** Typing not yet saved into its note (device only, sealed): what a closed tab would otherwise lose. */
  declare readonly note_drafts: EntityTable<NoteDraftRow, 'id'>;
  declare readonly chartPacks: EntityTable<ChartPack, 'patientId'>;
  declare readonly chartDirty: EntityTable<ChartDirty, 'seq'>;
  declare readonly outbox: EntityTable<OutboxEntry, 'seq'>;
  declare readonly deferred: EntityTable<DeferredChange, 'key'>;
  declare readonly meta: EntityTable<MetaEntry, 'key'>;
  declare readonly roster: EntityTable<RosterPage, 'page'>;
  declare readonly rosterDirty: EntityTable<RosterDirty, 'seq'>;

  /** The roster middleware is installed by openStore (db/open.ts), where the store is opened. */
  constructor(name: string, options?: DexieOptions) {
    super(name, options);
    for (const { version, stores } of SCHEMA_VERSIONS) this.version(version).stores(stores);
  }

  /** A synced table by its pull-feed name, typed by that name. */
  synced<T extends keyof RowOf>(table: T): EntityTable<RowOf[T], 'id'> {
    return this.table(table) as unknown as EntityTable<RowOf[T], 'id'>;
  }
}
