import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';
import { PRACTICE_ROLE, PRACTICE_SETTING } from './0013-practice-isolation.ts';

/** The practice tables this migration adds: each gets 0013's row-level security on PostgreSQL. */
export const RECALL_WORK_TABLES = ['recall_contacts', 'recall_due_sweeps'] as const;

/** What a recall type's booking is prefilled with, for the types the seed and earlier versions created. */
const PROCEDURE_OF_TYPE: Readonly<Record<string, string>> = {
  Cleaning: 'Cleaning',
  'Follow-up': 'Check-up',
  Fluoride: 'Fluoride treatment',
  'X-ray': 'X-rays',
  'Periodontal maintenance': 'Periodontal maintenance',
};

/**
 * Issue 19's recall worklists: the outcome of each contact with a patient about a recall, the procedure a
 * recall type books, and the day each practice was last told of its recalls due (once a day, whichever
 * server process sweeps first). Online only: none of it is on the pull feed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('recall_contacts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('recall_id', 'text', (c) => c.notNull().references('recalls.id').onDelete('cascade'))
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('recall_contacts_practice_recall')
    .on('recall_contacts')
    .columns(['practice_id', 'recall_id', 'at'])
    .execute();

  await db.schema
    .createTable('recall_due_sweeps')
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('due_count', 'integer', (c) => c.notNull())
    .addColumn('swept_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('recall_due_sweeps_pk', ['practice_id', 'day'])
    .execute();

  // The worklist reads a practice's active recalls by due date.
  await db.schema
    .createIndex('recalls_practice_status_due')
    .on('recalls')
    .columns(['practice_id', 'status', 'due_date'])
    .execute();

  await db.schema.alterTable('recall_types').addColumn('procedure', 'text').execute();
  for (const [name, procedure] of Object.entries(PROCEDURE_OF_TYPE)) {
    await sql`update recall_types set procedure = ${procedure} where name = ${name}`.execute(db);
  }
  await sql`update recall_types set procedure = name where procedure is null`.execute(db);

  if (!isPostgres(db)) return;
  for (const table of RECALL_WORK_TABLES) {
    await sql`alter table ${sql.table(table)} enable row level security`.execute(db);
    await sql`
      create policy ${sql.id(`${table}_own_practice`)} on ${sql.table(table)} to ${sql.id(PRACTICE_ROLE)}
      using (practice_id = current_setting(${sql.lit(PRACTICE_SETTING)})::integer)
      with check (practice_id = current_setting(${sql.lit(PRACTICE_SETTING)})::integer)
    `.execute(db);
  }
}
