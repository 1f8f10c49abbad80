import type {
  createAppointmentSchema,
  familyBookingSchema,
  patchAppointmentSchema,
} from '../src/scheduling/appointment.schema.ts';
import type { BookedAppointment, MaintenanceWindow } from '../src/scheduling/conflicts.ts';
import { instantAt } from '../src/time/zones.ts';
import type { BodyInput } from './body.ts';
import { TORONTO } from './practices.ts';

/** A booking request body as a client sends it (POST /api/appointments, or queued offline). */
export type NewAppointmentInput = BodyInput<typeof createAppointmentSchema>;
/** A family booking request body (POST /api/appointments/family). */
export type FamilyBookingInput = BodyInput<typeof familyBookingSchema>;
/** A change to a booked appointment as a client sends it (PATCH /api/appointments/{id}). */
export type AppointmentChangeInput = BodyInput<typeof patchAppointmentSchema>;

/** Providers of the schedule rules' tables (ids as in the demo's practice 1 where they exist). */
export const DOCTOR = { id: 2, name: 'Dr. Daniel Chen', role: 'doctor' };
export const DOCTOR_TWO = { id: 7, name: 'Dr. Ana Silva', role: 'doctor' };
export const ADMIN = { id: 1, name: 'Dr. Avery Morgan', role: 'admin' };
export const HYGIENIST = { id: 3, name: 'Priya Sharma', role: 'hygienist' };
export const HYGIENIST_TWO = { id: 9, name: 'Lee Wong', role: 'hygienist' };

/** The instant of a wall-clock time on a practice's clock (Toronto unless said). */
export const on = (date: string, time: string, timeZone = TORONTO) => instantAt(date, time, timeZone);

/** A valid booking of a patient with the doctor in Room 1; give it the patient and the time. */
export function anAppointment(
  over: Partial<NewAppointmentInput> & Pick<NewAppointmentInput, 'patientId' | 'appointmentDate'>,
): NewAppointmentInput {
  return {
    providerId: DOCTOR.id,
    treatmentRoom: 'Room 1',
    duration: 30,
    procedure: 'Cleaning',
    ...over,
  };
}

/**
 * A valid family booking with the doctor in Room 1: the primary patient first, then each member, back to
 * back on the same day. Give it the family and the time.
 */
export function aFamilyBooking(
  over: Partial<FamilyBookingInput> &
    Pick<FamilyBookingInput, 'primaryPatientId' | 'familyMemberIds' | 'appointmentDate'>,
): FamilyBookingInput {
  return {
    consecutiveAppointments: true,
    sameDay: true,
    providerId: DOCTOR.id,
    treatmentRoom: 'Room 1',
    duration: 30,
    procedure: 'Cleaning',
    ...over,
  };
}

/** A quick check-in (spec 7) with the three required verifications ticked; it is stored as in-progress. */
export function aCheckIn(over: Partial<AppointmentChangeInput> = {}): AppointmentChangeInput {
  return {
    status: 'checked-in',
    insuranceVerified: true,
    emergencyContactConfirmed: true,
    medicalHistoryUpdated: true,
    ...over,
  };
}

/** A check-out: the visit is completed. Add the express answers (payment) or the full one (visit rating). */
export function aCheckOut(over: Partial<AppointmentChangeInput> = {}): AppointmentChangeInput {
  return { status: 'completed', ...over };
}

let booked = 0;

/** An appointment already on a schedule, as the conflict rules read it. */
export function aBooking(
  over: Partial<BookedAppointment> & Pick<BookedAppointment, 'appointmentDate'>,
): BookedAppointment {
  booked += 1;
  return {
    id: `b${booked}`,
    providerId: DOCTOR.id,
    treatmentRoom: 'Room 1',
    duration: 30,
    status: 'scheduled',
    patientName: `Patient ${booked}`,
    ...over,
  };
}

export function aMaintenanceWindow(
  room: string,
  start: string,
  end: string,
  title = 'Compressor repair',
): MaintenanceWindow {
  return { id: `m-${room}-${start}`, roomId: room, title, startDateTime: start, endDateTime: end };
}
