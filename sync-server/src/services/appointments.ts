import type {
  Appointment,
  PaymentMethod,
  VisitRating,
  WaitingArea,
} from '@dental/domain/scheduling/appointment.schema';
import type { BookedAppointment, MaintenanceWindow } from '@dental/domain/scheduling/conflicts';
import type { AppointmentStatus } from '@dental/domain/scheduling/status-transitions';
import { NON_BLOCKING_STATUSES } from '@dental/domain/scheduling/status-transitions';
import { fullName, providerDisplayName } from '@dental/domain/users/user';
import type { Db } from '../db/connection.ts';
import type { MaintenanceScheduleRow } from '../db/schema.ts';
import { badRequest } from '../plugins/http-error.ts';

const MINUTE_MS = 60_000;
/** Longest booking that can start before a window and still reach into it (spec 9 maximum is 120). */
export const LOOKBACK_MS = 24 * 60 * MINUTE_MS;

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

export type AppointmentJoinedRow = Awaited<ReturnType<ReturnType<typeof appointmentQuery>['executeTakeFirstOrThrow']>>;

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
  };
}

/** SQLite keeps booleans as 0 and 1; null means the question was never answered. */
function flag(value: number | null): boolean | null {
  return value === null ? null : value === 1;
}

export async function findAppointment(db: Db, practiceId: number, id: string): Promise<Appointment | undefined> {
  const row = await appointmentQuery(db)
    .where('a.practice_id', '=', practiceId)
    .where('a.id', '=', id)
    .executeTakeFirst();
  return row ? toAppointment(row) : undefined;
}

export interface BookingWindow {
  practiceId: number;
  treatmentRoom: string;
  providerId: number;
  start: Date;
  end: Date;
}

/** Live bookings with what the shared conflict rules read; narrowed further by each caller. */
export function liveBookingsQuery(db: Db, practiceId: number, from: Date, to: Date) {
  return db
    .selectFrom('appointments as a')
    .innerJoin('patients as p', 'p.id', 'a.patient_id')
    .select([
      'a.id',
      'a.patient_id',
      'a.provider_id',
      'a.treatment_room',
      'a.appointment_date',
      'a.duration',
      'a.status',
      'p.first_name',
      'p.last_name',
    ])
    .where('a.practice_id', '=', practiceId)
    .where('a.appointment_date', '>=', new Date(from.getTime() - LOOKBACK_MS).toISOString())
    .where('a.appointment_date', '<', to.toISOString())
    .where('a.status', 'not in', [...NON_BLOCKING_STATUSES]);
}

type LiveBookingRow = Awaited<ReturnType<ReturnType<typeof liveBookingsQuery>['executeTakeFirstOrThrow']>>;

export function toBookedAppointment(row: LiveBookingRow): BookedAppointment {
  return {
    id: row.id,
    patientId: row.patient_id,
    providerId: row.provider_id,
    treatmentRoom: row.treatment_room,
    appointmentDate: row.appointment_date,
    duration: row.duration,
    status: row.status,
    patientName: fullName({ firstName: row.first_name, lastName: row.last_name }),
  };
}

/** Live bookings of the room or the provider that could overlap the window; the rule itself is the domain's. */
export async function bookingsNear(db: Db, window: BookingWindow): Promise<BookedAppointment[]> {
  const rows = await liveBookingsQuery(db, window.practiceId, window.start, window.end)
    .where((eb) =>
      eb.or([eb('a.treatment_room', '=', window.treatmentRoom), eb('a.provider_id', '=', window.providerId)]),
    )
    .execute();
  return rows.map(toBookedAppointment);
}

export function toMaintenanceWindow(
  row: Pick<MaintenanceScheduleRow, 'id' | 'room_id' | 'title' | 'start_date_time' | 'end_date_time'>,
): MaintenanceWindow {
  return {
    id: row.id,
    roomId: row.room_id,
    title: row.title,
    startDateTime: row.start_date_time,
    endDateTime: row.end_date_time,
  };
}

export async function maintenanceNear(db: Db, window: BookingWindow): Promise<MaintenanceWindow[]> {
  const rows = await db
    .selectFrom('maintenance_schedules')
    .select(['id', 'room_id', 'title', 'start_date_time', 'end_date_time'])
    .where('practice_id', '=', window.practiceId)
    .where('room_id', '=', window.treatmentRoom)
    .where('start_date_time', '<', window.end.toISOString())
    .where('end_date_time', '>', window.start.toISOString())
    .execute();
  return rows.map(toMaintenanceWindow);
}

export function endOf(appointmentDate: string, duration: number): Date {
  return new Date(Date.parse(appointmentDate) + duration * MINUTE_MS);
}

/** Something recorded about a visit (a message, a survey) must name one of the patient's own appointments: 400 otherwise. */
export async function checkPatientAppointment(
  db: Db,
  practiceId: number,
  patientId: string,
  appointmentId: string,
): Promise<void> {
  const appointment = await db
    .selectFrom('appointments')
    .select('patient_id')
    .where('practice_id', '=', practiceId)
    .where('id', '=', appointmentId)
    .executeTakeFirst();
  if (!appointment || appointment.patient_id !== patientId) {
    throw badRequest([{ field: 'appointmentId', message: 'appointmentId is not an appointment of this patient' }]);
  }
}
