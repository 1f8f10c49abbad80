import type { TreatmentRoom } from '@dental/domain/scheduling/rooms';
import type { Db } from '../db/connection.ts';
import type { TreatmentRoomRow } from '../db/schema.ts';

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

export async function activeRooms(db: Db, practiceId: number): Promise<TreatmentRoomRow[]> {
  return db
    .selectFrom('treatment_rooms')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('is_active', '=', 1)
    .orderBy('id')
    .execute();
}

/** Codes of the practice's active rooms, in display order (as GET /api/treatment-rooms lists them). */
export function activeRoomCodesQuery(db: Db, practiceId: number) {
  return db
    .selectFrom('treatment_rooms')
    .select('room_code')
    .where('practice_id', '=', practiceId)
    .where('is_active', '=', 1)
    .orderBy('id');
}

export async function activeRoomCodes(db: Db, practiceId: number): Promise<string[]> {
  return (await activeRoomCodesQuery(db, practiceId).execute()).map((row) => row.room_code);
}

export async function isActiveRoomCode(db: Db, practiceId: number, roomCode: string): Promise<boolean> {
  const room = await db
    .selectFrom('treatment_rooms')
    .select('id')
    .where('practice_id', '=', practiceId)
    .where('room_code', '=', roomCode)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return room !== undefined;
}

export async function activeRoomCodeById(db: Db, practiceId: number, id: number): Promise<string | undefined> {
  const room = await db
    .selectFrom('treatment_rooms')
    .select('room_code')
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return room?.room_code;
}

export async function activeRoomsByIds(db: Db, practiceId: number, ids: readonly number[]): Promise<TreatmentRoom[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('treatment_rooms')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('is_active', '=', 1)
    .where('id', 'in', ids)
    .execute();
  return rows.map(toTreatmentRoom);
}

/** Issue 21: a room of the practice, active or not. */
export function roomById(db: Db, practiceId: number, id: number) {
  return db
    .selectFrom('treatment_rooms')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function roomCodeExists(db: Db, practiceId: number, roomCode: string): Promise<boolean> {
  const row = await db
    .selectFrom('treatment_rooms')
    .select('id')
    .where('practice_id', '=', practiceId)
    .where('room_code', '=', roomCode)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertRoom(
  db: Db,
  room: { practiceId: number; roomCode: string; name: string; roomType: string },
): Promise<TreatmentRoomRow> {
  return db
    .insertInto('treatment_rooms')
    .values({
      practice_id: room.practiceId,
      room_code: room.roomCode,
      name: room.name,
      room_type: room.roomType,
      is_active: 1,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateRoom(
  db: Db,
  practiceId: number,
  id: number,
  change: { name?: string; isActive?: boolean },
): Promise<void> {
  await db
    .updateTable('treatment_rooms')
    .set({
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.isActive !== undefined ? { is_active: change.isActive ? 1 : 0 } : {}),
    })
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .execute();
}

/** All the practice's rooms, inactive ones included, for the settings page. */
export function allRooms(db: Db, practiceId: number): Promise<TreatmentRoomRow[]> {
  return db.selectFrom('treatment_rooms').selectAll().where('practice_id', '=', practiceId).orderBy('id').execute();
}
