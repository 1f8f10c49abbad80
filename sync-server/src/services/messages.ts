import { randomUUID } from 'node:crypto';
import type { DeliveryChannel } from '@dental/domain/communications/delivery';
import {
  chooseChannel,
  type MessageType,
  NO_CONSENT_ERROR,
  needsConsent,
  TEMPLATE_OF_TYPE,
} from '@dental/domain/communications/delivery-rules';
import type { OutgoingMessage } from '@dental/domain/communications/notification.schema';
import { renderTemplate, type TemplateValues } from '@dental/domain/communications/templates';
import { DomainError } from '@dental/domain/errors';
import { formatInstantLongDate, formatInstantTime } from '@dental/domain/i18n/formats';
import type { Appointment } from '@dental/domain/scheduling/appointment';
import type { Db } from '../db/connection.ts';
import type { OutgoingMessagesTable } from '../db/schema.ts';
import { findAppointment } from '../repos/appointments.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { insertOutgoingMessage, messagesOf, toOutgoingMessage } from '../repos/outgoing-messages.ts';
import { findPatient, toPatient } from '../repos/patients.ts';
import { checkPatientAppointment } from './appointments.ts';
import { templateFor } from './message-templates.ts';
import { requirePatient } from './patients.ts';
import { practiceZone } from './practice-time.ts';
import { issuePublicToken, type NewPublicToken } from './public-tokens.ts';

/** The link a message carries: a token issued when the message is queued, its URL put in `{link}`. */
export interface MessageLink {
  purpose: NewPublicToken['purpose'];
  subject: string | null;
  expiresAt?: Date;
  /** The site's address patients open (PUBLIC_BASE_URL), without a trailing slash. */
  baseUrl: string;
}

export interface QueuedMessage {
  practiceId: number;
  patientId: string;
  appointmentId: string | null;
  type: MessageType;
  /** The staff's own words (the general template's `{message}`). */
  message?: string;
  /** A channel staff chose; the patient's preference otherwise. */
  channel?: DeliveryChannel;
  /** Staff's own subject for an e-mail, instead of the template's. */
  subject?: string | null;
  link?: MessageLink;
  /** Values the appointment does not give, such as an invitation's procedure. */
  values?: TemplateValues;
  /** Set for the automatic reminders and confirmation requests: one per appointment and type. */
  automaticKey?: string;
  userId: number | null;
  now: Date;
}

/** The appointment's placeholders, on the practice's clock and in the patient's language. */
function appointmentValues(appointment: Appointment, timeZone: string, language: 'en' | 'fr'): TemplateValues {
  return {
    appointmentDate: formatInstantLongDate(appointment.appointmentDate, timeZone, language),
    appointmentTime: formatInstantTime(appointment.appointmentDate, timeZone, language),
    providerName: appointment.providerName,
    procedure: appointment.procedure,
  };
}

/**
 * Renders the patient's template and records the message for the delivery worker, in the patient's language
 * on the channel their preference gives. Never dropped silently: a message with no address for its channel,
 * or a commercial one without the patient's consent (CASL), is recorded as failed with the reason.
 * Undefined when the patient is not one of the practice's, or when an automatic message was already queued.
 */
export async function queueMessage(db: Db, entry: QueuedMessage): Promise<OutgoingMessage | undefined> {
  const row = await buildMessage(db, entry);
  if (!row) return undefined;
  if (!(await insertOutgoingMessage(db, row))) return undefined;
  await writeAudit(db, {
    at: entry.now,
    userId: entry.userId,
    practiceId: entry.practiceId,
    action: 'message.queue',
    entity: 'outgoing_message',
    entityId: row.id,
    details: {
      patientId: entry.patientId,
      appointmentId: entry.appointmentId,
      type: entry.type,
      channel: row.delivery_channel,
      status: row.status,
    },
  });
  return toOutgoingMessage(row);
}

async function buildMessage(db: Db, entry: QueuedMessage): Promise<OutgoingMessagesTable | undefined> {
  const patientRow = await findPatient(db, entry.practiceId, entry.patientId);
  if (!patientRow) return undefined;
  const patient = toPatient(patientRow);
  const language = patient.medicalHistory.preferredLanguage ?? 'en';
  const choice = chooseChannel(
    {
      communicationPreference: patient.medicalHistory.communicationPreference,
      email: patient.email,
      phone: patient.phone,
    },
    entry.channel,
  );
  const refusal =
    'error' in choice
      ? choice.error
      : needsConsent(entry.type) && patient.medicalHistory.commercialConsent !== true
        ? NO_CONSENT_ERROR
        : null;
  const practice = await practiceZone(db, entry.practiceId);
  const appointment = entry.appointmentId
    ? await findAppointment(db, entry.practiceId, entry.appointmentId)
    : undefined;
  // A refused message carries no working link: none is issued for it.
  const token =
    entry.link && refusal === null
      ? await issuePublicToken(db, {
          practiceId: entry.practiceId,
          patientId: entry.patientId,
          purpose: entry.link.purpose,
          subject: entry.link.subject,
          language,
          now: entry.now,
          ...(entry.link.expiresAt ? { expiresAt: entry.link.expiresAt } : {}),
          createdBy: entry.userId,
        })
      : undefined;
  const values: TemplateValues = {
    patientFirstName: patient.firstName,
    practiceName: practice?.name ?? '',
    practicePhone: '',
    ...(appointment && practice ? appointmentValues(appointment, practice.timezone, language) : {}),
    ...entry.values,
    ...(entry.message !== undefined ? { message: entry.message } : {}),
    ...(token && entry.link ? { link: `${entry.link.baseUrl}${token.path}` } : {}),
  };
  const key = TEMPLATE_OF_TYPE[entry.type];
  const template = await templateFor(db, entry.practiceId, { key, channel: choice.channel, language });
  const subject = choice.channel === 'email' ? (entry.subject ?? renderTemplate(template.subject ?? '', values)) : null;
  return {
    id: randomUUID(),
    practice_id: entry.practiceId,
    patient_id: entry.patientId,
    appointment_id: entry.appointmentId,
    type: entry.type,
    channel: patient.medicalHistory.communicationPreference,
    message: renderTemplate(template.body, values).trim(),
    status: refusal === null ? 'queued' : 'failed',
    created_at: entry.now.toISOString(),
    created_by: entry.userId,
    delivery_channel: choice.channel,
    to_address: choice.to,
    subject,
    language,
    attempts: 0,
    next_attempt_at: refusal === null ? entry.now.toISOString() : null,
    last_error: refusal,
    sent_at: null,
    token_id: token?.id ?? null,
    template_key: key,
    automatic_key: entry.automaticKey ?? null,
  };
}

/** A message a user sends a patient, about one of the patient's own appointments when it names one. */
export async function sendMessage(db: Db, entry: QueuedMessage): Promise<OutgoingMessage> {
  await requirePatient(db, entry.practiceId, entry.patientId);
  if (entry.appointmentId !== null) {
    await checkPatientAppointment(db, entry.practiceId, entry.patientId, entry.appointmentId);
  }
  const message = await queueMessage(db, entry);
  if (!message) throw new DomainError('NOT_FOUND', 'Patient not found.');
  return message;
}

export async function messagesOfPatient(db: Db, practiceId: number, patientId: string): Promise<OutgoingMessage[]> {
  await requirePatient(db, practiceId, patientId);
  return messagesOf(db, practiceId, patientId);
}
