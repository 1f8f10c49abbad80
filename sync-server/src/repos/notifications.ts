import {
  type NewNotification,
  NOTIFICATION_PRIORITIES,
  type NotificationPriority,
  notificationCategory,
  type StaffNotification,
} from '@dental/domain/communications/staff-notification';
import type { Selectable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { NotificationsTable } from '../db/schema.ts';

const asPriority = (value: string): NotificationPriority =>
  (NOTIFICATION_PRIORITIES as readonly string[]).includes(value) ? (value as NotificationPriority) : 'medium';

function toNotification(row: Selectable<NotificationsTable>): StaffNotification {
  const read = row.is_read === 1;
  return {
    id: row.id,
    type: row.type,
    category: notificationCategory(row.type),
    title: row.title,
    message: row.message,
    link: row.action_url,
    read,
    createdAt: row.created_at,
    priority: asPriority(row.priority),
    patientName: row.patient_name,
    isRead: read,
    actionUrl: row.action_url,
  };
}

function usersNotificationsAfter(db: Db, userId: number, practiceId: number, afterId: number) {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('practice_id', '=', practiceId)
    .where('id', '>', afterId);
}

/** A user's latest notifications in one practice, newest first; with `afterId`, only those newer than it. */
export async function notificationsOf(
  db: Db,
  userId: number,
  practiceId: number,
  afterId = 0,
): Promise<StaffNotification[]> {
  const rows = await usersNotificationsAfter(db, userId, practiceId, afterId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map(toNotification);
}

/** Stores one notification for each recipient. */
export async function insertNotifications(
  db: Db,
  practiceId: number,
  recipients: readonly number[],
  notification: NewNotification,
  at: Date,
): Promise<void> {
  if (recipients.length === 0) return;
  await db
    .insertInto('notifications')
    .values(
      recipients.map((userId) => ({
        user_id: userId,
        practice_id: practiceId,
        type: notification.type,
        title: notification.title,
        message: notification.message,
        priority: notification.priority,
        is_read: 0,
        patient_name: notification.patientName ?? null,
        action_url: notification.link,
        created_at: at.toISOString(),
      })),
    )
    .execute();
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

/** The newest id of a user's notifications in a practice (0 for none): where a new stream starts. */
export async function latestNotificationId(db: Db, userId: number, practiceId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.max('id').as('latest'))
    .where('user_id', '=', userId)
    .where('practice_id', '=', practiceId)
    .executeTakeFirst();
  return Number(row?.latest ?? 0);
}

/** A user's notifications stored after `afterId`, oldest first, as a stream sends them. */
export async function notificationsAfter(
  db: Db,
  userId: number,
  practiceId: number,
  afterId: number,
): Promise<StaffNotification[]> {
  const rows = await usersNotificationsAfter(db, userId, practiceId, afterId).orderBy('id', 'asc').limit(50).execute();
  return rows.map(toNotification);
}
