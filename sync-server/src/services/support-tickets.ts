import { randomUUID } from 'node:crypto';
import { DomainError, invalidInput } from '@dental/domain/errors';
import { fill } from '@dental/domain/i18n/text';
import { can, type PermissionSubject } from '@dental/domain/permissions/can';
import type { AnswerTicketBody, CreateTicketBody, SupportTicket } from '@dental/domain/support/ticket';
import { FIELD_TEXTS } from '@dental/domain/validation/fields';
import type { Db } from '../db/connection.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { findTicket, insertTicket, ticketsOf, updateTicket } from '../repos/support-tickets.ts';

export interface TicketActor {
  practiceId: number;
  userId: number;
  now: Date;
}

/** Who answers tickets: the practice's administrators. */
export const TICKET_ADMIN_PERMISSION = 'system.admin';

/**
 * A new ticket, open, kept with who sent it from which practice; audited like every write. Spec 5 requires
 * an e-mail to answer to: without one in the body it is the sender's own.
 */
export async function createTicket(
  db: Db,
  actor: TicketActor & { email: string | null },
  body: CreateTicketBody,
): Promise<SupportTicket> {
  const email = body.email ?? actor.email;
  if (!email) throw invalidInput([{ field: 'email', message: fill(FIELD_TEXTS.required, { field: 'email' }) }]);
  const stamp = actor.now.toISOString();
  const ticket = await insertTicket(db, {
    id: randomUUID(),
    practice_id: actor.practiceId,
    user_id: actor.userId,
    subject: body.subject,
    category: body.category,
    priority: body.priority,
    description: body.description,
    email,
    phone: body.phone ?? null,
    status: 'open',
    created_at: stamp,
    updated_at: stamp,
  });
  await writeAudit(db, {
    at: actor.now,
    userId: actor.userId,
    practiceId: actor.practiceId,
    action: 'support_ticket.create',
    entity: 'support_ticket',
    entityId: ticket.id,
    details: { category: ticket.category, priority: ticket.priority },
  });
  return ticket;
}

/** The caller's own tickets; an administrator sees every ticket of the practice. */
export function listTickets(db: Db, practiceId: number, reader: PermissionSubject & { id: number }) {
  return ticketsOf(db, practiceId, can(reader, TICKET_ADMIN_PERMISSION) ? null : reader.id);
}

/** An administrator's status change or reply; the author reads the reply in their list. */
export async function answerTicket(
  db: Db,
  actor: TicketActor,
  id: string,
  body: AnswerTicketBody,
): Promise<SupportTicket> {
  if (body.status === undefined && body.response === undefined) {
    throw invalidInput([{ field: 'status', message: fill(FIELD_TEXTS.required, { field: 'status' }) }]);
  }
  const ticket = await findTicket(db, actor.practiceId, id);
  if (!ticket) throw new DomainError('NOT_FOUND', 'Support ticket not found.');
  const stamp = actor.now.toISOString();
  await updateTicket(db, actor.practiceId, id, {
    updated_at: stamp,
    ...(body.status === undefined ? {} : { status: body.status }),
    ...(body.response === undefined
      ? {}
      : { response: body.response, responded_at: stamp, responded_by: actor.userId }),
  });
  await writeAudit(db, {
    at: actor.now,
    userId: actor.userId,
    practiceId: actor.practiceId,
    action: 'support_ticket.answer',
    entity: 'support_ticket',
    entityId: id,
    details: { status: body.status ?? ticket.status, replied: body.response !== undefined },
  });
  const saved = await findTicket(db, actor.practiceId, id);
  if (!saved) throw new DomainError('NOT_FOUND', 'Support ticket not found.');
  return saved;
}
