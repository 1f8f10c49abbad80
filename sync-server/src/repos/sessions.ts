import type { Insertable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { SessionsTable } from '../db/schema.ts';

export async function insertSession(db: Db, row: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export function findSession(db: Db, id: string) {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function touchSession(db: Db, id: string, at: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at.toISOString() }).where('id', '=', id).execute();
}

export async function setSessionPractice(db: Db, id: string, practiceId: number): Promise<void> {
  await db.updateTable('sessions').set({ current_practice_id: practiceId }).where('id', '=', id).execute();
}

/** Ends every session of the user but the one kept (none when keepId is null). */
export async function deleteUserSessions(db: Db, userId: number, keepId: string | null): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepId) query = query.where('id', '!=', keepId);
  await query.execute();
}
