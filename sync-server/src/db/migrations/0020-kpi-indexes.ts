import type { Kysely } from 'kysely';

/**
 * The practice manager's KPI report (repos/kpis.ts) reads a year at a time; these let every part of it stay an
 * index search. Appointments over a range are counted by status and room, and their payments by method, from
 * covering indexes (no table reads); recalls are found by due date, and each patient's visits around one by
 * patient and start; new patients by creation time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('appointments_practice_date_room')
    .on('appointments')
    .columns(['practice_id', 'appointment_date', 'status', 'treatment_room', 'duration'])
    .execute();
  await db.schema
    .createIndex('appointments_practice_payments')
    .on('appointments')
    .columns(['practice_id', 'payment_collected', 'appointment_date', 'payment_method', 'payment_amount'])
    .execute();
  await db.schema
    .createIndex('appointments_practice_patient_date')
    .on('appointments')
    .columns(['practice_id', 'patient_id', 'appointment_date', 'status'])
    .execute();
  await db.schema
    .createIndex('recalls_practice_due')
    .on('recalls')
    .columns(['practice_id', 'due_date', 'patient_id'])
    .execute();
  await db.schema
    .createIndex('patients_practice_created')
    .on('patients')
    .columns(['practice_id', 'created_at'])
    .execute();
}
