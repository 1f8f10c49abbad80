import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@dental/domain/messages';
import { can } from '@dental/domain/permissions/can';
import type { Permission } from '@dental/domain/permissions/catalogue';
import {
  type Appointment,
  appointmentIdParamsSchema,
  appointmentListQuerySchema,
  changedFields,
  createAppointmentSchema,
  patchAppointmentSchema,
} from '@dental/domain/scheduling/appointment.schema';
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
import { writeAudit } from '../plugins/audit.ts';
import { conflict, forbidden, notFound } from '../plugins/http-error.ts';
import { defineRoute, type RouteRegistry } from '../plugins/route.ts';
import { appointmentQuery, findAppointment, toAppointment } from '../services/appointments.ts';
import { checkReferences, conflictsFor } from '../services/booking.ts';
import { recordChange } from '../services/changes.ts';
import { localDate, localDayRange, practiceTimezone } from '../services/practice-time.ts';

const SCHEDULING_CONFLICT = 'Scheduling conflict';
/** Changes that put the booking somewhere else in time, room or provider: they are checked again. */
const PLACEMENT_FIELDS = ['appointmentDate', 'duration', 'treatmentRoom', 'providerId'] as const;

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
      409: 'Scheduling conflict ({ conflicts }), or the id is already taken',
    },
    handler: async ({ db, caller, practiceId, body, now }): Promise<Appointment> => {
      const id = body.id ?? randomUUID();
      const taken = await db.selectFrom('appointments').select('id').where('id', '=', id).executeTakeFirst();
      if (taken) throw conflict('An appointment with this id already exists.', { field: 'id' });
      await checkReferences(db, practiceId, body);

      const conflicts = await conflictsFor(db, practiceId, { ...body, id });
      if (conflicts.length > 0 && body.override !== true) refuseConflicts(conflicts);

      const stamp = now.toISOString();
      await db
        .insertInto('appointments')
        .values({
          id,
          practice_id: practiceId,
          patient_id: body.patientId,
          provider_id: body.providerId,
          assistant_id: body.assistantId ?? null,
          treatment_room: body.treatmentRoom,
          appointment_date: body.appointmentDate,
          duration: body.duration,
          status: body.status,
          procedure: body.procedure,
          notes: body.notes ?? null,
          appointment_type: body.appointmentType ?? null,
          checked_in_at: body.status === 'in-progress' ? stamp : null,
          completed_at: body.status === 'completed' ? stamp : null,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
      await recordChange(db, { practiceId, table: 'appointments', rowId: id, at: now });
      await writeAudit(db, {
        at: now,
        userId: caller.account.row.id,
        practiceId,
        action: 'appointment.create',
        entity: 'appointment',
        entityId: id,
        ...(conflicts.length > 0 ? { details: { override: true, conflicts } } : {}),
      });
      return reload(db, practiceId, id);
    },
  });

  defineRoute(app, deps, registry, {
    method: 'PATCH',
    url: '/api/appointments/:id',
    tag: 'Appointments',
    summary:
      'Edit, move, resize or change the status of an appointment. Needs appointments.edit, except a body that only ' +
      'sets status to cancelled, which needs appointments.cancel. A move or resize into a clash is 409 unless ' +
      'override is true; a status change the workflow does not allow is 409.',
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
      };
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
          appointment_type: body.appointmentType !== undefined ? body.appointmentType : current.appointment_type,
          checked_in_at: checkedInAt,
          completed_at: completedAt,
          updated_at: stamp,
        })
        .where('practice_id', '=', practiceId)
        .where('id', '=', current.id)
        .execute();
      await recordChange(db, { practiceId, table: 'appointments', rowId: current.id, at: now });
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
}
