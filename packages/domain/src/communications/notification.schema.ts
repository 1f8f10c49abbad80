import * as v from 'valibot';
import { fill, type Text } from '../i18n/text.ts';
import type { CommunicationPreference } from '../patients/patient.schema.ts';
import { enumMessage, FIELD_TEXTS, jsonObject, uuid } from '../validation/fields.ts';
import type { MessageStatus } from './delivery.ts';

/** What a staff notification about an appointment says; the server writes the English, each reader sees their language. */
export const NOTIFICATION_TEXTS = {
  missedTitle: /*i18n*/ { id: 'notification.missed.title', message: 'Missed appointment' },
  missed: /*i18n*/ { id: 'notification.missed', message: '{patient} did not attend {procedure} on {when}.' },
  upcomingTitle: /*i18n*/ { id: 'notification.upcoming.title', message: 'Upcoming appointment' },
  upcoming: /*i18n*/ { id: 'notification.upcoming', message: '{patient}: {procedure}, {when}.' },
} as const satisfies Record<string, Text>;

export const OUTGOING_MESSAGE_TYPES = ['appointment_change', 'appointment_reminder', 'recall', 'general'] as const;
export type OutgoingMessageType = (typeof OUTGOING_MESSAGE_TYPES)[number];

/** A message to a patient, kept with its status as the delivery worker sends it. */
export interface OutgoingMessage {
  id: string;
  practiceId: number;
  patientId: string;
  appointmentId: string | null;
  type: OutgoingMessageType;
  /** The patient's communication preference when it was recorded. */
  channel: CommunicationPreference;
  message: string;
  status: MessageStatus;
  createdAt: string;
  createdBy: number | null;
}

export const sendNotificationSchema = jsonObject({
  patientId: uuid('patientId'),
  type: v.optional(
    v.picklist(OUTGOING_MESSAGE_TYPES, enumMessage(OUTGOING_MESSAGE_TYPES, 'type')),
    'appointment_change',
  ),
  message: v.pipe(
    v.string(fill(FIELD_TEXTS.required, { field: 'message' })),
    v.trim(),
    v.nonEmpty(fill(FIELD_TEXTS.required, { field: 'message' })),
    v.maxLength(1000, fill(FIELD_TEXTS.maxLength, { field: 'message', max: 1000 })),
  ),
  appointmentId: v.optional(v.nullable(uuid('appointmentId'))),
});
export type SendNotificationBody = v.InferOutput<typeof sendNotificationSchema>;

export const messageListQuerySchema = v.object({ patientId: uuid('patientId') });
