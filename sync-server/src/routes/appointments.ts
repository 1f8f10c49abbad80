import { SCHEDULING } from '@dental/domain/constants';
import { MESSAGES } from '@dental/domain/messages';
import { can } from '@dental/domain/permissions/can';
import type { Permission } from '@dental/domain/permissions/catalogue';
import { analyzeConflicts, type ConflictAnalysis } from '@dental/domain/scheduling/analysis';
import {
  type Appointment,
  analyzeConflictsSchema,
  appointmentIdParamsSchema,
  appointmentListQuerySchema,
  availableSlotsQuerySchema,
  changedFields,
  createAppointmentSchema,
  MAX_SLOT_RANGE_DAYS,
  type PatchAppointmentBody,
  patchAppointmentSchema,
} from '@dental/domain/scheduling/appointment.schema';
import { type FreeSlot, freeSlots, nextOpenDate } from '@dental/domain/scheduling/availability';
import { addDays } from '@dental/domain/scheduling/booking-rules';
import type { Conflict } from '@dental/domain/scheduling/conflicts';
import {
  type AppointmentStatus,
  canTransition,
  normalizeStatus,
  transitionRefusal,
} from '@dental/domain/scheduling/status-transitions';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context.ts';
import type { Db } from '../db/connection.ts';
import type { AppointmentRow } from '../db/schema.ts';
import { writeAudit } from '../plugins/audit.ts';
import { conflict, forbidden, notFound } from '../plugins/http-error.ts';
import { defineRoute, type RouteRegistry } from '../plugins/route.ts';
import { appointmentQuery, findAppointment, toAppointment } from '../services/appointments.ts';
import { checkReferences, conflictsFor, createAppointment, enforceBookingRules } from '../services/booking.ts';
import { recordChange } from '../services/changes.ts';
import { claimId } from '../services/client-ids.ts';
import { recordNoShow } from '../services/no-shows.ts';
import { weeklyHours } from '../services/practice-hours.ts';
import { localDate, localDayRange, practiceTimezone } from '../services/practice-time.ts';
import { daySchedules } from '../services/schedule.ts';

const SCHEDULING_CONFLICT = 'Scheduling conflict';
/** Changes that put the booking somewhere else in time, room or provider: they are checked again. */
const PLACEMENT_FIELDS = ['appointmentDate', 'duration', 'treatmentRoom', 'providerId'] as const;

/** GET /api/appointments/available-slots. */
export interface AvailableSlots {
  startDate: string;
  endDate: string;
  duration: number;
  timeZone: string;
  slots: (FreeSlot & { date: string })[];
}

const asFlag = (value: boolean | null): number | null => (value === null ? null : value ? 1 : 0);

/** Check-in and check-out answers (spec 7): each one the body names replaces the stored one; the rest stay. */
function visitColumns(body: PatchAppointmentBody, current: AppointmentRow) {
  const pick = <T, S>(value: T | undefined, stored: S, convert: (given: T) => S): S =>
    value === undefined ? stored : convert(value);
  const same = <T>(given: T) => given;
  return {
    arrival_time: pick(body.arrivalTime, current.arrival_time, same),
    waiting_area: pick(body.waitingArea, current.waiting_area, same),
    check_in_notes: pick(body.checkInNotes, current.check_in_notes, same),
    insurance_verified: pick(body.insuranceVerified, current.insurance_verified, asFlag),
    emergency_contact_confirmed: pick(body.emergencyContactConfirmed, current.emergency_contact_confirmed, asFlag),
    medical_history_updated: pick(body.medicalHistoryUpdated, current.medical_history_updated, asFlag),
    payment_method_on_file: pick(body.paymentMethodOnFile, current.payment_method_on_file, asFlag),
    treatment_completed: pick(body.treatmentCompleted, current.treatment_completed, asFlag),
    patient_satisfaction: pick(body.patientSatisfaction, current.patient_satisfaction, same),
    visit_rating: pick(body.visitRating, current.visit_rating, same),
    payment_collected: pick(body.paymentCollected, current.payment_collected, asFlag),
    payment_amount: pick(body.paymentAmount, current.payment_amount, same),
    payment_method: pick(body.paymentMethod, current.payment_method, same),
  };
}

function refuseConflicts(conflicts: Conflict[]): never {
  throw conflict(SCHEDULING_CONFLICT, { conflicts });
}

async function reload(db: Db, practiceId: number, id: string): Promise<Appointment> {
  const appointment = await findAppointment(db, practiceId, id);
  if (!appointment) throw notFound('Appointment not found.');
  return appointment;
}

