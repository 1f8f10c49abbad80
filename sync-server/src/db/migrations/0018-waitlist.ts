import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';
import { PRACTICE_ROLE, PRACTICE_SETTING } from './0013-practice-isolation.ts';

/** The practice tables this migration adds: each gets 0013's row-level security on PostgreSQL. */
export const WAITLIST_TABLES = ['waitlist_entries', 'waitlist_offers'] as const;

/**
 * Issue 19: patients waiting for an earlier slot, and the freed slots offered to them. Online only
 * (never on the pull feed); ids chosen by the server.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('waitlist_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id'))
    .addColumn('provider_id', 'integer', (c) => c.references('users.id'))
    // The weekdays (0–6) as a JSON list; an empty list is any day.
    .addColumn('weekdays', 'text', (c) => c.notNull())
    .addColumn('part_of_day', 'text', (c) => c.notNull())
    .addColumn('procedure', 'text', (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The matcher reads a practice's live entries on every freed slot.
  await db.schema
    .createIndex('waitlist_entries_practice_status')
    .on('waitlist_entries')
    .columns(['practice_id', 'status', 'created_at'])
    .execute();

  await db.schema
    .createTable('waitlist_offers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('entry_id', 'text', (c) => c.notNull().references('waitlist_entries.id'))
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('treatment_room', 'text', (c) => c.notNull())
    .addColumn('appointment_date', 'text', (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('appointment_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Open offers of a day (the schedule's banner) and of one entry (closing them when it is booked).
  await db.schema
    .createIndex('waitlist_offers_practice_status_start')
    .on('waitlist_offers')
    .columns(['practice_id', 'status', 'appointment_date'])
    .execute();
  await db.schema.createIndex('waitlist_offers_entry').on('waitlist_offers').columns(['entry_id', 'status']).execute();

  if (!isPostgres(db)) return;
  // 0013's default privileges already grant the practice role these tables; its policies are per table.
  for (const table of WAITLIST_TABLES) {
    await sql`alter table ${sql.table(table)} enable row level security`.execute(db);
    await sql`
      create policy ${sql.id(`${table}_own_practice`)} on ${sql.table(table)} to ${sql.id(PRACTICE_ROLE)}
      using (practice_id = current_setting(${sql.lit(PRACTICE_SETTING)})::integer)
      with check (practice_id = current_setting(${sql.lit(PRACTICE_SETTING)})::integer)
    `.execute(db);
  }
}
