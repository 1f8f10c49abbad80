import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';
import { PRACTICE_ROLE, PRACTICE_SETTING } from './0013-practice-isolation.ts';

/**
 * Issue 20: what patients answer from their links. Forms land in form_submissions (a draft while the
 * patient saves partial answers, then submitted, then accepted or rejected by staff); a review lands on
 * its survey send; a self-scheduled booking is marked as made online. Form templates get French titles.
 * form_submissions is online only (never on the pull feed); ids chosen by the server.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('form_submissions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    // The link answered (public_tokens.id, kept without a reference: tokens are not part of a database copy).
    .addColumn('token_id', 'text', (c) => c.notNull().unique())
    // The form sends the link covered, as a JSON list of ids.
    .addColumn('form_send_ids', 'text', (c) => c.notNull())
    // The forms as sent (English), as JSON: staff review what the patient saw even if a template changes.
    .addColumn('forms', 'text', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('signature', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text')
    .addColumn('reviewed_at', 'text')
    .addColumn('reviewed_by', 'integer', (c) => c.references('users.id'))
    .addColumn('reason', 'text')
    .execute();
  await db.schema
    .createIndex('form_submissions_practice_status')
    .on('form_submissions')
    .columns(['practice_id', 'status', 'submitted_at'])
    .execute();

  await db.schema.alterTable('form_templates').addColumn('title_fr', 'text').execute();
  await db.schema.alterTable('survey_sends').addColumn('rating', 'integer').execute();
  await db.schema.alterTable('survey_sends').addColumn('comment', 'text').execute();
  await db.schema.alterTable('survey_sends').addColumn('answered_at', 'text').execute();
  // Null for a booking made by staff, as every booking before this migration was.
  await db.schema.alterTable('appointments').addColumn('source', 'text').execute();

  if (!isPostgres(db)) return;
  await sql`alter table form_submissions enable row level security`.execute(db);
  await sql`
    create policy form_submissions_own_practice on form_submissions to ${sql.id(PRACTICE_ROLE)}
    using (practice_id = current_setting(${sql.lit(PRACTICE_SETTING)})::integer)
    with check (practice_id = current_setting(${sql.lit(PRACTICE_SETTING)})::integer)
  `.execute(db);
}
