import type { Db } from '../db/connection.ts';

/** A user's latest notifications in one practice, newest first. */
export async function notificationsOf(db: Db, userId: number, practiceId: number) {
  const rows = await db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('practice_id', '=', practiceId)
    .orderBy('created_at', 'desc')
    .limit(100)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    priority: row.priority,
    isRead: row.is_read === 1,
    createdAt: row.created_at,
    patientName: row.patient_name,
    actionUrl: row.action_url,
  }));
}

/** Marks one of the user's notifications read; false when the user has no such notification there. */
export async function markNotificationRead(db: Db, id: number, userId: number, practiceId: number): Promise<boolean> {
  const result = await db
    .updateTable('notifications')
    .set({ is_read: 1 })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('practice_id', '=', practiceId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes all of the user's notifications in the practice; returns how many. */
export async function deleteNotificationsOf(db: Db, userId: number, practiceId: number): Promise<number> {
  const result = await db
    .deleteFrom('notifications')
    .where('user_id', '=', userId)
    .where('practice_id', '=', practiceId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
