import { SCHEDULING } from '../constants.ts';
import type { CommunicationPreference } from '../patients/patient.schema.ts';
import { normalizePhone } from '../patients/phone.ts';
import type { AppointmentStatus } from '../scheduling/status-transitions.ts';
import { DELIVERY_RETRY_DELAYS_MS, type DeliveryChannel, SMS_CONFIRM_REPLIES } from './delivery.ts';
import { OUTGOING_MESSAGE_TYPES } from './notification.schema.ts';
import type { TemplateKey } from './templates.ts';

/** Every kind of message the outbox holds: staff notifications (spec 7) and those that carry a patient's link. */
export const MESSAGE_TYPES = [
  ...OUTGOING_MESSAGE_TYPES,
  'confirmation_request',
  'form_request',
  'review_request',
  'schedule_invitation',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/**
 * CASL: a commercial electronic message needs the patient's consent (`commercialConsent`). Decided here:
 * a recall ("you are due for a cleaning") invites the patient to buy a service they have not asked for,
 * so it is commercial. Reminders and confirmations of a booked visit, forms for it, a review of a visit
 * that happened, an invitation to book care staff arranged with the patient, and staff's own notes about
 * an appointment or a patient's care (appointment_change, general) are transactional: they serve a
 * relationship the patient started and ask for nothing new.
 */
export const COMMERCIAL_MESSAGE_TYPES: ReadonlySet<MessageType> = new Set(['recall']);

export function needsConsent(type: MessageType): boolean {
  return COMMERCIAL_MESSAGE_TYPES.has(type);
}

/** The template each type is written from; staff notifications carry their own words in the general one. */
export const TEMPLATE_OF_TYPE: Readonly<Record<MessageType, TemplateKey>> = {
  appointment_change: 'general',
  appointment_reminder: 'appointment_reminder',
  recall: 'general',
  general: 'general',
  confirmation_request: 'confirmation_request',
  form_request: 'form_request',
  review_request: 'review_request',
  schedule_invitation: 'schedule_invitation',
};

export interface Reachable {
  communicationPreference: CommunicationPreference;
  email: string | null;
  phone: string | null;
}

export type ChannelChoice =
  | { channel: DeliveryChannel; to: string }
  | { channel: DeliveryChannel; to: null; error: string };

/**
 * Where a message goes. SMS for a patient who prefers it; e-mail otherwise when there is an address, else
 * SMS (phone and portal have no transport of their own). A channel the staff chose is kept even when the
 * patient has no address on it: the message then fails with the reason rather than going elsewhere.
 */
export function chooseChannel(patient: Reachable, requested?: DeliveryChannel): ChannelChoice {
  const email = patient.email?.trim() || null;
  const phone = patient.phone ? normalizePhone(patient.phone) || null : null;
  const channel: DeliveryChannel =
    requested ?? (patient.communicationPreference === 'sms' ? 'sms' : email ? 'email' : 'sms');
  const to = channel === 'email' ? email : phone;
  if (to) return { channel, to };
  return {
    channel,
    to: null,
    error: channel === 'email' ? 'The patient has no e-mail address.' : 'The patient has no phone number for SMS.',
  };
}

export const NO_CONSENT_ERROR = 'The patient has not consented to commercial messages (CASL).';

/** What becomes of a message after a failed attempt (`attempts` counts that one). */
export type AfterFailure = { status: 'queued'; nextAttemptAt: Date } | { status: 'failed' | 'bounced' };

export function afterFailure(
  attempts: number,
  permanent: boolean,
  now: Date,
  delays: readonly number[] = DELIVERY_RETRY_DELAYS_MS,
): AfterFailure {
  if (permanent) return { status: 'bounced' };
  const delay = delays[attempts - 1];
  return delay === undefined
    ? { status: 'failed' }
    : { status: 'queued', nextAttemptAt: new Date(now.getTime() + delay) };
}

/** Whether an SMS reply confirms: 'C', 'oui ', 'Yes'… compared trimmed and case-insensitively. */
export function isConfirmReply(body: string): boolean {
  const reply = body.trim().toUpperCase();
  return (SMS_CONFIRM_REPLIES as readonly string[]).includes(reply);
}

/** A phone number as the outbox and patients keep it, to match an inbound SMS's sender (+1 dropped). */
export function samePhone(a: string, b: string): boolean {
  const left = normalizePhone(a);
  return left !== '' && left === normalizePhone(b);
}

/**
 * Visits still to come get a reminder; 'confirmed' (a scheduled visit the patient confirmed, on main since the
 * public pages) is named as text so these rules hold before and after that status exists here.
 */
const REMINDED_STATUSES: readonly string[] = ['scheduled', 'confirmed'];
/** Only a visit nobody has confirmed gets a confirmation request. */
const UNCONFIRMED_STATUS: AppointmentStatus = 'scheduled';

/**
 * Spec 9's "reminder lead time 1440 min": a reminder goes out once the appointment starts within the next
 * 1440 minutes (and has not started). "auto-confirmation 1 h": an appointment still unconfirmed an hour
 * after it was booked gets a confirmation request, so a booking made with the patient on the phone or at
 * the desk (confirmed in person) is left alone for that hour. Both only for visits inside the reminder
 * window, so a practice's whole future book is not messaged at once on the day delivery starts; the
 * confirmation link then works until the appointment starts.
 */
export interface AutomaticMessageFacts {
  startsAt: string;
  createdAt: string;
  status: string;
}

export function reminderDue(appointment: AutomaticMessageFacts, now: Date): boolean {
  const start = Date.parse(appointment.startsAt);
  return (
    REMINDED_STATUSES.includes(appointment.status) &&
    start > now.getTime() &&
    start - now.getTime() <= SCHEDULING.reminderLeadMinutes * 60_000
  );
}

export function confirmationRequestDue(appointment: AutomaticMessageFacts, now: Date): boolean {
  return (
    appointment.status === UNCONFIRMED_STATUS &&
    reminderDue(appointment, now) &&
    now.getTime() - Date.parse(appointment.createdAt) >= SCHEDULING.autoConfirmationMs
  );
}

/** The window the sweep reads: appointments starting in (now, now + lead time]. */
export function automaticWindow(now: Date): { start: string; end: string } {
  return {
    start: new Date(now.getTime() + 1).toISOString(),
    end: new Date(now.getTime() + SCHEDULING.reminderLeadMinutes * 60_000 + 1).toISOString(),
  };
}
