import type { Kysely } from 'kysely';

/**
 * One row per form sent to a patient (the wizard's Send Forms step and the detail page's list).
 * Removed with the patient; the template is kept by id only so a retired template leaves history intact.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('form_sends')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('template_id', 'integer', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('sent_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema
    .createIndex('form_sends_practice_patient')
    .on('form_sends')
    .columns(['practice_id', 'patient_id'])
    .execute();
}
