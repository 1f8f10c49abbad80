import { randomUUID } from 'node:crypto';
import type { CreateTicketBody, SupportTicket } from '@dental/domain/support/ticket';
import type { Db } from '../db/connection.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { insertTicket, ticketsOf } from '../repos/support-tickets.ts';

export interface TicketActor {
  practiceId: number;
  userId: number;
  now: Date;
}

/** A new ticket, open, kept with who sent it from which practice; audited like every write. */
export async function createTicket(db: Db, actor: TicketActor, body: CreateTicketBody): Promise<SupportTicket> {
  const stamp = actor.now.toISOString();
  const ticket = await insertTicket(db, {
    id: randomUUID(),
    practice_id: actor.practiceId,
    user_id: actor.userId,
    subject: body.subject,
    category: body.category,
    priority: body.priority,
    description: body.description,
    email: body.email ?? null,
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

export function listTickets(db: Db, practiceId: number, userId: number): Promise<SupportTicket[]> {
  return ticketsOf(db, practiceId, userId);
}
