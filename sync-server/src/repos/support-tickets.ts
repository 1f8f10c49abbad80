import type { SupportTicket, TicketCategory, TicketPriority, TicketStatus } from '@dental/domain/support/ticket';
import { fullName } from '@dental/domain/users/user';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { SupportTicketsTable } from '../db/schema.ts';

type TicketRow = Selectable<SupportTicketsTable> & { first_name: string; last_name: string };

function toTicket(row: TicketRow): SupportTicket {
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
    createdBy: row.user_id,
    createdByName: fullName({ firstName: row.first_name, lastName: row.last_name }),
    response: row.response,
    respondedAt: row.responded_at,
  };
}

function selectTickets(db: Db, practiceId: number) {
  return db
    .selectFrom('support_tickets')
    .innerJoin('users', 'users.id', 'support_tickets.user_id')
    .selectAll('support_tickets')
    .select(['users.first_name', 'users.last_name'])
    .where('support_tickets.practice_id', '=', practiceId);
}

export async function findTicket(db: Db, practiceId: number, id: string): Promise<SupportTicket | undefined> {
  const row = await selectTickets(db, practiceId).where('support_tickets.id', '=', id).executeTakeFirst();
  return row && toTicket(row);
}

export async function insertTicket(db: Db, row: Insertable<SupportTicketsTable>): Promise<SupportTicket> {
  await db.insertInto('support_tickets').values(row).execute();
  const stored = await findTicket(db, row.practice_id, row.id);
  if (!stored) throw new Error(`support ticket ${row.id} was not stored`);
  return stored;
}

export async function updateTicket(
  db: Db,
  practiceId: number,
  id: string,
  changes: Updateable<SupportTicketsTable>,
): Promise<void> {
  await db
    .updateTable('support_tickets')
    .set(changes)
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .execute();
}

/** A practice's tickets, newest first: one user's, or with `userId` null everybody's. */
export async function ticketsOf(db: Db, practiceId: number, userId: number | null): Promise<SupportTicket[]> {
  let query = selectTickets(db, practiceId);
  if (userId !== null) query = query.where('support_tickets.user_id', '=', userId);
  const rows = await query
    .orderBy('support_tickets.created_at', 'desc')
    .orderBy('support_tickets.id', 'desc')
    .limit(500)
    .execute();
  return rows.map(toTicket);
}