export function registerAppointmentRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/appointments',
    tag: 'Appointments',
    summary:
      'Appointments of one day (YYYY-MM-DD in the practice’s time zone; today when left out), by start time, ' +
      'optionally for one provider.',
    access: 'signed-in',
    permission: 'appointments.view',
    query: appointmentListQuerySchema,
    handler: async ({ db, practiceId, query, now }): Promise<Appointment[]> => {
      const timeZone = await practiceTimezone(db, practiceId);
      const day = localDayRange(query.date ?? localDate(now, timeZone), timeZone);
      let rows = appointmentQuery(db)
        .where('a.practice_id', '=', practiceId)
        .where('a.appointment_date', '>=', day.start)
        .where('a.appointment_date', '<', day.end);
      if (query.providerId !== undefined) rows = rows.where('a.provider_id', '=', query.providerId);
      const found = await rows.orderBy('a.appointment_date').orderBy('a.treatment_room').orderBy('a.id').execute();
      return found.map(toAppointment);
    },
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/appointments',
    tag: 'Appointments',
    summary:
      'Book an appointment. A clash with another booking of the room or the provider, or with room maintenance, ' +
      'is 409 with the conflicts unless override is true (then it is booked and the override audited).',
    access: 'signed-in',
    permission: 'appointments.create',
    body: createAppointmentSchema,
    status: 201,
    responses: {
      201: 'Booked',
      400: 'Invalid field, or outside the booking rules (duration, 365 days ahead, practice hours; override does not lift them)',
      409: 'Scheduling conflict ({ conflicts }), or the id is already taken',
    },
    handler: async ({ db, caller, practiceId, body, now }): Promise<Appointment> => {
      const id = await claimId(db, 'appointments', body.id);
      await checkReferences(db, practiceId, body);
      await enforceBookingRules(db, practiceId, [body], now);

      const conflicts = await conflictsFor(db, practiceId, { ...body, id });
      if (conflicts.length > 0 && body.override !== true) refuseConflicts(conflicts);
      return createAppointment(db, { practiceId, userId: caller.account.row.id, now }, { ...body, id }, { conflicts });
    },
  });

  defineRoute(app, deps, registry, {
    method: 'PATCH',
    url: '/api/appointments/:id',
    tag: 'Appointments',
    summary:
      'Edit, move, resize or change the status of an appointment. Needs appointments.edit, except a body that only ' +
      'sets status to cancelled, which needs appointments.cancel. A move or resize into a clash is 409 unless ' +
      'override is true; a status change the workflow does not allow is 409. Check-in (status checked-in, stored ' +
      'as in-progress, with checkedInAt, arrivalTime, waitingArea, checkInNotes and the four verifications) and ' +
      'check-out (status completed with completedAt, treatmentCompleted, patientSatisfaction, visitRating, ' +
      'paymentCollected, paymentAmount, paymentMethod) answers are stored as sent.',
    access: 'signed-in',
    params: appointmentIdParamsSchema,
    body: patchAppointmentSchema,
    responses: {
      404: 'No such appointment in this practice',
      409: 'Scheduling conflict ({ conflicts }), or a status change that is not allowed',
    },
    handler: async ({ db, caller, practiceId, params, body, now }): Promise<Appointment> => {
      const fields = changedFields(body);
      const cancelOnly = fields.length === 1 && body.status === 'cancelled';
      const required: Permission = cancelOnly ? 'appointments.cancel' : 'appointments.edit';
      if (!can({ role: caller.account.row.role, permissions: caller.account.permissions }, required)) {
        throw forbidden(MESSAGES.permissionDenied, { requiredPermission: required });
      }

      const current = await db
        .selectFrom('appointments')
        .selectAll()
        .where('practice_id', '=', practiceId)
        .where('id', '=', params.id)
        .executeTakeFirst();
      if (!current) throw notFound('Appointment not found.');

      // Stored statuses are canonical; anything else reads as scheduled rather than blocking every change.
      const from: AppointmentStatus = normalizeStatus(current.status) ?? 'scheduled';
      const to: AppointmentStatus = body.status ?? from;
      if (!canTransition(from, to)) throw conflict(transitionRefusal(from, to));

      await checkReferences(db, practiceId, body);
      const next = {
        providerId: body.providerId ?? current.provider_id,
        treatmentRoom: body.treatmentRoom ?? current.treatment_room,
        appointmentDate: body.appointmentDate ?? current.appointment_date,
        duration: body.duration ?? current.duration,
        appointmentType: body.appointmentType !== undefined ? body.appointmentType : current.appointment_type,
      };
      // Only a real move or resize is judged: an edit form resends the time it loaded, which may
      // predate a change of hours. A new type is judged too, as it decides which lengths are allowed.
      if (
        next.appointmentDate !== current.appointment_date ||
        next.duration !== current.duration ||
        next.appointmentType !== current.appointment_type
      ) {
        await enforceBookingRules(db, practiceId, [next], now);
      }
      const moved = PLACEMENT_FIELDS.some((field) => body[field] !== undefined);
      const conflicts = moved ? await conflictsFor(db, practiceId, { ...next, id: current.id, status: to }) : [];
      if (conflicts.length > 0 && body.override !== true) refuseConflicts(conflicts);

      const stamp = now.toISOString();
      let checkedInAt = body.checkedInAt !== undefined ? body.checkedInAt : current.checked_in_at;
      if (body.checkedInAt === undefined && from !== to) {
        // Checking in records the arrival; un-checking in means the patient has not arrived after all.
        if (to === 'in-progress') checkedInAt = checkedInAt ?? stamp;
        if (to === 'scheduled') checkedInAt = null;
      }
      let completedAt = body.completedAt !== undefined ? body.completedAt : current.completed_at;
      if (body.completedAt === undefined && to === 'completed' && from !== to) completedAt = completedAt ?? stamp;

      await db
        .updateTable('appointments')
        .set({
          patient_id: body.patientId ?? current.patient_id,
          provider_id: next.providerId,
          assistant_id: body.assistantId !== undefined ? body.assistantId : current.assistant_id,
          treatment_room: next.treatmentRoom,
          appointment_date: next.appointmentDate,
          duration: next.duration,
          status: to,
          procedure: body.procedure ?? current.procedure,
          notes: body.notes !== undefined ? body.notes : current.notes,
          appointment_type: next.appointmentType,
          checked_in_at: checkedInAt,
          completed_at: completedAt,
          updated_at: stamp,
          ...visitColumns(body, current),
        })
        .where('practice_id', '=', practiceId)
        .where('id', '=', current.id)
        .execute();
      await recordChange(db, { practiceId, table: 'appointments', rowId: current.id, at: now });
      if (to === 'no-show' && from !== to) {
        // The no-show event of spec 7 commits with the status, so one queued change records both.
        await recordNoShow(db, {
          practiceId,
          appointmentId: current.id,
          patientId: body.patientId ?? current.patient_id,
          actualNoShow: true,
          userId: caller.account.row.id,
          at: now,
        });
      }
      await writeAudit(db, {
        at: now,
        userId: caller.account.row.id,
        practiceId,
        action: from === to ? 'appointment.update' : `appointment.status.${to}`,
        entity: 'appointment',
        entityId: current.id,
        details: {
          fields,
          ...(from === to ? {} : { status: { from, to } }),
          ...(conflicts.length > 0 ? { override: true, conflicts } : {}),
        },
      });
      return reload(db, practiceId, current.id);
    },
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/appointments/analyze-conflicts',
    tag: 'Appointments',
    summary:
      'What stands in the way of a booking (critical: clashes, practice hours; warning: the patient already ' +
      'booked that day; info: the provider without a break for 3 hours or more) and up to 5 suggestions drawn ' +
      'from the free slots of the day and of the next open day. Books nothing; the browser runs the same analysis offline.',
    access: 'signed-in',
    permission: 'appointments.view',
    body: analyzeConflictsSchema,
    // Reads only: no transaction to hold while the analysis runs.
    transactional: false,
    responses: { 200: 'Analysis ({ conflicts, suggestions })' },
    handler: async ({ db, practiceId, body }): Promise<ConflictAnalysis> => {
      await checkReferences(db, practiceId, body);
      const timeZone = await practiceTimezone(db, practiceId);
      const date = localDate(body.appointmentDate, timeZone);
      const next = nextOpenDate(await weeklyHours(db, practiceId), date);
      const [day, nextOpenDay] = await daySchedules(db, practiceId, next ? [date, next] : [date]);
      return analyzeConflicts(body, day, { nextOpenDay, excludeAppointmentId: body.excludeAppointmentId });
    },
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/appointments/available-slots',
    tag: 'Appointments',
    summary:
      'Free 30-minute-grid slots for a booking of `duration` minutes (default 30) on one date, or from startDate ' +
      `to endDate (at most ${MAX_SLOT_RANGE_DAYS} days; today when no date is given): each with the room and ` +
      'the providers free for the whole span. Past times and dates more than 365 days ahead have none.',
    access: 'signed-in',
    permission: 'appointments.view',
    query: availableSlotsQuerySchema,
    handler: async ({ db, practiceId, query, now }): Promise<AvailableSlots> => {
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
    },
  });
}
