import { DomainError } from '@dental/domain/errors';
import type { Db } from '../db/connection.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { deleteNotificationsOf, markNotificationRead } from '../repos/notifications.ts';

/** Whose notifications: a user's own, in the practice the request acts in. */
export interface Reader {
  userId: number;
  practiceId: number;
  now: Date;
}

export async function markRead(db: Db, reader: Reader, id: number): Promise<void> {
  const { userId, practiceId, now } = reader;
  if (!(await markNotificationRead(db, id, userId, practiceId))) {
    throw new DomainError('NOT_FOUND', 'Notification not found.');
  }
  await writeAudit(db, {
    at: now,
    userId,
    practiceId,
    action: 'notification.read',
    entity: 'notification',
    entityId: id,
  });
}

/** Removes all of the reader's notifications; returns how many there were. */
export async function clearAll(db: Db, reader: Reader): Promise<number> {
  const { userId, practiceId, now } = reader;
  const cleared = await deleteNotificationsOf(db, userId, practiceId);
  await writeAudit(db, {
    at: now,
    userId,
    practiceId,
    action: 'notification.clear_all',
    entity: 'notification',
    entityId: null,
  });
  return cleared;
}
