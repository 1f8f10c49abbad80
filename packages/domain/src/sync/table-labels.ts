import { englishOf, type Text } from '../i18n/text.ts';
import type { SyncedTable } from './protocol.ts';

/** What staff call each synced table, for progress and storage figures. */
export const SYNCED_TABLE_TEXTS = {
  patients: /*i18n*/ { id: 'syncTable.patients', message: 'Patients' },
  appointments: /*i18n*/ { id: 'syncTable.appointments', message: 'Appointments' },
  treatment_rooms: /*i18n*/ { id: 'syncTable.treatmentRooms', message: 'Treatment rooms' },
  users: /*i18n*/ { id: 'syncTable.users', message: 'Staff' },
  practice_hours: /*i18n*/ { id: 'syncTable.practiceHours', message: 'Practice hours' },
  maintenance_schedules: /*i18n*/ { id: 'syncTable.maintenanceSchedules', message: 'Room maintenance' },
  form_templates: /*i18n*/ { id: 'syncTable.formTemplates', message: 'Form templates' },
  recall_types: /*i18n*/ { id: 'syncTable.recallTypes', message: 'Recall types' },
  provider_absences: /*i18n*/ { id: 'syncTable.providerAbsences', message: 'Provider absences' },
  recalls: /*i18n*/ { id: 'syncTable.recalls', message: 'Recalls' },
  family_relationships: /*i18n*/ { id: 'syncTable.familyRelationships', message: 'Family links' },
  form_sends: /*i18n*/ { id: 'syncTable.formSends', message: 'Forms sent' },
  clinical_entries: /*i18n*/ { id: 'syncTable.clinicalEntries', message: 'Chart entries' },
  perio_exams: /*i18n*/ { id: 'syncTable.perioExams', message: 'Periodontal exams' },
  clinical_notes: /*i18n*/ { id: 'syncTable.clinicalNotes', message: 'Clinical notes' },
  treatment_plans: /*i18n*/ { id: 'syncTable.treatmentPlans', message: 'Treatment plans' },
  note_templates: /*i18n*/ { id: 'syncTable.noteTemplates', message: 'Note templates' },
  procedure_fees: /*i18n*/ { id: 'syncTable.procedureFees', message: 'Fee schedule' },
} as const satisfies Record<SyncedTable, Text>;
export const SYNCED_TABLE_LABELS: Readonly<Record<SyncedTable, string>> = englishOf(SYNCED_TABLE_TEXTS);

const counts = new Intl.NumberFormat('en-CA');

/** A count with thousands separators: 2,250. */
export function formatCount(n: number): string {
  return counts.format(n);
}
