import { randomUUID } from 'node:crypto';
import type { OutgoingMessage } from '@dental/domain/communications/notification.schema';
import {
  ABSENCE_UNAFFECTED_STATUSES,
  type AbsencePreview,
  absenceCancelNote,
  absenceListQuerySchema,
  absencePreviewSchema,
  type ProviderAbsence,
  providerAbsenceSchema,
} from '@dental/domain/scheduling/absence.schema';
import { absenceScheduleDates, absenceSuggestions } from '@dental/domain/scheduling/absence-suggestions';
import type { Appointment } from '@dental/domain/scheduling/appointment.schema';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context.ts';
import type { Db } from '../db/connection.ts';
import { writeAudit } from '../plugins/audit.ts';
import { badRequest, conflict } from '../plugins/http-error.ts';
import { defineRoute, type RouteRegistry } from '../plugins/route.ts';
import { absencesBetween } from '../services/absences.ts';
import { appointmentQuery, toAppointment } from '../services/appointments.ts';
import { referenceIssues } from '../services/booking.ts';
import { recordChange } from '../services/changes.ts';
import { weeklyHours } from '../services/practice-hours.ts';
import { localDate, localDayRange, practiceTimezone } from '../services/practice-time.ts';
import { applyPlans, notifyPlans } from '../services/reschedule.ts';
import { daySchedules } from '../services/schedule.ts';
import { toProviderAbsence } from '../services/sync-rows.ts';

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
    throw badRequest(issues.map((issue) => ({ field, message: issue.message.replace('providerId', field) })));
}

/** The absent provider's live bookings on the absence's days, by start time. */
async function affectedAppointments(db: Db, practiceId: number, span: AbsenceSpan): Promise<Appointment[]> {
  const timeZone = await practiceTimezone(db, practiceId);
  const from = localDayRange(span.startDate, timeZone).start;
  const to = localDayRange(span.endDate, timeZone).end;
  const rows = await appointmentQuery(db)
    .where('a.practice_id', '=', practiceId)
    .where('a.provider_id', '=', span.providerId)
    .where('a.appointment_date', '>=', from)
    .where('a.appointment_date', '<', to)
    .where('a.status', 'not in', [...ABSENCE_UNAFFECTED_STATUSES])
    .orderBy('a.appointment_date')
    .orderBy('a.id')
    .execute();
  return rows.map(toAppointment);
}

/** Pairs of patients recorded as family, for moving their back-to-back bookings together. */
async function familyOf(db: Db, practiceId: number, patientIds: readonly string[]) {
  if (patientIds.length === 0) return () => false;
  const rows = await db
    .selectFrom('family_relationships')
    .select(['patient_id', 'related_patient_id'])
    .where('practice_id', '=', practiceId)
    .where('patient_id', 'in', [...patientIds])
    .execute();
  const pairs = new Set(rows.map((row) => `${row.patient_id} ${row.related_patient_id}`));
  return (a: string, b: string) => pairs.has(`${a} ${b}`) || pairs.has(`${b} ${a}`);
}

export function registerProviderAbsenceRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/provider-absences',
    tag: 'Appointments',
    summary:
      'Provider absences touching a day (date, YYYY-MM-DD on the practice’s clock; today when left out) or a ' +
      'range (startDate and endDate), by start date.',
    access: 'signed-in',
    permission: 'appointments.view',
    query: absenceListQuerySchema,
    handler: async ({ db, practiceId, query, now }): Promise<ProviderAbsence[]> => {
      const today = localDate(now, await practiceTimezone(db, practiceId));
      const startDate = query.startDate ?? query.date ?? today;
      const endDate = query.endDate ?? query.date ?? query.startDate ?? today;
      const rows = await db
        .selectFrom('provider_absences')
        .selectAll()
        .where('practice_id', '=', practiceId)
        .where('start_date', '<=', endDate)
        .where('end_date', '>=', startDate)
        .orderBy('start_date')
        .orderBy('id')
        .execute();
      return rows.map(toProviderAbsence);
    },
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/provider-absences/preview',
    tag: 'Appointments',
    summary:
      'The bookings an absence would touch (not cancelled, completed or no-show), each with up to 3 suggestions ' +
      'from real free slots: reassign (0.9), next open day (0.8), room change (0.7). Family members booked back ' +
      'to back share a groupId and get parallel suggestions. Changes nothing.',
    access: 'signed-in',
    permission: 'appointments.edit',
    body: absencePreviewSchema,
    transactional: false,
    responses: { 200: 'Preview ({ affected: [{ appointment, groupId, suggestions }] })' },
    handler: async ({ db, practiceId, body, now }): Promise<AbsencePreview> => {
      await checkProvider(db, practiceId, body.providerId, 'providerId');
      const appointments = await affectedAppointments(db, practiceId, body);
      if (appointments.length === 0) return { affected: [] };
      const timeZone = await practiceTimezone(db, practiceId);
      const affectedDates = [...new Set(appointments.map((a) => localDate(a.appointmentDate, timeZone)))];
      const dates = absenceScheduleDates(body, affectedDates, await weeklyHours(db, practiceId));
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
    },
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/provider-absences',
    tag: 'Appointments',
    summary:
      'Record a provider absence and apply the plan for each affected booking (reschedule, reassign or cancel) ' +
      'in one transaction: any refused plan (409 naming its appointmentId, or 400 naming its field) leaves ' +
      'nothing changed and no absence recorded. Patients are sent an appointment_change message when ' +
      'notifyPatients is on, unless their plan says patientNotified false. New bookings of the provider on ' +
      'those days then conflict.',
    access: 'signed-in',
    permission: 'appointments.edit',
    body: providerAbsenceSchema,
    status: 201,
    responses: {
      201: 'Processed ({ absence, appointments, messages })',
      400: 'Invalid field, or a plan naming a booking, provider or room not of this practice or outside the booking rules',
      409: 'A plan conflicts ({ message, appointmentId, conflicts }), or the provider already has an absence then',
    },
    handler: async ({ db, caller, practiceId, body, now }): Promise<ProcessedAbsence> => {
      await checkProvider(db, practiceId, body.providerId, 'providerId');
      if (body.emergencyContact !== null && body.emergencyContact !== undefined) {
        await checkProvider(db, practiceId, body.emergencyContact, 'emergencyContact');
      }
      const [overlapping] = await absencesBetween(db, practiceId, body.startDate, body.endDate, body.providerId);
      if (overlapping) {
        throw conflict(`The provider already has an absence from ${overlapping.startDate} to ${overlapping.endDate}.`, {
          absenceId: overlapping.id,
        });
      }

      const userId = caller.account.row.id;
      const id = randomUUID();
      const stamp = now.toISOString();
      // Recorded first, so a plan that keeps the absent provider on those days is refused as a conflict.
      await db
        .insertInto('provider_absences')
        .values({
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
        })
        .execute();
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
      const absence = await db
        .selectFrom('provider_absences')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return { absence: toProviderAbsence(absence), appointments: applied.map((entry) => entry.after), messages };
    },
  });
}
