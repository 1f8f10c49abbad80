import type { StaffNotification } from '@dental/domain/communications/staff-notification';
import type { Db } from '../db/connection.ts';
import { isPostgres } from '../db/dialect.ts';
import { latestNotificationId, notificationsAfter } from '../repos/notifications.ts';
import { inPracticeTransaction } from '../repos/transactions.ts';

/** Whose notifications a stream carries. */
export interface StreamReader {
  userId: number;
  practiceId: number;
}

/** Reads run as the practice on PostgreSQL, so row-level security applies as it does to every route. */
function asPractice<T>(db: Db, practiceId: number, work: (db: Db) => Promise<T>): Promise<T> {
  return isPostgres(db) ? inPracticeTransaction(db, { practiceId, writes: false }, work) : work(db);
}

/** Where a new stream starts: after the id the browser last received (Last-Event-ID), else after the newest. */
export function streamStart(db: Db, reader: StreamReader, lastEventId: number | undefined): Promise<number> {
  if (lastEventId !== undefined) return Promise.resolve(lastEventId);
  return asPractice(db, reader.practiceId, (trx) => latestNotificationId(trx, reader.userId, reader.practiceId));
}

/**
 * The reader's notifications stored after `afterId`. Asked every second by each open stream: one indexed
 * range read, which sees what any server process stored.
 */
export function newNotifications(db: Db, reader: StreamReader, afterId: number): Promise<StaffNotification[]> {
  return asPractice(db, reader.practiceId, (trx) => notificationsAfter(trx, reader.userId, reader.practiceId, afterId));
}

/** Issue 19: a notification reaches an open tab within 2 s; a heartbeat keeps proxies from closing the line. */
export const STREAM_TIMING = { pollMs: 1000, heartbeatMs: 20_000, retryMs: 3000 } as const;
