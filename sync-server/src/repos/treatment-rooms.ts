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
