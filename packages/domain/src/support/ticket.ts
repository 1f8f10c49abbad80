import * as v from 'valibot';
import { fill } from '../i18n/text.ts';
import { MESSAGES } from '../messages.ts';
import { isValidPhone, normalizePhone } from '../patients/phone.ts';
import { enumMessage, FIELD_TEXTS, jsonObject } from '../validation/fields.ts';

/** Spec 3: what a support ticket is about. */
export const TICKET_CATEGORIES = ['technical', 'feature', 'billing', 'training'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

/**
 * The assistant's priorities (contract Slots.priority). Spec 3 calls the middle one 'normal'; a client
 * sending that word is understood as 'medium'.
 */
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

export const TICKET_STATUSES = ['open', 'in-progress', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** GET and POST /api/support/tickets: a ticket as the support dialog lists it. */
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
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_CHARACTERS = /^[\d\s().+-]*$/;

function requiredText(field: string, max: number) {
  const required = fill(FIELD_TEXTS.required, { field });
  return v.pipe(
    v.string(required),
    v.trim(),
    v.nonEmpty(required),
    v.maxLength(max, fill(FIELD_TEXTS.maxLength, { field, max })),
  );
}

/** Empty or absent is none; anything else must be a well-formed address (the patient form's rule). */
const emailField = v.optional(
  v.nullable(
    v.pipe(
      v.string(MESSAGES.invalidEmail),
      v.trim(),
      v.toLowerCase(),
      v.maxLength(254, MESSAGES.invalidEmail),
      v.check((value) => value === '' || EMAIL_PATTERN.test(value), MESSAGES.invalidEmail),
      v.transform((value) => (value === '' ? null : value)),
    ),
  ),
  null,
);

/** Empty or absent is none; anything else a 10-digit North American number, stored as digits. */
const phoneField = v.optional(
  v.nullable(
    v.pipe(
      v.string(MESSAGES.invalidPhone),
      v.trim(),
      v.maxLength(17, MESSAGES.invalidPhone),
      v.regex(PHONE_CHARACTERS, MESSAGES.invalidPhone),
      v.transform(normalizePhone),
      v.check((digits) => digits === '' || isValidPhone(digits), MESSAGES.invalidPhone),
      v.transform((digits) => (digits === '' ? null : digits)),
    ),
  ),
  null,
);

/** POST /api/support/tickets (spec 7): subject and description required; category and priority from fixed lists. */
export const createTicketSchema = jsonObject({
  subject: requiredText('subject', 200),
  description: requiredText('description', 5000),
  category: v.optional(v.picklist(TICKET_CATEGORIES, enumMessage(TICKET_CATEGORIES, 'category')), 'technical'),
  priority: v.optional(
    v.pipe(
      v.string(enumMessage(TICKET_PRIORITIES, 'priority')),
      v.transform((value) => (value === 'normal' ? 'medium' : value)),
      v.picklist(TICKET_PRIORITIES, enumMessage(TICKET_PRIORITIES, 'priority')),
    ),
    'medium',
  ),
  email: emailField,
  phone: phoneField,
});
export type CreateTicketBody = v.InferOutput<typeof createTicketSchema>;
