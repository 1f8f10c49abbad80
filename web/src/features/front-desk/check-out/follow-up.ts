import {
  type BookingTimes,
  checkBookingRules,
  FOLLOW_UP_APPOINTMENT_TYPE,
} from '@dental/domain/scheduling/booking-rules';
import { findConflicts } from '@dental/domain/scheduling/conflicts';
import { instantAt, localDayRange } from '@dental/domain/time/zones';
import { type LocalStore, localConflictMessage } from '@dental/local-store';
import { t } from '@lingui/core/macro';
import { maintenanceFrom, weeklyHoursFrom } from '../../scheduling/index.ts';

/** A follow-up visit chosen at check-out (spec 7: the full check-out's follow-up POST). */
export interface FollowUpRequest {
  patientId: string;
  providerId: number;
  treatmentRoom: string;
  /** YYYY-MM-DD and HH:MM on the practice's clock. */
  date: string;
  time: string;
  duration: number;
  procedure: string;
  notes: string | null;
}

/**
 * Why the follow-up cannot be booked, in the words the schedule uses (booking rules first, then
 * spec 8's conflict text), or null when it can. Read from this device, so it works offline and
 * judges the slot exactly as a booking from the grid would.
 */
export async function followUpProblem(
  store: LocalStore,
  timeZone: string,
  request: FollowUpRequest,
): Promise<string | null> {
  const appointmentDate = instantAt(request.date, request.time, timeZone);
  const hours = weeklyHoursFrom(await store.reference('practice_hours'));
  if (!hours) return t`The practice hours are not on this device yet. Connect once so the schedule can load them.`;
  const booking: BookingTimes = {
    appointmentDate,
    duration: request.duration,
    appointmentType: FOLLOW_UP_APPOINTMENT_TYPE,
  };
  const [rule] = checkBookingRules(booking, { hours, timeZone, now: new Date() });
  if (rule) return rule.message;
  const range = localDayRange(request.date, timeZone);
  const [appointments, maintenanceRows, absences] = await Promise.all([
    store.appointments.onDay(request.date),
    store.reference('maintenance_schedules'),
    store.absences.overlapping(request.date),
  ]);
  const conflicts = findConflicts(
    {
      providerId: request.providerId,
      treatmentRoom: request.treatmentRoom,
      appointmentDate,
      duration: request.duration,
    },
    appointments,
    { maintenance: maintenanceFrom(maintenanceRows, range.start, range.end), absences, timeZone },
  );
  return conflicts.length === 0 ? null : localConflictMessage(conflicts);
}

/** Checks the follow-up and books it on this device (queued for the server); throws with the reason it cannot. */
export async function bookFollowUp(store: LocalStore, timeZone: string, request: FollowUpRequest): Promise<void> {
  const problem = await followUpProblem(store, timeZone, request);
  if (problem) throw new Error(problem);
  await store.appointments.create({
    patientId: request.patientId,
    providerId: request.providerId,
    treatmentRoom: request.treatmentRoom,
    appointmentDate: instantAt(request.date, request.time, timeZone),
    duration: request.duration,
    procedure: request.procedure,
    notes: request.notes,
    status: 'scheduled',
    appointmentType: FOLLOW_UP_APPOINTMENT_TYPE,
  });
}
