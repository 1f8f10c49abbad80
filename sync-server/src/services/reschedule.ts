import type { OutgoingMessage } from '@dental/domain/communications/notification.schema';
import { DomainError, invalidInput } from '@dental/domain/errors';
import type { Appointment } from '@dental/domain/scheduling/appointment';
import { checkBookingRules } from '@dental/domain/scheduling/booking-rules';
import type { ReschedulePlan } from '@dental/domain/scheduling/reschedule-plan';
import {
  type AppointmentStatus,
  canTransition,
  normalizeStatus,
  transitionRefusal,
} from '@dental/domain/scheduling/status-transitions';
import { instantAt, shortDateTime } from '@dental/domain/time/zones';
import type { FieldIssue } from '@dental/domain/validation/issues';
import type { Db } from '../db/connection.ts';
import { findAppointment, updateAppointment } from '../repos/appointments.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { recordChange } from '../repos/changes.ts';
import { conflictsFor, referenceIssues } from './booking.ts';
import { hoursWithHolidays } from './holidays.ts';
import { type QueuedMessage, queueMessage } from './messages.ts';
import { practiceTimezone } from './practice-time.ts';

export interface PlanRun {
  practiceId: number;
  userId: number;
  now: Date;
  /** The body field holding the plans, so a refusal names e.g. plans.2.newTime. */
  field: 'plans' | 'displace';
  /** What caused the move, recorded in the audit trail. */
  cause: { entity: string; id: string };
  /** The note a cancelled booking keeps. */
  cancelNote: string;
}

export interface AppliedPlan {
  plan: ReschedulePlan;
  before: Appointment;
  after: Appointment;
}

/** Cancels first and moves last, so a booking moving into a slot another plan frees finds it free. */
const ACTION_ORDER: Readonly<Record<ReschedulePlan['action'], number>> = { cancel: 0, reassign: 1, reschedule: 2 };

function targetStatus(plan: ReschedulePlan, from: AppointmentStatus): AppointmentStatus {
  if (plan.action === 'cancel') return 'cancelled';
  // Spec 4: a rescheduled booking is scheduled again at its new time; a reassigned one keeps its status.
  return plan.action === 'reschedule' ? 'scheduled' : from;
}

/**
 * Applies every plan inside the caller's transaction; the first refusal throws, so the caller's
 * rollback leaves nothing applied. Each moved booking is judged by the same conflict and booking
 * rules as a booking made by hand, against the schedule as the earlier plans left it.
 */
