import type { PatientLanguage } from '../public/public-token.ts';

/**
 * Message delivery (issue 20, point 4): the outgoing_messages table is an outbox that a worker in the
 * server process sends through a transport per channel.
 */
export const MESSAGE_STATUSES = ['queued', 'sent', 'failed', 'bounced'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** What a message travels on. A patient who prefers phone or portal gets e-mail when they have an address, else SMS. */
export const DELIVERY_CHANNELS = ['email', 'sms'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/**
 * Pauses between attempts after a transport failure; after the last one the message is `failed` and
 * staff can resend it. A permanent refusal (an address that does not exist) is `bounced` at once.
 */
export const DELIVERY_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000] as const;

/** How often the worker looks for messages due. */
export const DELIVERY_POLL_MS = 5_000;

/** The placeholders a template may use; anything else in braces is left as written. */
export const TEMPLATE_PLACEHOLDERS = [
  'patientFirstName',
  'practiceName',
  'practicePhone',
  'appointmentDate',
  'appointmentTime',
  'providerName',
  'procedure',
  'link',
  // The staff's own words in a free message (the general template).
  'message',
] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

/** One editable text per kind of message, channel and language. */
export interface MessageTemplate {
  key: string;
  channel: DeliveryChannel;
  language: PatientLanguage;
  /** E-mail only. */
  subject: string | null;
  body: string;
  updatedAt: string | null;
  updatedBy: number | null;
}

/** A row of the message log (GET /api/communications/messages). */
export interface MessageLogEntry {
  id: string;
  patientId: string;
  patientName: string;
  appointmentId: string | null;
  type: string;
  channel: DeliveryChannel;
  /** Where it went: the e-mail address or phone number at the time of sending. */
  to: string | null;
  subject: string | null;
  message: string;
  status: MessageStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  createdBy: number | null;
}

/** An SMS a patient sent back (POST /api/public/sms/inbound), with what it did. */
export interface InboundSms {
  id: string;
  from: string;
  body: string;
  receivedAt: string;
  patientId: string | null;
  patientName: string | null;
  appointmentId: string | null;
  /** 'confirmed' when a 'C' or 'OUI' answered an open confirmation request. */
  action: 'confirmed' | 'none';
}

/** Replies that confirm an appointment, compared trimmed and case-insensitively. */
export const SMS_CONFIRM_REPLIES = ['C', 'OUI', 'YES', 'Y'] as const;
