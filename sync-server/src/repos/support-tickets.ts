import type { SupportTicket, TicketCategory, TicketPriority, TicketStatus } from '@dental/domain/support/ticket';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { SupportTicketsTable } from '../db/schema.ts';

function toTicket(row: Selectable<SupportTicketsTable>): SupportTicket {
  return {
    id: row.id,
    subject: row.subject,
    category: row.category as TicketCategory,
    priority: row.priority as TicketPriority,
    description: row.description,
    email: row.email,
    phone: row.phone,
    status: row.status as TicketStatus,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function insertTicket(db: Db, row: Insertable<SupportTicketsTable>): Promise<SupportTicket> {
  await db.insertInto('support_tickets').values(row).execute();
  const stored = await db
    .selectFrom('support_tickets')
    .selectAll()
    .where('practice_id', '=', row.practice_id)
    .where('id', '=', row.id)
    .executeTakeFirstOrThrow();
  return toTicket(stored);
}

/** One user's tickets in one practice, newest first. */
export async function ticketsOf(db: Db, practiceId: number, userId: number): Promise<SupportTicket[]> {
  const rows = await db
    .selectFrom('support_tickets')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toTicket);
}
