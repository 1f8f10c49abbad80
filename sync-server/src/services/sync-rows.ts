import { patientViewFor } from '@dental/domain/patients/visibility';
import type { PermissionSubject } from '@dental/domain/permissions/can';
import { WEEKDAY_NAMES } from '@dental/domain/practices/hours';
import type { AbsenceReason, ProviderAbsence } from '@dental/domain/scheduling/absence.schema';
import type { MaintenanceSchedule } from '@dental/domain/scheduling/maintenance';
import type { TreatmentRoom } from '@dental/domain/scheduling/rooms';
import type { FormTemplate, PracticeHoursDay, RecallType, SyncedTable } from '@dental/domain/sync/protocol';
import type { Db } from '../db/connection.ts';
import type { MaintenanceScheduleRow, ProviderAbsenceRow, TreatmentRoomRow } from '../db/schema.ts';
import { appointmentQuery, toAppointment } from './appointments.ts';
import { relationshipsOf, toRelationship } from './family.ts';
import { sentFormsOf, toSentForm } from './forms.ts';
import { toPatient } from './patients.ts';
import { recallsOf, toRecall, toRecallType } from './recalls.ts';
import { toStaffMember } from './users.ts';

export function toTreatmentRoom(row: TreatmentRoomRow): TreatmentRoom {
  return {
    id: row.id,
    roomId: row.room_code,
    room_id: row.room_code,
    roomName: row.name,
    room_name: row.name,
    name: row.name,
    roomType: row.room_type,
    type: row.room_type,
    practiceId: row.practice_id,
  };
}

export function toMaintenanceSchedule(row: MaintenanceScheduleRow): MaintenanceSchedule {
  return {
    id: row.id,
    practiceId: row.practice_id,
    roomId: row.room_id,
    maintenanceType: row.maintenance_type,
    title: row.title,
    description: row.description,
    startDateTime: row.start_date_time,
    endDateTime: row.end_date_time,
    priority: row.priority,
    vendor: row.vendor,
    cost: row.cost,
    notes: row.notes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toProviderAbsence(row: ProviderAbsenceRow): ProviderAbsence {
  return {
    id: row.id,
    practiceId: row.practice_id,
    providerId: row.provider_id,
    startDate: row.start_date,
    endDate: row.end_date,
    reason: row.reason as AbsenceReason,
    notes: row.notes,
    emergencyContact: row.emergency_contact,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function parseFields(json: string): unknown[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed : [];
}

type Loader = (db: Db, practiceId: number, ids: string[], viewer: PermissionSubject) => Promise<[string, object][]>;

const numericIds = (ids: string[]) => ids.map(Number).filter(Number.isSafeInteger);

/**
 * Current rows of one table by id, in the shape the REST API gives them, always scoped to the
 * practice. A row that is gone (or no longer listed, such as a deactivated room) is left out and
 * goes to the client as a delete.
 */
const LOADERS: Record<SyncedTable, Loader> = {
  patients: async (db, practiceId, ids, viewer) => {
    const rows = await db
      .selectFrom('patients')
      .selectAll()
      .where('practice_id', '=', practiceId)
      .where('id', 'in', ids)
      .execute();
    return rows.map((row) => [row.id, patientViewFor(toPatient(row), viewer)]);
  },
  appointments: async (db, practiceId, ids) => {
    const rows = await appointmentQuery(db).where('a.practice_id', '=', practiceId).where('a.id', 'in', ids).execute();
    return rows.map((row) => [row.id, toAppointment(row)]);
  },
  treatment_rooms: async (db, practiceId, ids) => {
    const rows = await db
      .selectFrom('treatment_rooms')
      .selectAll()
      .where('practice_id', '=', practiceId)
      .where('is_active', '=', 1)
      .where('id', 'in', numericIds(ids))
      .execute();
    return rows.map((row) => [String(row.id), toTreatmentRoom(row)]);
  },
  users: async (db, practiceId, ids) => {
    const rows = await db
      .selectFrom('users')
      .innerJoin('user_practices', 'user_practices.user_id', 'users.id')
      .selectAll('users')
      .where('user_practices.practice_id', '=', practiceId)
      .where('users.id', 'in', numericIds(ids))
      .execute();
    return rows.map((row) => [String(row.id), toStaffMember(row)]);
  },
  practice_hours: async (db, practiceId, ids) => {
    const rows = await db
      .selectFrom('practice_hours')
      .selectAll()
      .where('practice_id', '=', practiceId)
      .where('weekday', 'in', numericIds(ids))
      .execute();
    return rows.map((row): [string, PracticeHoursDay] => {
      const isOpen = row.is_open === 1;
      return [
        String(row.weekday),
        {
          weekday: row.weekday,
          name: WEEKDAY_NAMES[row.weekday] ?? 'sunday',
          openTime: isOpen ? row.open_time : null,
          closeTime: isOpen ? row.close_time : null,
          isOpen,
          closed: !isOpen,
        },
      ];
    });
  },
  maintenance_schedules: async (db, practiceId, ids) => {
    const rows = await db
      .selectFrom('maintenance_schedules')
      .selectAll()
      .where('practice_id', '=', practiceId)
      .where('id', 'in', ids)
      .execute();
    return rows.map((row) => [row.id, toMaintenanceSchedule(row)]);
  },
  form_templates: async (db, practiceId, ids) => {
    const rows = await db
      .selectFrom('form_templates')
      .selectAll()
      .where('practice_id', '=', practiceId)
      .where('id', 'in', numericIds(ids))
      .execute();
    return rows.map((row): [string, FormTemplate] => [
      String(row.id),
      {
        id: row.id,
        title: row.title,
        description: row.description,
        category: row.category,
        fields: parseFields(row.fields),
      },
    ]);
  },
  recall_types: async (db, practiceId, ids) => {
    const rows = await db
      .selectFrom('recall_types')
      .selectAll()
      .where('practice_id', '=', practiceId)
      .where('id', 'in', numericIds(ids))
      .execute();
    return rows.map((row): [string, RecallType] => [String(row.id), toRecallType(row)]);
  },
  provider_absences: async (db, practiceId, ids) => {
    const rows = await db
      .selectFrom('provider_absences')
      .selectAll()
      .where('practice_id', '=', practiceId)
      .where('id', 'in', ids)
      .execute();
    return rows.map((row) => [row.id, toProviderAbsence(row)]);
  },
  recalls: async (db, practiceId, ids) => {
    const rows = await recallsOf(db, practiceId).where('r.id', 'in', ids).execute();
    return rows.map((row) => [row.id, toRecall(row)]);
  },
  family_relationships: async (db, practiceId, ids) => {
    const rows = await relationshipsOf(db, practiceId).where('f.id', 'in', ids).execute();
    return rows.map((row) => [row.id, toRelationship(row)]);
  },
  form_sends: async (db, practiceId, ids) => {
    const rows = await sentFormsOf(db, practiceId).where('s.id', 'in', ids).execute();
    return rows.map((row) => [row.id, toSentForm(row)]);
  },
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
