import * as v from 'valibot';
import { fill } from '../i18n/text.ts';
import { dateField, durationSchema } from '../scheduling/appointment-fields.ts';
import {
  boundedInt,
  enumMessage,
  FIELD_TEXTS,
  jsonObject,
  optionalText,
  positiveId,
  uuid,
} from '../validation/fields.ts';
import { DELIVERY_CHANNELS, MESSAGE_STATUSES } from './delivery.ts';
import { MESSAGE_TYPES } from './delivery-rules.ts';

const channel = v.picklist(DELIVERY_CHANNELS, enumMessage(DELIVERY_CHANNELS, 'channel'));
const page = v.optional(boundedInt('page', 1, 100_000), 1);
const pageSize = v.optional(boundedInt('pageSize', 1, 200), 50);

/** GET /api/communications/messages: every filter optional; newest first. */
export const messageLogQuerySchema = v.object({
  status: v.optional(v.picklist(MESSAGE_STATUSES, enumMessage(MESSAGE_STATUSES, 'status'))),
  channel: v.optional(channel),
  type: v.optional(v.picklist(MESSAGE_TYPES, enumMessage(MESSAGE_TYPES, 'type'))),
  patientId: v.optional(uuid('patientId')),
  from: v.optional(dateField('from')),
  to: v.optional(dateField('to')),
  page,
  pageSize,
});
export type MessageLogQuery = v.InferOutput<typeof messageLogQuerySchema>;

export const pageQuerySchema = v.object({ page, pageSize });

const messageText = v.pipe(
  v.string(fill(FIELD_TEXTS.required, { field: 'message' })),
  v.trim(),
  v.nonEmpty(fill(FIELD_TEXTS.required, { field: 'message' })),
  v.maxLength(1000, fill(FIELD_TEXTS.maxLength, { field: 'message', max: 1000 })),
);

/** POST /api/communications/messages: a free message; the channel defaults to the patient's preference. */
export const freeMessageSchema = jsonObject({
  patientId: uuid('patientId'),
  channel: v.optional(channel),
  subject: optionalText('subject', 200),
  message: messageText,
});
export type FreeMessageBody = v.InferOutput<typeof freeMessageSchema>;

/** POST /api/communications/confirmation-requests. */
export const confirmationRequestSchema = jsonObject({ appointmentId: uuid('appointmentId') });

/** POST /api/self-scheduling/invitations. */
export const scheduleInvitationSchema = jsonObject({
  patientId: uuid('patientId'),
  procedure: v.pipe(
    v.string(fill(FIELD_TEXTS.required, { field: 'procedure' })),
    v.trim(),
    v.nonEmpty(fill(FIELD_TEXTS.required, { field: 'procedure' })),
    v.maxLength(200, fill(FIELD_TEXTS.maxLength, { field: 'procedure', max: 200 })),
  ),
  duration: durationSchema,
  providerId: v.optional(v.nullable(positiveId('providerId'))),
});
export type ScheduleInvitationBody = v.InferOutput<typeof scheduleInvitationSchema>;

/**
 * POST /api/public/sms/inbound: the provider's form fields (Twilio's `From`, `Body`) or JSON `{from, body}`.
 * Loose on purpose: a provider adds fields of its own.
 */
export const inboundSmsSchema = v.pipe(
  v.record(v.string(), v.unknown(), FIELD_TEXTS.jsonObject.message),
  // Twilio's capitalised names mark the form shape, which is answered in TwiML.
  v.transform((input) => ({ from: input.From ?? input.from, body: input.Body ?? input.body, form: 'From' in input })),
  v.object({
    from: v.pipe(
      v.string(fill(FIELD_TEXTS.required, { field: 'from' })),
      v.trim(),
      v.nonEmpty(fill(FIELD_TEXTS.required, { field: 'from' })),
      v.maxLength(40, fill(FIELD_TEXTS.maxLength, { field: 'from', max: 40 })),
    ),
    body: v.pipe(
      v.string(fill(FIELD_TEXTS.required, { field: 'body' })),
      v.maxLength(1600, fill(FIELD_TEXTS.maxLength, { field: 'body', max: 1600 })),
    ),
    form: v.boolean(),
  }),
);
