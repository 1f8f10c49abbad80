import { patientViewFor } from '@dental/domain/patients/visibility';
import type { PermissionSubject } from '@dental/domain/permissions/can';
import { HOLIDAYS_ROW_ID } from '@dental/domain/practices/holidays';
import type { SyncedTable } from '@dental/domain/sync/protocol';
import type { Db } from '../db/connection.ts';
import { appointmentsByIds } from '../repos/appointments.ts';
import { entriesByIds } from '../repos/clinical-entries.ts';
import { notesByIds } from '../repos/clinical-notes.ts';
import { relationshipsByIds } from '../repos/family-relationships.ts';
import { formTemplatesByIds, sentFormsByIds } from '../repos/forms.ts';
import { maintenanceByIds } from '../repos/maintenance-schedules.ts';
import { templatesByIds } from '../repos/note-templates.ts';
import { patientsByIds, toPatient } from '../repos/patients.ts';
import { perioExamsByIds } from '../repos/perio-exams.ts';
import { practiceHoursDays } from '../repos/practice-hours.ts';
import { feesByCodes } from '../repos/procedure-fees.ts';
import { absencesByIds } from '../repos/provider-absences.ts';
import { recallsByIds, recallTypesByIds } from '../repos/recalls.ts';
import { plansByIds } from '../repos/treatment-plans.ts';
import { activeRoomsByIds } from '../repos/treatment-rooms.ts';
import { staffByIds } from '../repos/users.ts';
import { holidaysSyncRow } from './holidays.ts';

type Loader = (db: Db, practiceId: number, ids: string[], viewer: PermissionSubject) => Promise<[string, object][]>;

const numericIds = (ids: string[]) => ids.map(Number).filter(Number.isSafeInteger);

const byId = <T extends { id: string | number }>(rows: readonly T[]): [string, object][] =>
  rows.map((row) => [String(row.id), row]);

/**
 * Current rows of one table by id, in the shape the REST API gives them, always scoped to the
 * practice. A row that is gone (or no longer listed, such as a deactivated room) is left out and
 * goes to the client as a delete.
 */
const LOADERS: Record<SyncedTable, Loader> = {
  patients: async (db, practiceId, ids, viewer) =>
    (await patientsByIds(db, practiceId, ids)).map((row) => [row.id, patientViewFor(toPatient(row), viewer)]),
  appointments: async (db, practiceId, ids) => byId(await appointmentsByIds(db, practiceId, ids)),
  treatment_rooms: async (db, practiceId, ids) => byId(await activeRoomsByIds(db, practiceId, numericIds(ids))),
  users: async (db, practiceId, ids) => byId(await staffByIds(db, practiceId, numericIds(ids))),
  // Weekday rows ('0' … '6') and the holiday calendar ('holidays': province and the practice's choices).
  practice_hours: async (db, practiceId, ids) => [
    ...(await practiceHoursDays(db, practiceId, numericIds(ids))),
    ...(ids.includes(HOLIDAYS_ROW_ID) ? await holidaysSyncRow(db, practiceId) : []),
  ],
  maintenance_schedules: async (db, practiceId, ids) => byId(await maintenanceByIds(db, practiceId, ids)),
  form_templates: async (db, practiceId, ids) => byId(await formTemplatesByIds(db, practiceId, numericIds(ids))),
  recall_types: async (db, practiceId, ids) => byId(await recallTypesByIds(db, practiceId, numericIds(ids))),
  provider_absences: async (db, practiceId, ids) => byId(await absencesByIds(db, practiceId, ids)),
  recalls: async (db, practiceId, ids) => byId(await recallsByIds(db, practiceId, ids)),
  family_relationships: async (db, practiceId, ids) => byId(await relationshipsByIds(db, practiceId, ids)),
  form_sends: async (db, practiceId, ids) => byId(await sentFormsByIds(db, practiceId, ids)),
  clinical_entries: async (db, practiceId, ids) => byId(await entriesByIds(db, practiceId, ids)),
  perio_exams: async (db, practiceId, ids) => byId(await perioExamsByIds(db, practiceId, ids)),
  clinical_notes: async (db, practiceId, ids) => byId(await notesByIds(db, practiceId, ids)),
  treatment_plans: async (db, practiceId, ids) => byId(await plansByIds(db, practiceId, ids)),
  note_templates: async (db, practiceId, ids) => byId(await templatesByIds(db, practiceId, ids)),
  procedure_fees: async (db, practiceId, ids) => byId(await feesByCodes(db, practiceId, ids)),
};

/** Kept well below SQLite's limit on bound variables per statement. */
const ID_CHUNK = 900;

export async function loadSyncRows(
  db: Db,
  table: SyncedTable,
  practiceId: number,
  ids: readonly string[],
  viewer: PermissionSubject,
): Promise<Map<string, object>> {
  const found = new Map<string, object>();
  for (let start = 0; start < ids.length; start += ID_CHUNK) {
    const chunk = ids.slice(start, start + ID_CHUNK);
    for (const [id, row] of await LOADERS[table](db, practiceId, chunk, viewer)) found.set(id, row);
  }
  return found;
}
