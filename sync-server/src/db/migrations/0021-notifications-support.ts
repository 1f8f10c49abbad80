import type { Kysely } from 'kysely';

/**
 * Issue 19: an administrator answers support tickets (status and a reply the author reads); spec 3's
 * priority 'normal' replaces the 'medium' earlier versions stored; open notification streams ask for a
 * user's notifications after the last id they sent, every second, so that query reads one index range.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('support_tickets').addColumn('response', 'text').execute();
  await db.schema.alterTable('support_tickets').addColumn('responded_at', 'text').execute();
  await db.schema
    .alterTable('support_tickets')
    .addColumn('responded_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await (db as Kysely<{ support_tickets: { priority: string } }>)
    .updateTable('support_tickets')
    .set({ priority: 'normal' })
    .where('priority', '=', 'medium')
    .execute();
  await db.schema
    .createIndex('support_tickets_practice_created')
    .on('support_tickets')
    .columns(['practice_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('notifications_user_practice_id')
    .on('notifications')
    .columns(['user_id', 'practice_id', 'id'])
    .execute();
}
