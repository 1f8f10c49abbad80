import type { Kysely } from 'kysely';
import { fractionType } from '../dialect.ts';

const APPOINTMENT_COLUMNS: [string, 'text' | 'integer' | 'fraction'][] = [
  ['arrival_time', 'text'],
  ['waiting_area', 'text'],
  ['check_in_notes', 'text'],
  ['insurance_verified', 'integer'],
  ['emergency_contact_confirmed', 'integer'],
  ['medical_history_updated', 'integer'],
  ['payment_method_on_file', 'integer'],
  ['treatment_completed', 'integer'],
  ['patient_satisfaction', 'integer'],
  ['visit_rating', 'text'],
  ['payment_collected', 'integer'],
  ['payment_amount', 'fraction'],
  ['payment_method', 'text'],
];

/**
 * Issue 7: what check-in and check-out record on the appointment (all nullable: older bookings
 * never had them), provider absences, and the surveys and patient messages waiting for a delivery provider.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [column, type] of APPOINTMENT_COLUMNS) {
    await db.schema
      .alterTable('appointments')
      .addColumn(column, type === 'fraction' ? fractionType(db) : type)
      .execute();
  }

  await db.schema
    .createTable('provider_absences')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('emergency_contact', 'integer', (c) => c.references('users.id'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('provider_absences_practice_dates')
    .on('provider_absences')
    .columns(['practice_id', 'start_date', 'end_date'])
    .execute();

  await db.schema
    .createTable('survey_sends')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('appointment_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('treatment_completed', 'integer', (c) => c.notNull())
    .addColumn('provider_name', 'text')
    .addColumn('treatment_date', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema
    .createIndex('survey_sends_practice_patient')
    .on('survey_sends')
    .columns(['practice_id', 'patient_id'])
    .execute();

  await db.schema
    .createTable('outgoing_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('appointment_id', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema
    .createIndex('outgoing_messages_practice_patient')
    .on('outgoing_messages')
    .columns(['practice_id', 'patient_id', 'created_at'])
    .execute();
}
