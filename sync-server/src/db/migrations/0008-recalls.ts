import type { Kysely } from 'kysely';

/** Spec 3's recall: a patient is due back for a recall type on a date (set at check-out or by hand). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('recalls')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('recall_type_id', 'integer', (c) => c.notNull().references('recall_types.id'))
    .addColumn('last_visit_date', 'text')
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('recalls_practice_patient')
    .on('recalls')
    .columns(['practice_id', 'patient_id', 'due_date'])
    .execute();
}
