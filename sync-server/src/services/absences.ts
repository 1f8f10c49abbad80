import { randomUUID } from 'node:crypto';
import type { OutgoingMessage } from '@dental/domain/communications/notification.schema';
import { DomainError, invalidInput } from '@dental/domain/errors';
import {
  ABSENCE_UNAFFECTED_STATUSES,
  type AbsencePreview,
  type AbsencePreviewBody,
  absenceCancelNote,
  type ProviderAbsence,
  type ProviderAbsenceBody,
} from '@dental/domain/scheduling/absence.schema';
import { absenceScheduleDates, absenceSuggestions } from '@dental/domain/scheduling/absence-suggestions';
import type { Appointment } from '@dental/domain/scheduling/appointment';
import { localDate, localDayRange } from '@dental/domain/time/zones';
import type { Db } from '../db/connection.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { providerAppointmentsStarting } from '../repos/bookings.ts';
import { recordChange } from '../repos/changes.ts';
import { linksFrom } from '../repos/family-relationships.ts';
import { absencesBetween, absencesTouching, findAbsence, insertAbsence } from '../repos/provider-absences.ts';
import { appointmentEvent } from './appointment-events.ts';
import { type BookingActor, referenceIssues } from './booking.ts';
import { hoursWithHolidays } from './holidays.ts';
import { practiceTimezone } from './practice-time.ts';
import { applyPlans, notifyPlans } from './reschedule.ts';
import { daySchedules } from './schedule.ts';

export interface ProcessedAbsence {
  absence: ProviderAbsence;
  /** Every booking a plan changed, as it is now. */
  appointments: Appointment[];
  /** The patient messages queued (notifyPatients). */
  messages: OutgoingMessage[];
}

interface AbsenceSpan {
  providerId: number;
  startDate: string;
  endDate: string;
}

async function checkProvider(db: Db, practiceId: number, providerId: number, field: string): Promise<void> {
  const issues = await referenceIssues(db, practiceId, { providerId });
  if (issues.length > 0)
    throw invalidInput(
      issues.map((issue) => ({ field, message: issue.message.replace('providerId', field) })),
      'REFERENCE_INVALID',
    );
}

/** The absent provider's live bookings on the absence's days, by start time. */
async function affectedAppointments(db: Db, practiceId: number, span: AbsenceSpan): Promise<Appointment[]> {
  const timeZone = await practiceTimezone(db, practiceId);
  const range = {
    start: localDayRange(span.startDate, timeZone).start,
    end: localDayRange(span.endDate, timeZone).end,
  };
  return providerAppointmentsStarting(db, practiceId, span.providerId, range, ABSENCE_UNAFFECTED_STATUSES);
}

/** Pairs of patients recorded as family, for moving their back-to-back bookings together. */
async function familyOf(db: Db, practiceId: number, patientIds: readonly string[]) {
  if (patientIds.length === 0) return () => false;
  const rows = await linksFrom(db, practiceId, patientIds);
  const pairs = new Set(rows.map((row) => `${row.patient_id} ${row.related_patient_id}`));
  return (a: string, b: string) => pairs.has(`${a} ${b}`) || pairs.has(`${b} ${a}`);
}

/** Absences touching a day (today on the practice's clock when left out) or a range, by start date. */
export async function absencesOf(
  db: Db,
  practiceId: number,
  query: { date?: string | undefined; startDate?: string | undefined; endDate?: string | undefined },
  now: Date,
): Promise<ProviderAbsence[]> {
  const today = localDate(now, await practiceTimezone(db, practiceId));
  const startDate = query.startDate ?? query.date ?? today;
  const endDate = query.endDate ?? query.date ?? query.startDate ?? today;
  return absencesTouching(db, practiceId, startDate, endDate);
}

/** The bookings an absence would touch, each with suggestions from real free slots; changes nothing. */
export async function previewAbsence(
  db: Db,
  practiceId: number,
  body: AbsencePreviewBody,
  now: Date,
): Promise<AbsencePreview> {
  await checkProvider(db, practiceId, body.providerId, 'providerId');
  const appointments = await affectedAppointments(db, practiceId, body);
  if (appointments.length === 0) return { affected: [] };
  const timeZone = await practiceTimezone(db, practiceId);
  const affectedDates = [...new Set(appointments.map((a) => localDate(a.appointmentDate, timeZone)))];
  const dates = absenceScheduleDates(body, affectedDates, await hoursWithHolidays(db, practiceId));
  return absenceSuggestions({
    absence: body,
    appointments,
    schedules: await daySchedules(db, practiceId, dates),
    related: await familyOf(
      db,
      practiceId,
      appointments.map((a) => a.patientId),
    ),
    now: now.toISOString(),
  });
}

/**
 * Records an absence and applies the plan for each affected booking in one transaction: any refused
 * plan leaves nothing changed and no absence recorded. Patients are told when notifyPatients is on.
 */
export async function recordAbsence(db: Db, actor: BookingActor, body: ProviderAbsenceBody): Promise<ProcessedAbsence> {
  const { practiceId, userId, now } = actor;
  await checkProvider(db, practiceId, body.providerId, 'providerId');
  if (body.emergencyContact !== null && body.emergencyContact !== undefined) {
    await checkProvider(db, practiceId, body.emergencyContact, 'emergencyContact');
  }
  const [overlapping] = await absencesBetween(db, practiceId, body.startDate, body.endDate, body.providerId);
  if (overlapping) {
    throw new DomainError(
      'ABSENCE_OVERLAP',
      `The provider already has an absence from ${overlapping.startDate} to ${overlapping.endDate}.`,
      { details: { absenceId: overlapping.id } },
    );
  }

  const id = randomUUID();
  const stamp = now.toISOString();
  // Recorded first, so a plan that keeps the absent provider on those days is refused as a conflict.
  await insertAbsence(db, {
    id,
    practice_id: practiceId,
    provider_id: body.providerId,
    start_date: body.startDate,
    end_date: body.endDate,
    reason: body.reason,
    notes: body.notes ?? null,
    emergency_contact: body.emergencyContact ?? null,
    created_by: userId,
    created_at: stamp,
    updated_at: stamp,
  });
  await recordChange(db, { practiceId, table: 'provider_absences', rowId: id, at: now });
  await writeAudit(db, {
    at: now,
    userId,
    practiceId,
    action: 'provider_absence.create',
    entity: 'provider_absence',
    entityId: id,
    details: {
      providerId: body.providerId,
      startDate: body.startDate,
      endDate: body.endDate,
      reason: body.reason,
      plans: body.plans.length,
    },
  });

  const run = {
    practiceId,
    userId,
    now,
    field: 'plans' as const,
    cause: { entity: 'provider_absence', id },
    cancelNote: absenceCancelNote(body.reason),
  };
  const applied = await applyPlans(db, run, body.plans);
  const messages = body.notifyPatients ? await notifyPlans(db, run, applied) : [];
  await appointmentEvent(db, actor, {
    kind: 'absence-recorded',
    absence: { id, providerId: body.providerId, startDate: body.startDate, endDate: body.endDate, reason: body.reason },
    changes: applied,
  });
  const absence = await findAbsence(db, id);
  return { absence, appointments: applied.map((entry) => entry.after), messages };
}
