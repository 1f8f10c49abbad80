import type { AssistantAppointment, AssistantPatient } from '@dental/domain/assistant/contract';
import type { Db } from '../db/connection.ts';

/** The practice's active patients with only what the assistant matches names against. */
export async function assistantPatients(db: Db, practiceId: number): Promise<AssistantPatient[]> {
  const rows = await db
    .selectFrom('patients')
    .select(['id', 'first_name', 'last_name', 'date_of_birth', 'phone', 'email'])
    .where('practice_id', '=', practiceId)
    .where('is_active', '=', 1)
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    dateOfBirth: row.date_of_birth,
    phone: row.phone,
    email: row.email,
  }));
}

/** Appointments starting in [from, to), every status, by start. */
export async function assistantAppointments(
  db: Db,
  practiceId: number,
  range: { from: string; to: string },
): Promise<AssistantAppointment[]> {
  const rows = await db
    .selectFrom('appointments')
    .select([
      'id',
      'patient_id',
      'provider_id',
      'treatment_room',
      'appointment_date',
      'duration',
      'procedure',
      'status',
    ])
    .where('practice_id', '=', practiceId)
    .where('appointment_date', '>=', range.from)
    .where('appointment_date', '<', range.to)
    .orderBy('appointment_date')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    patientId: row.patient_id,
    providerId: row.provider_id,
    treatmentRoom: row.treatment_room,
    appointmentDate: row.appointment_date,
    duration: row.duration,
    procedure: row.procedure,
    status: row.status,
  }));
}

/** Every procedure name the practice's appointments carry, by name. */
export async function procedureNames(db: Db, practiceId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('appointments')
    .select('procedure')
    .distinct()
    .where('practice_id', '=', practiceId)
    .orderBy('procedure')
    .execute();
  return rows.map((row) => row.procedure);
}
