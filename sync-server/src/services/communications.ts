import type { MessageLogEntry } from '@dental/domain/communications/delivery';
import type { MessageType } from '@dental/domain/communications/delivery-rules';
import type {
  FreeMessageBody,
  MessageLogQuery,
  ScheduleInvitationBody,
} from '@dental/domain/communications/message-log.schema';
import { DomainError } from '@dental/domain/errors';
import { PUBLIC_PAGE_PATHS, type PublicTokenPurpose } from '@dental/domain/public/public-token';
import { localDayRange } from '@dental/domain/time/zones';
import type { Db } from '../db/connection.ts';
import { findAppointment } from '../repos/appointments.ts';
import { findLogEntry, findMessageRow, messageLog, setMessageBody } from '../repos/outgoing-messages.ts';
import { findPublicTokenById } from '../repos/public-tokens.ts';
import { type QueuedMessage, queueMessage } from './messages.ts';
import { requirePatient } from './patients.ts';
import { practiceTimezone } from './practice-time.ts';

export interface Actor {
  practiceId: number;
  userId: number;
  now: Date;
  /** PUBLIC_BASE_URL: where the patients' pages are. */
  baseUrl: string;
}

/** The practice's message log; from/to are days on the practice's clock, both included. */
export async function messageLogOf(
  db: Db,
  practiceId: number,
  query: MessageLogQuery,
): Promise<{ messages: MessageLogEntry[]; total: number }> {
  const { from, to, ...rest } = query;
  if (rest.patientId) await requirePatient(db, practiceId, rest.patientId);
  const zone = from || to ? await practiceTimezone(db, practiceId) : '';
  return messageLog(db, practiceId, {
    ...rest,
    ...(from ? { from: localDayRange(from, zone).start } : {}),
    ...(to ? { to: localDayRange(to, zone).end } : {}),
  });
}

/** Queues the message and answers its log row (a failed one included: the reason is in lastError). */
async function queued(db: Db, entry: QueuedMessage): Promise<MessageLogEntry> {
  const message = await queueMessage(db, entry);
  if (!message) throw new DomainError('NOT_FOUND', 'Patient not found.');
  const logged = await findLogEntry(db, entry.practiceId, message.id);
  if (!logged) throw new Error(`message ${message.id} was not recorded`);
  return logged;
}

/**
 * A copy of a message, queued again: the same words to the patient's current address, and when it carried a
 * link a fresh one in place of the old (the old link keeps working until it expires or is used).
 */
export async function resendMessage(db: Db, actor: Actor, id: string): Promise<MessageLogEntry> {
  const original = await findMessageRow(db, actor.practiceId, id);
  if (!original) throw new DomainError('NOT_FOUND', 'Message not found.');
  const token = original.token_id ? await findPublicTokenById(db, actor.practiceId, original.token_id) : undefined;
  const purpose = token?.purpose as PublicTokenPurpose | undefined;
  const entry: QueuedMessage = {
    practiceId: actor.practiceId,
    patientId: original.patient_id,
    appointmentId: original.appointment_id,
    type: original.type as MessageType,
    channel: original.delivery_channel === 'sms' ? 'sms' : 'email',
    subject: original.subject,
    userId: actor.userId,
    now: actor.now,
    ...(token && purpose
      ? {
          link: {
            purpose,
            subject: token.subject,
            baseUrl: actor.baseUrl,
            ...(purpose === 'confirm' ? { expiresAt: new Date(token.expires_at) } : {}),
          },
        }
      : {}),
  };
  const copy = await queued(db, { ...entry, message: '' });
  return replaceBody(db, actor.practiceId, copy, original.message, purpose);
}

/** The resent row keeps the original words; only the old link inside them is swapped for the new one. */
async function replaceBody(
  db: Db,
  practiceId: number,
  copy: MessageLogEntry,
  originalBody: string,
  purpose: PublicTokenPurpose | undefined,
): Promise<MessageLogEntry> {
  let body = originalBody;
  if (purpose) {
    const link = new RegExp(`https?://\\S*${PUBLIC_PAGE_PATHS[purpose]}[A-Za-z0-9_-]{22}`);
    const fresh = link.exec(copy.message)?.[0];
    if (fresh) body = body.replace(link, fresh);
  }
  await setMessageBody(db, practiceId, copy.id, body);
  return { ...copy, message: body };
}

/** A staff member's own message to a patient, on the channel they choose or the patient's preference. */
export async function sendFreeMessage(db: Db, actor: Actor, body: FreeMessageBody): Promise<MessageLogEntry> {
  await requirePatient(db, actor.practiceId, body.patientId);
  return queued(db, {
    practiceId: actor.practiceId,
    patientId: body.patientId,
    appointmentId: null,
    type: 'general',
    message: body.message,
    ...(body.channel ? { channel: body.channel } : {}),
    ...(body.subject ? { subject: body.subject } : {}),
    userId: actor.userId,
    now: actor.now,
  });
}

/** Asks the patient to confirm an upcoming appointment; the link works until the appointment starts. */
export async function requestConfirmation(
  db: Db,
  actor: Omit<Actor, 'userId'> & { userId: number | null },
  appointmentId: string,
  automaticKey?: string,
): Promise<MessageLogEntry | undefined> {
  const appointment = await findAppointment(db, actor.practiceId, appointmentId);
  if (!appointment) throw new DomainError('NOT_FOUND', 'Appointment not found.');
  const start = new Date(appointment.appointmentDate);
  if (appointment.status !== 'scheduled' || start.getTime() <= actor.now.getTime()) {
    throw new DomainError('STATUS_TRANSITION', 'Only an upcoming scheduled appointment can be confirmed.');
  }
  const message = await queueMessage(db, {
    practiceId: actor.practiceId,
    patientId: appointment.patientId,
    appointmentId,
    type: 'confirmation_request',
    link: { purpose: 'confirm', subject: appointmentId, expiresAt: start, baseUrl: actor.baseUrl },
    ...(automaticKey ? { automaticKey } : {}),
    userId: actor.userId,
    now: actor.now,
  });
  return message ? findLogEntry(db, actor.practiceId, message.id) : undefined;
}

/** Invites a patient to pick their own time for a procedure (a `schedule` link, 7 days). */
export async function inviteToSchedule(db: Db, actor: Actor, body: ScheduleInvitationBody): Promise<MessageLogEntry> {
  await requirePatient(db, actor.practiceId, body.patientId);
  const subject = JSON.stringify({
    procedure: body.procedure,
    duration: body.duration,
    providerId: body.providerId ?? null,
  });
  return queued(db, {
    practiceId: actor.practiceId,
    patientId: body.patientId,
    appointmentId: null,
    type: 'schedule_invitation',
    link: { purpose: 'schedule', subject, baseUrl: actor.baseUrl },
    values: { procedure: body.procedure },
    userId: actor.userId,
    now: actor.now,
  });
}
