import type { Kysely } from 'kysely';

/**
 * One no-show event per appointment (spec 7, record-no-show): what the no-show count on the patient
 * page and a later prediction model read. Kept apart from the appointment so un-marking keeps history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('no_show_events')
    .addColumn('appointment_id', 'text', (c) => c.primaryKey())
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('patient_id', 'text', (c) => c.notNull())
    .addColumn('actual_no_show', 'integer', (c) => c.notNull())
    .addColumn('recorded_by', 'integer')
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('no_show_events_practice_patient')
    .on('no_show_events')
    .columns(['practice_id', 'patient_id'])
    .execute();
}
