import type { SyncedTable } from './protocol.ts';

/** What staff call each synced table, for progress and storage figures. */
export const SYNCED_TABLE_LABELS: Readonly<Record<SyncedTable, string>> = {
  patients: 'Patients',
  appointments: 'Appointments',
  treatment_rooms: 'Treatment rooms',
  users: 'Staff',
  practice_hours: 'Practice hours',
  maintenance_schedules: 'Room maintenance',
  form_templates: 'Form templates',
  recall_types: 'Recall types',
  provider_absences: 'Provider absences',
  recalls: 'Recalls',
  family_relationships: 'Family links',
  form_sends: 'Forms sent',
};

const counts = new Intl.NumberFormat('en-CA');

/** A count with thousands separators: 2,250. */
export function formatCount(n: number): string {
  return counts.format(n);
}
