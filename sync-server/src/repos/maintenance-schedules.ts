import type { MaintenanceWindow } from '@dental/domain/scheduling/conflicts';
import type { MaintenanceSchedule } from '@dental/domain/scheduling/maintenance';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { MaintenanceScheduleRow, MaintenanceSchedulesTable } from '../db/schema.ts';
import { activeRoomCodesQuery } from './treatment-rooms.ts';

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

function toMaintenanceWindow(
  row: Pick<MaintenanceScheduleRow, 'id' | 'room_id' | 'title' | 'start_date_time' | 'end_date_time'>,
): MaintenanceWindow {
  return {
    id: row.id,
    roomId: row.room_id,
    title: row.title,
    startDateTime: row.start_date_time,
    endDateTime: row.end_date_time,
  };
}

/** Maintenance of the practice's active rooms overlapping [start, end), by start and room. */
export async function maintenanceOfActiveRooms(
  db: Db,
  practiceId: number,
  range: { start: string; end: string },
): Promise<MaintenanceSchedule[]> {
  const rows = await db
    .selectFrom('maintenance_schedules')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('room_id', 'in', activeRoomCodesQuery(db, practiceId))
    .where('start_date_time', '<', range.end)
    .where('end_date_time', '>', range.start)
    .orderBy('start_date_time')
    .orderBy('room_id')
    .execute();
  return rows.map(toMaintenanceSchedule);
}

/** Windows of any of the practice's rooms overlapping [from, to). */
export async function maintenanceBetween(db: Db, practiceId: number, from: Date, to: Date) {
  const rows = await db
    .selectFrom('maintenance_schedules')
    .select(['id', 'room_id', 'title', 'start_date_time', 'end_date_time'])
    .where('practice_id', '=', practiceId)
    .where('start_date_time', '<', to.toISOString())
    .where('end_date_time', '>', from.toISOString())
    .execute();
  return rows.map(toMaintenanceWindow);
}

/** Windows of one room overlapping [from, to). */
export async function roomMaintenanceBetween(
  db: Db,
  practiceId: number,
  roomCode: string,
  from: Date,
  to: Date,
): Promise<MaintenanceWindow[]> {
  const rows = await db
    .selectFrom('maintenance_schedules')
    .select(['id', 'room_id', 'title', 'start_date_time', 'end_date_time'])
    .where('practice_id', '=', practiceId)
    .where('room_id', '=', roomCode)
    .where('start_date_time', '<', to.toISOString())
    .where('end_date_time', '>', from.toISOString())
    .execute();
  return rows.map(toMaintenanceWindow);
}

export function findMaintenance(db: Db, practiceId: number, id: string): Promise<MaintenanceScheduleRow | undefined> {
  return db
    .selectFrom('maintenance_schedules')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function maintenanceByIds(db: Db, practiceId: number, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('maintenance_schedules')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('id', 'in', ids)
    .execute();
  return rows.map(toMaintenanceSchedule);
}

export async function insertMaintenance(db: Db, row: Insertable<MaintenanceSchedulesTable>): Promise<void> {
  await db.insertInto('maintenance_schedules').values(row).execute();
}

export async function updateMaintenance(
  db: Db,
  practiceId: number,
  id: string,
  columns: Updateable<MaintenanceSchedulesTable>,
): Promise<void> {
  await db
    .updateTable('maintenance_schedules')
    .set(columns)
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .execute();
}

export async function deleteMaintenance(db: Db, practiceId: number, id: string): Promise<void> {
  await db.deleteFrom('maintenance_schedules').where('practice_id', '=', practiceId).where('id', '=', id).execute();
}
