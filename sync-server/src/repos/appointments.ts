import type { Appointment, PaymentMethod, VisitRating, WaitingArea } from '@dental/domain/scheduling/appointment';
import type { AppointmentStatus } from '@dental/domain/scheduling/status-transitions';
import { fullName, providerDisplayName } from '@dental/domain/users/user';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { AppointmentRow, AppointmentsTable } from '../db/schema.ts';

/** Appointments with the patient and provider details every list shows beside them. */
export function appointmentQuery(db: Db) {
  return db
    .selectFrom('appointments as a')
    .innerJoin('patients as p', 'p.id', 'a.patient_id')
    .innerJoin('users as u', 'u.id', 'a.provider_id')
    .selectAll('a')
    .select([
      'p.first_name as patient_first_name',
      'p.last_name as patient_last_name',
      'p.phone as patient_phone',
      'u.first_name as provider_first_name',
      'u.last_name as provider_last_name',
      'u.role as provider_role',
      'u.provider_color as provider_color',
    ]);
}

type AppointmentJoinedRow = Awaited<ReturnType<ReturnType<typeof appointmentQuery>['executeTakeFirstOrThrow']>>;

/** SQLite keeps booleans as 0 and 1; null means the question was never answered. */
function flag(value: number | null): boolean | null {
  return value === null ? null : value === 1;
}

export function toAppointment(row: AppointmentJoinedRow): Appointment {
  const patient = { firstName: row.patient_first_name, lastName: row.patient_last_name };
  return {
    id: row.id,
    practiceId: row.practice_id,
    patientId: row.patient_id,
    providerId: row.provider_id,
    assistantId: row.assistant_id,
    patient,
    patientName: fullName(patient),
    patientPhone: row.patient_phone,
    providerName: providerDisplayName({
      firstName: row.provider_first_name,
      lastName: row.provider_last_name,
      role: row.provider_role,
    }),
    providerColor: row.provider_color,
    treatmentRoom: row.treatment_room,
    appointmentDate: row.appointment_date,
    duration: row.duration,
    status: row.status as AppointmentStatus,
    procedure: row.procedure,
    notes: row.notes,
    appointmentType: row.appointment_type,
    checkedInAt: row.checked_in_at,
    completedAt: row.completed_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    arrivalTime: row.arrival_time,
    waitingArea: row.waiting_area as WaitingArea | null,
    checkInNotes: row.check_in_notes,
    insuranceVerified: flag(row.insurance_verified),
    emergencyContactConfirmed: flag(row.emergency_contact_confirmed),
    medicalHistoryUpdated: flag(row.medical_history_updated),
    paymentMethodOnFile: flag(row.payment_method_on_file),
    treatmentCompleted: flag(row.treatment_completed),
    patientSatisfaction: row.patient_satisfaction,
    visitRating: row.visit_rating as VisitRating | null,
    paymentCollected: flag(row.payment_collected),
    paymentAmount: row.payment_amount,
    paymentMethod: row.payment_method as PaymentMethod | null,
    ...(row.source === 'online' ? { source: 'online' as const } : {}),
  };
}

export async function findAppointment(db: Db, practiceId: number, id: string): Promise<Appointment | undefined> {
  const row = await appointmentQuery(db)
    .where('a.practice_id', '=', practiceId)
    .where('a.id', '=', id)
    .executeTakeFirst();
  return row ? toAppointment(row) : undefined;
}

/** An appointment known to exist, such as one just written: its absence is a failure. */
export async function getAppointment(db: Db, practiceId: number, id: string): Promise<Appointment> {
  const row = await appointmentQuery(db)
    .where('a.practice_id', '=', practiceId)
    .where('a.id', '=', id)
    .executeTakeFirstOrThrow();
  return toAppointment(row);
}

export async function appointmentsByIds(db: Db, practiceId: number, ids: readonly string[]): Promise<Appointment[]> {
  if (ids.length === 0) return [];
  const rows = await appointmentQuery(db).where('a.practice_id', '=', practiceId).where('a.id', 'in', ids).execute();
  return rows.map(toAppointment);
}

/** Appointments starting in [start, end), optionally of one provider, by start time, room and id. */
export async function appointmentsStarting(
  db: Db,
  practiceId: number,
  range: { start: string; end: string },
  providerId?: number,
): Promise<Appointment[]> {
  let rows = appointmentQuery(db)
    .where('a.practice_id', '=', practiceId)
    .where('a.appointment_date', '>=', range.start)
    .where('a.appointment_date', '<', range.end);
  if (providerId !== undefined) rows = rows.where('a.provider_id', '=', providerId);
  const found = await rows.orderBy('a.appointment_date').orderBy('a.treatment_room').orderBy('a.id').execute();
  return found.map(toAppointment);
}

/** The appointment's own row, without the patient and provider details. */
export function appointmentRow(db: Db, practiceId: number, id: string): Promise<AppointmentRow | undefined> {
  return db
    .selectFrom('appointments')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The appointment's id and patient, when it is one of the practice's. */
export function appointmentPatient(db: Db, practiceId: number, id: string) {
  return db
    .selectFrom('appointments')
    .select(['id', 'patient_id'])
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function hasAppointments(db: Db, patientId: string): Promise<boolean> {
  const booked = await db
    .selectFrom('appointments')
    .select('id')
    .where('patient_id', '=', patientId)
    .limit(1)
    .executeTakeFirst();
  return booked !== undefined;
}

export async function insertAppointment(db: Db, row: Insertable<AppointmentsTable>): Promise<void> {
  await db.insertInto('appointments').values(row).execute();
}

export async function updateAppointment(
  db: Db,
  practiceId: number,
  id: string,
  columns: Updateable<AppointmentsTable>,
): Promise<void> {
  await db
    .updateTable('appointments')
    .set(columns)
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .execute();
}

/** Ids of the practice's appointments starting in [start, end), as a subquery for the sync log. */
export function appointmentIdsStartingQuery(db: Db, practiceId: number, range: { start: string; end: string }) {
  return db
    .selectFrom('appointments')
    .select('id')
    .where('practice_id', '=', practiceId)
    .where('appointment_date', '>=', range.start)
    .where('appointment_date', '<', range.end);
}

/** Issue 21: how many appointments still to come are booked in the room (cancelled and no-shows aside). */
export async function countFutureInRoom(db: Db, practiceId: number, roomCode: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('appointments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('practice_id', '=', practiceId)
    .where('treatment_room', '=', roomCode)
    .where('appointment_date', '>=', now.toISOString())
    .where('status', 'not in', ['cancelled', 'no-show'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The start instants of the practice's appointments from `from` on (cancelled ones left out), earliest first. */
export function futureAppointmentStarts(db: Db, practiceId: number, from: string) {
  return db
    .selectFrom('appointments')
    .select(['id', 'appointment_date'])
    .where('practice_id', '=', practiceId)
    .where('appointment_date', '>=', from)
    .where('status', '!=', 'cancelled')
    .orderBy('appointment_date')
    .orderBy('id')
    .execute();
}
