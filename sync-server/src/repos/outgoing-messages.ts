import type { MessageLogEntry, MessageStatus } from '@dental/domain/communications/delivery';
import type { MessageLogQuery } from '@dental/domain/communications/message-log.schema';
import type { OutgoingMessage, OutgoingMessageType } from '@dental/domain/communications/notification.schema';
import type { CommunicationPreference } from '@dental/domain/patients/patient.schema';
import { fullName } from '@dental/domain/users/user';
import type { Db } from '../db/connection.ts';
import type { OutgoingMessagesTable } from '../db/schema.ts';

export function toOutgoingMessage(row: OutgoingMessagesTable): OutgoingMessage {
  return {
    id: row.id,
    practiceId: row.practice_id,
    patientId: row.patient_id,
    appointmentId: row.appointment_id,
    type: row.type as OutgoingMessageType,
    channel: row.channel as CommunicationPreference,
    message: row.message,
    status: row.status as MessageStatus,
    createdAt: row.created_at,
    createdBy: row.created_by,
  };
}

type LogRow = OutgoingMessagesTable & { first_name: string; last_name: string };

function toLogEntry(row: LogRow): MessageLogEntry {
  return {
    id: row.id,
    patientId: row.patient_id,
    patientName: fullName({ firstName: row.first_name, lastName: row.last_name }),
    appointmentId: row.appointment_id,
    type: row.type,
    channel: row.delivery_channel === 'sms' ? 'sms' : 'email',
    to: row.to_address,
    subject: row.subject,
    message: row.message,
    status: row.status as MessageStatus,
    attempts: row.attempts ?? 0,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    createdBy: row.created_by,
  };
}

/** Inserts the message; false when it is an automatic one already queued for its appointment. */
export async function insertOutgoingMessage(db: Db, row: OutgoingMessagesTable): Promise<boolean> {
  const result = await db
    .insertInto('outgoing_messages')
    .values(row)
    .onConflict((conflict) => conflict.column('automatic_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

function logQuery(db: Db, practiceId: number) {
  return db
    .selectFrom('outgoing_messages as m')
    .innerJoin('patients as p', 'p.id', 'm.patient_id')
    .where('m.practice_id', '=', practiceId);
}

/** The practice's message log, newest first, with the filters given; `from`/`to` are UTC instants. */
export async function messageLog(
  db: Db,
  practiceId: number,
  filter: Omit<MessageLogQuery, 'from' | 'to'> & { from?: string; to?: string },
): Promise<{ messages: MessageLogEntry[]; total: number }> {
  let query = logQuery(db, practiceId);
  if (filter.status) query = query.where('m.status', '=', filter.status);
  if (filter.channel) query = query.where('m.delivery_channel', '=', filter.channel);
  if (filter.type) query = query.where('m.type', '=', filter.type);
  if (filter.patientId) query = query.where('m.patient_id', '=', filter.patientId);
  if (filter.from) query = query.where('m.created_at', '>=', filter.from);
  if (filter.to) query = query.where('m.created_at', '<', filter.to);
  const counted = await query.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirst();
  const rows = await query
    .selectAll('m')
    .select(['p.first_name', 'p.last_name'])
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id')
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize)
    .execute();
  return { messages: rows.map(toLogEntry), total: Number(counted?.count ?? 0) };
}

export async function findLogEntry(db: Db, practiceId: number, id: string): Promise<MessageLogEntry | undefined> {
  const row = await logQuery(db, practiceId)
    .selectAll('m')
    .select(['p.first_name', 'p.last_name'])
    .where('m.id', '=', id)
    .executeTakeFirst();
  return row ? toLogEntry(row) : undefined;
}

export function findMessageRow(db: Db, practiceId: number, id: string) {
  return db
    .selectFrom('outgoing_messages')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The messages recorded for a patient, newest first. */
export async function messagesOf(db: Db, practiceId: number, patientId: string): Promise<OutgoingMessage[]> {
  const rows = await db
    .selectFrom('outgoing_messages')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('patient_id', '=', patientId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toOutgoingMessage);
}

/** The practices with a queued message due: the worker's first, cross-practice question (the owner's connection). */
export async function practicesWithDueMessages(db: Db, now: string): Promise<number[]> {
  const rows = await db
    .selectFrom('outgoing_messages')
    .select('practice_id')
    .distinct()
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', now)
    .execute();
  return rows.map((row) => row.practice_id);
}

/**
 * Claims up to `limit` due messages of a practice: their next attempt moves to `claimUntil` and the attempt is
 * counted before anything is sent, so a crash mid-send costs at most one repeat, after the claim runs out.
 */
export async function claimDueMessages(
  db: Db,
  practiceId: number,
  at: { now: string; claimUntil: string },
  limit: number,
): Promise<OutgoingMessagesTable[]> {
  const due = await db
    .selectFrom('outgoing_messages')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', at.now)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  const claimed: OutgoingMessagesTable[] = [];
  for (const row of due) {
    const attempts = (row.attempts ?? 0) + 1;
    const result = await db
      .updateTable('outgoing_messages')
      .set({ next_attempt_at: at.claimUntil, attempts })
      .where('id', '=', row.id)
      .where('status', '=', 'queued')
      .where('next_attempt_at', '=', row.next_attempt_at)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) claimed.push({ ...row, attempts, next_attempt_at: at.claimUntil });
  }
  return claimed;
}

export async function recordDelivery(
  db: Db,
  practiceId: number,
  id: string,
  outcome: Pick<OutgoingMessagesTable, 'status' | 'next_attempt_at' | 'last_error' | 'sent_at'>,
): Promise<void> {
  await db
    .updateTable('outgoing_messages')
    .set(outcome)
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .execute();
}

/** Which of these appointments already have a message with this automatic key prefix. */
export async function automaticKeysTaken(db: Db, practiceId: number, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('outgoing_messages')
    .select('automatic_key')
    .where('practice_id', '=', practiceId)
    .where('automatic_key', 'in', keys)
    .execute();
  return new Set(rows.map((row) => row.automatic_key ?? ''));
}

export async function setMessageBody(db: Db, practiceId: number, id: string, message: string): Promise<void> {
  await db
    .updateTable('outgoing_messages')
    .set({ message })
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .execute();
}
