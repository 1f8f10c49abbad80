import * as v from 'valibot';
import { optionalEmailSchema, optionalPhoneSchema } from '../patients/patient.schema.ts';
import { requiredText } from '../scheduling/appointment-fields.ts';
import { enumMessage, jsonObject } from '../validation/fields.ts';

/** Spec 3: what a support ticket is about. */
export const TICKET_CATEGORIES = ['technical', 'feature', 'billing', 'training'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

/** Spec 3's priorities; spec 5: a new ticket is 'normal' unless the sender says otherwise. */
export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const DEFAULT_TICKET_PRIORITY: TicketPriority = 'normal';

/** Spec 4: displayed only; an administrator moves a ticket between them when answering it. */
export const TICKET_STATUSES = ['open', 'in-progress', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** GET, POST and PATCH /api/support/tickets: a ticket as the support dialog lists it. */
export interface SupportTicket {
  id: string;
  subject: string;
  category: TicketCategory;
  priority: TicketPriority;
  description: string;
  email: string | null;
  phone: string | null;
  status: TicketStatus;
  createdAt: string;
  updatedAt: string;
  /** The user who opened it, and their name for the administrator's list. */
  createdBy: number;
  createdByName: string;
  /** The administrator's answer, shown to the author. */
  response: string | null;
  respondedAt: string | null;
}

/**
 * 'medium', the word earlier versions stored and the assistant hears, still means 'normal', so a queued
 * request from an older client is not refused.
 */
const ticketPriority = v.pipe(
  v.string(enumMessage(TICKET_PRIORITIES, 'priority')),
  v.transform((value) => (value === 'medium' ? 'normal' : value)),
  v.picklist(TICKET_PRIORITIES, enumMessage(TICKET_PRIORITIES, 'priority')),
);

/**
 * POST /api/support/tickets (spec 7): subject and description required; category and priority from fixed
 * lists; a malformed e-mail refused. An absent e-mail is the sender's own (the server fills it in).
 */
export const createTicketSchema = jsonObject({
  subject: requiredText('subject', 200),
  description: requiredText('description', 5000),
  category: v.optional(v.picklist(TICKET_CATEGORIES, enumMessage(TICKET_CATEGORIES, 'category')), 'technical'),
  priority: v.optional(ticketPriority, DEFAULT_TICKET_PRIORITY),
  email: optionalEmailSchema,
  phone: optionalPhoneSchema,
});
export type CreateTicketBody = v.InferOutput<typeof createTicketSchema>;

/** The fields spec 5 requires before the support form sends anything. */
export const TICKET_REQUIRED_FIELDS = ['subject', 'description', 'email'] as const;

/** Spec 5: the form sends nothing while a required field is blank. */
export function missingTicketFields(form: Readonly<Record<(typeof TICKET_REQUIRED_FIELDS)[number], string>>) {
  return TICKET_REQUIRED_FIELDS.filter((field) => form[field].trim() === '');
}

/** PATCH /api/support/tickets/:id: an administrator's status change, answer, or both (one at least). */
export const answerTicketSchema = jsonObject({
  status: v.optional(v.picklist(TICKET_STATUSES, enumMessage(TICKET_STATUSES, 'status'))),
  response: v.optional(requiredText('response', 5000)),
});
export type AnswerTicketBody = v.InferOutput<typeof answerTicketSchema>;

/**
 * How to reach support outside the app (spec 2.4's quick options and contact information). The spec gives
 * hours, not numbers: these are placeholders for the vendor's own (555 numbers and a reserved domain).
 */
export const SUPPORT_CONTACT = {
  phone: '1-800-555-0142',
  email: 'support@dentalflow.example',
} as const;
