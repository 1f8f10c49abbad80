import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';
import { PRACTICE_ROLE, PRACTICE_SETTING } from './0013-practice-isolation.ts';

/** The practice tables this migration adds: each gets 0013's row-level security on PostgreSQL. */
export const ASSISTANT_TABLES = ['assistant_feedback', 'support_tickets'] as const;

/**
 * Issue 18: what users tell the Ninja assistant about its answers, and support tickets (spec 3 and 7).
 * Both are per practice and per user, written by the server only (ids it chooses), never on the pull feed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('assistant_feedback')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('original_command', 'text', (c) => c.notNull())
    .addColumn('suggested_command', 'text')
    .addColumn('was_successful', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('assistant_feedback_practice_user')
    .on('assistant_feedback')
    .columns(['practice_id', 'user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('support_tickets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('support_tickets_practice_user')
    .on('support_tickets')
    .columns(['practice_id', 'user_id', 'created_at'])
    .execute();

  if (!isPostgres(db)) return;
  // 0013's default privileges already grant the practice role these tables; its policies are per table.
  for (const table of ASSISTANT_TABLES) {
    await sql`alter table ${sql.table(table)} enable row level security`.execute(db);
    await sql`
      create policy ${sql.id(`${table}_own_practice`)} on ${sql.table(table)} to ${sql.id(PRACTICE_ROLE)}
      using (practice_id = current_setting(${sql.lit(PRACTICE_SETTING)})::integer)
      with check (practice_id = current_setting(${sql.lit(PRACTICE_SETTING)})::integer)
    `.execute(db);
  }
}