export async function applyPlans(db: Db, run: PlanRun, plans: readonly ReschedulePlan[]): Promise<AppliedPlan[]> {
  const { practiceId, field } = run;
  const timeZone = await practiceTimezone(db, practiceId);
  const hours = await hoursWithHolidays(db, practiceId);
  const indexed = plans.map((plan, index) => ({ plan, index }));

  const current = new Map<string, Appointment>();
  const issues: FieldIssue[] = [];
  for (const { plan, index } of indexed) {
    const appointment = await findAppointment(db, practiceId, plan.appointmentId);
    if (!appointment) {
      issues.push({
        field: `${field}.${index}.appointmentId`,
        message: 'appointmentId is not an appointment of this practice',
      });
      continue;
    }
    current.set(plan.appointmentId, appointment);
    const refs = await referenceIssues(db, practiceId, {
      providerId: plan.newProviderId,
      treatmentRoom: plan.newRoomId,
    });
    for (const issue of refs) {
      const name = issue.field === 'providerId' ? 'newProviderId' : 'newRoomId';
      issues.push({ field: `${field}.${index}.${name}`, message: issue.message.replace(issue.field, name) });
    }
  }
  if (issues.length > 0) throw invalidInput(issues, 'REFERENCE_INVALID');

  const applied: AppliedPlan[] = [];
  const ordered = [...indexed].sort(
    (a, b) => ACTION_ORDER[a.plan.action] - ACTION_ORDER[b.plan.action] || a.index - b.index,
  );
  for (const { plan, index } of ordered) {
    const before = current.get(plan.appointmentId) as Appointment;
    const from = normalizeStatus(before.status) ?? 'scheduled';
    const to = targetStatus(plan, from);
    if (!canTransition(from, to)) {
      throw new DomainError('STATUS_TRANSITION', transitionRefusal(from, to), {
        details: { appointmentId: before.id, field: `${field}.${index}.action` },
      });
    }
    const placement = {
      id: before.id,
      status: to,
      providerId: plan.newProviderId ?? before.providerId,
      treatmentRoom: plan.action === 'reschedule' ? (plan.newRoomId ?? before.treatmentRoom) : before.treatmentRoom,
      appointmentDate:
        plan.action === 'reschedule' && plan.newDate && plan.newTime
          ? instantAt(plan.newDate, plan.newTime, timeZone)
          : before.appointmentDate,
      duration: before.duration,
      appointmentType: before.appointmentType,
    };
    if (plan.action === 'reschedule') {
      const rules = checkBookingRules(placement, { hours, timeZone, now: run.now });
      if (rules.length > 0) {
        throw invalidInput(
          rules.map((issue) => ({ field: `${field}.${index}.newTime`, message: issue.message })),
          'BOOKING_RULE',
        );
      }
    }
    if (plan.action !== 'cancel') {
      const conflicts = await conflictsFor(db, practiceId, placement);
      if (conflicts.length > 0) {
        throw new DomainError(
          'SCHEDULING_CONFLICT',
          `Scheduling conflict for ${before.patientName}: ${conflicts[0]?.message}`,
          { details: { appointmentId: before.id, field: `${field}.${index}`, conflicts } },
        );
      }
    }

    const notes = [before.notes, plan.action === 'cancel' ? run.cancelNote : null, plan.note || null]
      .filter((part): part is string => Boolean(part))
      .join('\n');
    const stamp = run.now.toISOString();
    await updateAppointment(db, practiceId, before.id, {
      provider_id: placement.providerId,
      treatment_room: placement.treatmentRoom,
      appointment_date: placement.appointmentDate,
      status: to,
      notes: notes || null,
      // A booking moved to another time has not been arrived for yet.
      checked_in_at: to === 'scheduled' ? null : before.checkedInAt,
      updated_at: stamp,
    });
    await recordChange(db, { practiceId, table: 'appointments', rowId: before.id, at: run.now });
    await writeAudit(db, {
      at: run.now,
      userId: run.userId,
      practiceId,
      action: `appointment.${plan.action}`,
      entity: 'appointment',
      entityId: before.id,
      details: {
        cause: run.cause,
        from: {
          providerId: before.providerId,
          treatmentRoom: before.treatmentRoom,
          appointmentDate: before.appointmentDate,
          status: before.status,
        },
        to: {
          providerId: placement.providerId,
          treatmentRoom: placement.treatmentRoom,
          appointmentDate: placement.appointmentDate,
          status: to,
        },
      },
    });
    const after = (await findAppointment(db, practiceId, before.id)) as Appointment;
    applied.push({ plan, before, after });
  }
  return applied.sort((a, b) => plans.indexOf(a.plan) - plans.indexOf(b.plan));
}

/** The patient's message about one applied plan, on the practice's clock. */
export function planMessage(applied: AppliedPlan, timeZone: string): string {
  const { plan, before, after } = applied;
  const was = shortDateTime(before.appointmentDate, timeZone);
  if (plan.action === 'cancel') {
    return `Your appointment on ${was} has been cancelled. Please contact us to book a new time.`;
  }
  if (plan.action === 'reassign') return `Your appointment on ${was} will now be with ${after.providerName}.`;
  const withWhom = after.providerId === before.providerId ? '' : ` with ${after.providerName}`;
  return `Your appointment on ${was} has been moved to ${shortDateTime(after.appointmentDate, timeZone)}${withWhom}.`;
}

/** Queues an appointment_change message for each applied plan whose patient is to be told. */
export async function notifyPlans(
  db: Db,
  run: Pick<PlanRun, 'practiceId' | 'userId' | 'now'>,
  applied: readonly AppliedPlan[],
): Promise<OutgoingMessage[]> {
  const timeZone = await practiceTimezone(db, run.practiceId);
  const queued: OutgoingMessage[] = [];
  for (const entry of applied) {
    if (entry.plan.patientNotified === false) continue;
    const message: QueuedMessage = {
      practiceId: run.practiceId,
      patientId: entry.after.patientId,
      appointmentId: entry.after.id,
      type: 'appointment_change',
      message: planMessage(entry, timeZone),
      userId: run.userId,
      now: run.now,
    };
    const sent = await queueMessage(db, message);
    if (sent) queued.push(sent);
  }
  return queued;
}
