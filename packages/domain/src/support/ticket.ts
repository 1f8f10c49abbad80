import * as v from 'valibot';
import { optionalEmailSchema, optionalPhoneSchema } from '../patients/patient.schema.ts';
import { requiredText } from '../scheduling/appointment-fields.ts';
import { enumMessage, jsonObject } from '../validation/fields.ts';

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
  email: optionalEmailSchema,
  phone: optionalPhoneSchema,
});
export type CreateTicketBody = v.InferOutput<typeof createTicketSchema>;
