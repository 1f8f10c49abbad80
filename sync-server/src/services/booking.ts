import { invalidInput } from '@dental/domain/errors';
import { effectiveRole, PROVIDER_ROLES } from '@dental/domain/permissions/roles';
import type { Appointment, AppointmentSource } from '@dental/domain/scheduling/appointment';
import { type BookingTimes, checkBookingRules } from '@dental/domain/scheduling/booking-rules';
import { type Conflict, findConflicts } from '@dental/domain/scheduling/conflicts';
import type { AppointmentStatus } from '@dental/domain/scheduling/status-transitions';
import { localDate } from '@dental/domain/time/zones';
import type { FieldIssue } from '@dental/domain/validation/issues';
import type { Db } from '../db/connection.ts';
import { getAppointment, insertAppointment } from '../repos/appointments.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { bookingsNear } from '../repos/bookings.ts';
import { recordChange } from '../repos/changes.ts';
import { roomMaintenanceBetween } from '../repos/maintenance-schedules.ts';
import { findPatient } from '../repos/patients.ts';
import { absencesBetween } from '../repos/provider-absences.ts';
import { isActiveRoomCode } from '../repos/treatment-rooms.ts';
import { staffRole } from '../repos/users.ts';
import { appointmentEvent } from './appointment-events.ts';
import { hoursWithHolidays } from './holidays.ts';
import { practiceTimezone } from './practice-time.ts';

const MINUTE_MS = 60_000;

export interface References {
  patientId?: string | undefined;
  providerId?: number | undefined;
  assistantId?: number | null | undefined;
  treatmentRoom?: string | undefined;
}

/** Every id a booking names must belong to this practice; otherwise invalid input naming the field. */
export async function checkReferences(db: Db, practiceId: number, refs: References): Promise<void> {
  const issues = await referenceIssues(db, practiceId, refs);
  if (issues.length > 0) throw invalidInput(issues, 'REFERENCE_INVALID');
}

/** What checkReferences refuses, for callers that name the fields their own way. */
export async function referenceIssues(db: Db, practiceId: number, refs: References): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  if (refs.patientId !== undefined) {
    if (!(await findPatient(db, practiceId, refs.patientId)))
      issues.push({ field: 'patientId', message: 'patientId is not a patient of this practice' });
  }
  if (refs.providerId !== undefined) {
    const provider = await staffRole(db, practiceId, refs.providerId);
    if (!provider || !PROVIDER_ROLES.includes(effectiveRole(provider.role))) {
      issues.push({ field: 'providerId', message: 'providerId is not a provider of this practice' });
    }
  }
  if (refs.assistantId !== undefined && refs.assistantId !== null) {
    if (!(await staffRole(db, practiceId, refs.assistantId))) {
      issues.push({ field: 'assistantId', message: 'assistantId is not a staff member of this practice' });
    }
  }
  if (refs.treatmentRoom !== undefined) {
    if (!(await isActiveRoomCode(db, practiceId, refs.treatmentRoom))) {
      issues.push({ field: 'treatmentRoom', message: 'treatmentRoom is not a room of this practice' });
    }
  }
  return issues;
}

export interface Placement {
  id?: string;
  providerId: number;
  treatmentRoom: string;
  appointmentDate: string;
  duration: number;
  status: string;
}

/** What the booking would clash with, read from the database and judged by the shared rule. */
export async function conflictsFor(db: Db, practiceId: number, placement: Placement): Promise<Conflict[]> {
  const window = {
    practiceId,
    treatmentRoom: placement.treatmentRoom,
    providerId: placement.providerId,
    start: new Date(placement.appointmentDate),
    end: new Date(Date.parse(placement.appointmentDate) + placement.duration * MINUTE_MS),
  };
  const timeZone = await practiceTimezone(db, practiceId);
  const date = localDate(placement.appointmentDate, timeZone);
  const [existing, maintenance, absences] = [
    await bookingsNear(db, window),
    await roomMaintenanceBetween(db, practiceId, window.treatmentRoom, window.start, window.end),
    await absencesBetween(db, practiceId, date, date, placement.providerId),
  ];
  return findConflicts(placement, existing, { maintenance, absences, timeZone });
}

/** Duration, advance-booking and practice-hours rules for every booking given; invalid input naming the field. */
export async function enforceBookingRules(
  db: Db,
  practiceId: number,
  bookings: readonly BookingTimes[],
  now: Date,
): Promise<void> {
  const context = {
    hours: await hoursWithHolidays(db, practiceId),
    timeZone: await practiceTimezone(db, practiceId),
    now,
  };
  for (const booking of bookings) {
    const issues = checkBookingRules(booking, context);
    if (issues.length > 0) throw invalidInput(issues, 'BOOKING_RULE');
  }
}

export interface NewAppointment {
  id: string;
  patientId: string;
  providerId: number;
  assistantId?: number | null | undefined;
  treatmentRoom: string;
  appointmentDate: string;
  duration: number;
  status: AppointmentStatus;
  procedure: string;
  notes?: string | null | undefined;
  appointmentType?: string | null | undefined;
  /** Left out for staff bookings. */
  source?: AppointmentSource | undefined;
}

export interface BookingActor {
  practiceId: number;
  userId: number;
  now: Date;
}

/** Who makes a booking: a staff member, or the patient from their own link (userId null: no staff member acted). */
export type BookingMaker = Omit<BookingActor, 'userId'> & { userId: number | null };

/**
 * Saves a booking that has passed its checks, versions it for sync and audits it; `conflicts` are
 * the ones an override booked through, recorded so the decision can be traced.
 */
export async function createAppointment(
  db: Db,
  actor: BookingMaker,
  appointment: NewAppointment,
  audit: { conflicts: readonly Conflict[]; details?: Record<string, unknown> },
): Promise<Appointment> {
  const { practiceId, now } = actor;
  const stamp = now.toISOString();
  await insertAppointment(db, {
    id: appointment.id,
    practice_id: practiceId,
    patient_id: appointment.patientId,
    provider_id: appointment.providerId,
    assistant_id: appointment.assistantId ?? null,
    treatment_room: appointment.treatmentRoom,
    appointment_date: appointment.appointmentDate,
    duration: appointment.duration,
    status: appointment.status,
    procedure: appointment.procedure,
    notes: appointment.notes ?? null,
    appointment_type: appointment.appointmentType ?? null,
    source: appointment.source === 'online' ? 'online' : null,
    checked_in_at: appointment.status === 'in-progress' ? stamp : null,
    completed_at: appointment.status === 'completed' ? stamp : null,
    created_at: stamp,
    updated_at: stamp,
  });
  await recordChange(db, { practiceId, table: 'appointments', rowId: appointment.id, at: now });
  const details = {
    ...audit.details,
    ...(audit.conflicts.length > 0 ? { override: true, conflicts: audit.conflicts } : {}),
  };
  await writeAudit(db, {
    at: now,
    userId: actor.userId,
    practiceId,
    action: 'appointment.create',
    entity: 'appointment',
    entityId: appointment.id,
    ...(Object.keys(details).length > 0 ? { details } : {}),
  });
  const saved = await getAppointment(db, practiceId, appointment.id);
  await appointmentEvent(db, actor, { kind: 'booked', after: saved });
  return saved;
}
