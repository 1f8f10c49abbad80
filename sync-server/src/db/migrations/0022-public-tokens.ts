import type { Kysely } from 'kysely';

/**
 * Issue 20: the links sent to patients. Only a SHA-256 of each token is kept, so a copy of the database
 * opens no patient's page. Looked up by that hash before any practice is known, so this table has no
 * row-level security policy; the page's work then runs inside the token's practice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('public_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    // What the link is about: the form sends (a JSON list of ids), the survey send, the appointment, the invitation.
    .addColumn('subject', 'text')
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema
    .createIndex('public_tokens_practice_patient')
    .on('public_tokens')
    .columns(['practice_id', 'patient_id', 'purpose'])
    .execute();
}
