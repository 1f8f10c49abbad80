import { SCHEDULING } from '@dental/domain/constants';
import { DomainError, invalidInput } from '@dental/domain/errors';
import { analyzeConflicts, type ConflictAnalysis } from '@dental/domain/scheduling/analysis';
import type { Appointment, AppointmentSource } from '@dental/domain/scheduling/appointment';
import type { CreateAppointmentBody } from '@dental/domain/scheduling/appointment.schema';
import type { AnalyzeConflictsBody } from '@dental/domain/scheduling/appointment-queries.schema';
import { type FreeSlot, freeSlots, nextOpenDate } from '@dental/domain/scheduling/availability';
import { addDays } from '@dental/domain/scheduling/booking-rules';
import { CONFLICT_TEXTS, type Conflict } from '@dental/domain/scheduling/conflicts';
import { localDate, localDayRange } from '@dental/domain/time/zones';
import type { Db } from '../db/connection.ts';
import { appointmentPatient, appointmentsStarting } from '../repos/appointments.ts';
import { type BookingMaker, checkReferences, conflictsFor, createAppointment, enforceBookingRules } from './booking.ts';
import { claimId } from './client-ids.ts';
import { hoursWithHolidays } from './holidays.ts';
import { practiceTimezone } from './practice-time.ts';
import { daySchedules } from './schedule.ts';

export function refuseConflicts(conflicts: Conflict[]): never {
  throw new DomainError('SCHEDULING_CONFLICT', CONFLICT_TEXTS.scheduling.message, { details: { conflicts } });
}

/** Something recorded about a visit (a message, a survey) must name one of the patient's own appointments. */
export async function checkPatientAppointment(
  db: Db,
  practiceId: number,
  patientId: string,
  appointmentId: string,
): Promise<void> {
  const appointment = await appointmentPatient(db, practiceId, appointmentId);
  if (!appointment || appointment.patient_id !== patientId) {
    throw invalidInput(
      [{ field: 'appointmentId', message: 'appointmentId is not an appointment of this patient' }],
      'REFERENCE_INVALID',
    );
  }
}

/** Appointments of one practice day (today on its clock when no date is given), optionally of one provider. */
export async function appointmentsOfDay(
  db: Db,
  practiceId: number,
  query: { date?: string | undefined; providerId?: number | undefined },
  now: Date,
): Promise<Appointment[]> {
  const timeZone = await practiceTimezone(db, practiceId);
  const day = localDayRange(query.date ?? localDate(now, timeZone), timeZone);
  return appointmentsStarting(db, practiceId, day, query.providerId);
}

/**
 * Books an appointment; a clash is refused unless the booking overrides it, which is then audited.
 * `source` marks a booking the patient made online; staff bookings leave it out.
 */
export async function bookAppointment(
  db: Db,
  actor: BookingMaker,
  body: CreateAppointmentBody,
  source?: AppointmentSource,
): Promise<Appointment> {
  const { practiceId, now } = actor;
  const id = await claimId(db, 'appointments', body.id);
  await checkReferences(db, practiceId, body);
  await enforceBookingRules(db, practiceId, [body], now);

  const conflicts = await conflictsFor(db, practiceId, { ...body, id });
  if (conflicts.length > 0 && body.override !== true) refuseConflicts(conflicts);
  return createAppointment(db, actor, { ...body, id, source }, { conflicts });
}

/** What stands in the way of a booking and where else it could go; books nothing. */
export async function analyzeBooking(
  db: Db,
  practiceId: number,
  body: AnalyzeConflictsBody,
): Promise<ConflictAnalysis> {
  await checkReferences(db, practiceId, body);
  const timeZone = await practiceTimezone(db, practiceId);
  const date = localDate(body.appointmentDate, timeZone);
  const next = nextOpenDate(await hoursWithHolidays(db, practiceId), date);
  const [day, nextOpenDay] = await daySchedules(db, practiceId, next ? [date, next] : [date]);
  return analyzeConflicts(body, day, { nextOpenDay, excludeAppointmentId: body.excludeAppointmentId });
}

/** GET /api/appointments/available-slots. */
export interface AvailableSlots {
  startDate: string;
  endDate: string;
  duration: number;
  timeZone: string;
  slots: (FreeSlot & { date: string })[];
}

/** Free slots for a booking of `duration` minutes on each date of the range, never past the booking horizon. */
export async function availableSlots(
  db: Db,
  practiceId: number,
  query: {
    date?: string | undefined;
    startDate?: string | undefined;
    endDate?: string | undefined;
    duration: number;
    excludeProviderId?: number | undefined;
  },
  now: Date,
): Promise<AvailableSlots> {
  const timeZone = await practiceTimezone(db, practiceId);
  const today = localDate(now, timeZone);
  const startDate = query.startDate ?? query.date ?? today;
  const endDate = query.endDate ?? startDate;
  const lastBookable = addDays(today, SCHEDULING.maxAdvanceBookingDays);
  const dates: string[] = [];
  for (let date = startDate; date <= endDate && date <= lastBookable; date = addDays(date, 1)) dates.push(date);
  const options = { after: now.toISOString(), excludeProviderId: query.excludeProviderId };
  const slots = (await daySchedules(db, practiceId, dates)).flatMap((day) =>
    freeSlots(day, query.duration, options).map((slot) => ({ date: day.date, ...slot })),
  );
  return { startDate, endDate, duration: query.duration, timeZone, slots };
}
