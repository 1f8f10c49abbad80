import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';
import { PRACTICE_ROLE, PRACTICE_SETTING } from './0013-practice-isolation.ts';

/** The practice tables this migration adds: each gets 0013's row-level security on PostgreSQL. */
export const PREFERENCES_PRACTICE_TABLES = ['cdanet_configurations'] as const;

/**
 * Issue 21: each user's preferences (the language stays in users.language, 0015) and each practice's CDAnet
 * set-up. `muted_notifications` is a JSON array of the staff notification types the user turned off;
 * `provider_numbers` maps a provider's user id to their CDA number; `claim_defaults` is a JSON object.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_preferences')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('theme', 'text', (c) => c.notNull())
    .addColumn('default_schedule_view', 'text', (c) => c.notNull())
    .addColumn('default_practice_id', 'integer', (c) => c.references('practices.id'))
    .addColumn('muted_notifications', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cdanet_configurations')
    .addColumn('practice_id', 'integer', (c) => c.primaryKey().references('practices.id'))
    .addColumn('office_number', 'text')
    .addColumn('provider_numbers', 'text', (c) => c.notNull())
    .addColumn('claim_defaults', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .execute();

  if (!isPostgres(db)) return;
  for (const table of PREFERENCES_PRACTICE_TABLES) {
    await sql`alter table ${sql.table(table)} enable row level security`.execute(db);
    await sql`
      create policy ${sql.id(`${table}_own_practice`)} on ${sql.table(table)} to ${sql.id(PRACTICE_ROLE)}
      using (practice_id = current_setting(${sql.lit(PRACTICE_SETTING)})::integer)
      with check (practice_id = current_setting(${sql.lit(PRACTICE_SETTING)})::integer)
    `.execute(db);
  }
}
