import { type DisplacementPreview, displacementSuggestions } from '@dental/domain/scheduling/absence-suggestions';
import { type Appointment, scheduleDateQuerySchema } from '@dental/domain/scheduling/appointment.schema';
import { nextOpenDate } from '@dental/domain/scheduling/availability';
import { type Conflict, formatClockTime } from '@dental/domain/scheduling/conflicts';
import type { MaintenanceSchedule } from '@dental/domain/scheduling/maintenance';
import {
  createMaintenanceSchema,
  MAINTENANCE_TEXTS,
  type MaintenanceSpan,
  maintenanceConflicts,
  maintenanceIdParamsSchema,
  maintenancePreviewSchema,
  type UpdateMaintenanceBody,
  updateMaintenanceSchema,
} from '@dental/domain/scheduling/maintenance.schema';
import type { ReschedulePlan } from '@dental/domain/scheduling/reschedule-plan';
import { NON_BLOCKING_STATUSES } from '@dental/domain/scheduling/status-transitions';
import type { FieldIssue } from '@dental/domain/validation/issues';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context.ts';
import type { Db } from '../db/connection.ts';
import type { MaintenanceScheduleRow } from '../db/schema.ts';
import { writeAudit } from '../plugins/audit.ts';
import { badRequest, conflict, notFound } from '../plugins/http-error.ts';
import { defineRoute, type RouteRegistry } from '../plugins/route.ts';
import { appointmentQuery, findAppointment, LOOKBACK_MS, toAppointment } from '../services/appointments.ts';
import { referenceIssues } from '../services/booking.ts';
import { recordChange } from '../services/changes.ts';
import { claimId } from '../services/client-ids.ts';
import { weeklyHours } from '../services/practice-hours.ts';
import { localDate, localDayRange, practiceTimezone } from '../services/practice-time.ts';
import { applyPlans, notifyPlans } from '../services/reschedule.ts';
import { daySchedules, roomCodesQuery } from '../services/schedule.ts';
import { toMaintenanceSchedule } from '../services/sync-rows.ts';

/** The columns the create and edit forms both fill. */
function windowColumns(body: UpdateMaintenanceBody) {
  return {
    maintenance_type: body.maintenanceType,
    title: body.title,
    description: body.description ?? null,
    start_date_time: body.startDateTime,
    end_date_time: body.endDateTime,
    priority: body.priority,
    vendor: body.vendor ?? null,
    cost: body.cost ?? null,
    notes: body.notes ?? null,
  };
}

/** The room's live bookings the window overlaps, as full appointments. */
async function bookingsInTheWay(db: Db, practiceId: number, window: MaintenanceSpan): Promise<Appointment[]> {
  const rows = await appointmentQuery(db)
    .where('a.practice_id', '=', practiceId)
    .where('a.treatment_room', '=', window.roomId)
    .where('a.appointment_date', '>=', new Date(Date.parse(window.startDateTime) - LOOKBACK_MS).toISOString())
    .where('a.appointment_date', '<', window.endDateTime)
    .where('a.status', 'not in', [...NON_BLOCKING_STATUSES])
    .execute();
  return maintenanceConflicts(window, rows.map(toAppointment));
}

/** Spec 8 wording for each booking in the way, as appointment conflicts are worded. */
function roomConflicts(appointments: readonly Appointment[], timeZone: string): Conflict[] {
  return appointments.map((appointment) => {
    const time = formatClockTime(appointment.appointmentDate, timeZone);
    return {
      type: 'room',
      severity: 'critical',
      message: `${time} in ${appointment.treatmentRoom} is already booked by ${appointment.patientName}`,
      appointmentId: appointment.id,
      patient: appointment.patientName,
      time,
      room: appointment.treatmentRoom,
    };
  });
}

/**
 * The room code a window is stored under. Rooms have a code ('Room 3', what appointments name) and a
 * numeric id (GET /api/treatment-rooms lists both); a client may send either.
 */
async function roomCodeOf(db: Db, practiceId: number, roomId: string): Promise<string> {
  if ((await referenceIssues(db, practiceId, { treatmentRoom: roomId })).length === 0) return roomId;
  const byId = /^\d{1,9}$/.test(roomId)
    ? await db
        .selectFrom('treatment_rooms')
        .select('room_code')
        .where('practice_id', '=', practiceId)
        .where('id', '=', Number(roomId))
        .where('is_active', '=', 1)
        .executeTakeFirst()
    : undefined;
  if (!byId) throw badRequest([{ field: 'roomId', message: 'roomId is not a room of this practice' }]);
  return byId.room_code;
}

/**
 * Moves the bookings in the window's way by their plans (the window is already saved, so a plan that
 * stays inside it is refused), then refuses with the list if any booking is still in the way. A plan
 * may only name a booking of this practice; one for a booking no longer in the way (moved meanwhile
 * from another device) is moot and left alone, so a window never moves a booking it does not touch.
 */
async function displace(
  db: Db,
  context: { practiceId: number; userId: number; now: Date; maintenanceId: string; title: string },
  window: MaintenanceSpan,
  plans: readonly ReschedulePlan[],
): Promise<void> {
  const { practiceId, now } = context;
  const inTheWay = await bookingsInTheWay(db, practiceId, window);
  const inTheWayIds = new Set(inTheWay.map((appointment) => appointment.id));
  const issues: FieldIssue[] = [];
  for (const [index, plan] of plans.entries()) {
    if (inTheWayIds.has(plan.appointmentId) || (await findAppointment(db, practiceId, plan.appointmentId))) continue;
    issues.push({
      field: `displace.${index}.appointmentId`,
      message: 'appointmentId is not an appointment of this practice',
    });
  }
  if (issues.length > 0) throw badRequest(issues);
  if (inTheWay.length === 0) return;
  const planned = new Set(plans.map((plan) => plan.appointmentId));
  const unplanned = inTheWay.filter((appointment) => !planned.has(appointment.id));
  if (unplanned.length > 0) {
    const timeZone = await practiceTimezone(db, practiceId);
    throw conflict(MAINTENANCE_TEXTS.conflictMessage, {
      conflicts: roomConflicts(unplanned, timeZone),
      appointments: unplanned,
    });
  }
  const run = {
    practiceId,
    userId: context.userId,
    now,
    field: 'displace' as const,
    cause: { entity: 'maintenance_schedule', id: context.maintenanceId },
    cancelNote: `Cancelled: room maintenance (${context.title})`,
  };
  const applied = await applyPlans(
    db,
    run,
    plans.filter((plan) => inTheWayIds.has(plan.appointmentId)),
  );
  await notifyPlans(db, run, applied);
}

async function findWindow(db: Db, practiceId: number, id: string): Promise<MaintenanceScheduleRow> {
  const row = await db
    .selectFrom('maintenance_schedules')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Maintenance schedule not found.');
  return row;
}

export function registerMaintenanceRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/maintenance-schedules',
    tag: 'Staff and rooms',
    summary:
      'Room maintenance of the current practice’s active rooms overlapping a day (YYYY-MM-DD in the practice’s ' +
      'time zone; today when left out).',
    access: 'signed-in',
    permission: 'appointments.view',
    query: scheduleDateQuerySchema,
    handler: async ({ db, practiceId, query, now }): Promise<MaintenanceSchedule[]> => {
      const timeZone = await practiceTimezone(db, practiceId);
      const day = localDayRange(query.date ?? localDate(now, timeZone), timeZone);
      const rows = await db
        .selectFrom('maintenance_schedules')
        .selectAll()
        .where('practice_id', '=', practiceId)
        .where('room_id', 'in', roomCodesQuery(db, practiceId))
        .where('start_date_time', '<', day.end)
        .where('end_date_time', '>', day.start)
        .orderBy('start_date_time')
        .orderBy('room_id')
        .execute();
      return rows.map(toMaintenanceSchedule);
    },
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/maintenance-schedules/preview',
    tag: 'Staff and rooms',
    summary:
      'The bookings a maintenance window would be in the way of, each with up to 3 places to move it: another ' +
      'room at the same time (0.9), later the same day (0.8), the next open day (0.7). Changes nothing.',
    access: 'signed-in',
    permission: 'appointments.edit',
    body: maintenancePreviewSchema,
    transactional: false,
    responses: { 200: 'Preview ({ affected: [{ appointment, suggestions }] })' },
    handler: async ({ db, practiceId, body, now }): Promise<DisplacementPreview> => {
      const roomId = await roomCodeOf(db, practiceId, body.roomId);
      const appointments = await bookingsInTheWay(db, practiceId, { ...body, roomId });
      if (appointments.length === 0) return { affected: [] };
      const timeZone = await practiceTimezone(db, practiceId);
      const hours = await weeklyHours(db, practiceId);
      const dates = new Set(appointments.map((appointment) => localDate(appointment.appointmentDate, timeZone)));
      for (const date of [...dates]) {
        const next = nextOpenDate(hours, date);
        if (next) dates.add(next);
      }
      const schedules = await daySchedules(db, practiceId, [...dates].sort());
      const window = { id: body.excludeId ?? 'planned', title: 'Maintenance', ...body, roomId };
      return displacementSuggestions({
        window,
        appointments,
        // The window being edited is replaced by the one previewed.
        schedules: schedules.map((day) => ({
          ...day,
          maintenance: day.maintenance.filter((other) => other.id !== body.excludeId),
        })),
        now: now.toISOString(),
      });
    },
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/maintenance-schedules',
    tag: 'Staff and rooms',
    summary:
      'Schedule room maintenance (defaults: routine, medium). Bookings of the room during the window are 409 ' +
      '({ message, conflicts, appointments }) unless displace has a plan for each of them; the plans are applied ' +
      'in the same transaction, all or nothing. A client id (uuid) is kept so an offline create keeps its id.',
    access: 'signed-in',
    permission: 'appointments.edit',
    body: createMaintenanceSchema,
    status: 201,
    responses: {
      201: 'Scheduled',
      400: 'Invalid field (Please fill in all required fields. / End time must be after start time.), or a room not of this practice',
      409: 'Bookings in the way ({ message, conflicts, appointments }), a refused plan, or the id is already taken',
    },
    handler: async ({ db, caller, practiceId, body, now }): Promise<MaintenanceSchedule> => {
      const id = await claimId(db, 'maintenance_schedules', body.id);
      const roomId = await roomCodeOf(db, practiceId, body.roomId);
      const stamp = now.toISOString();
      await db
        .insertInto('maintenance_schedules')
        .values({
          id,
          practice_id: practiceId,
          room_id: roomId,
          ...windowColumns(body),
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
      const userId = caller.account.row.id;
      await displace(
        db,
        { practiceId, userId, now, maintenanceId: id, title: body.title },
        { ...body, roomId },
        body.displace,
      );
      await recordChange(db, { practiceId, table: 'maintenance_schedules', rowId: id, at: now });
      await writeAudit(db, {
        at: now,
        userId,
        practiceId,
        action: 'maintenance.create',
        entity: 'maintenance_schedule',
        entityId: id,
        details: {
          roomId,
          startDateTime: body.startDateTime,
          endDateTime: body.endDateTime,
          displaced: body.displace.length,
        },
      });
      return toMaintenanceSchedule(await findWindow(db, practiceId, id));
    },
  });

  defineRoute(app, deps, registry, {
    method: 'PUT',
    url: '/api/maintenance-schedules/:id',
    tag: 'Staff and rooms',
    summary:
      'Edit a maintenance window (the whole form again). The room cannot change: a different roomId is 400. ' +
      'Bookings in the way of the new times are 409 unless displace moves them, as when scheduling.',
    access: 'signed-in',
    permission: 'appointments.edit',
    params: maintenanceIdParamsSchema,
    body: updateMaintenanceSchema,
    responses: {
      400: 'Invalid field, or a different roomId (The room cannot change when editing.)',
      404: 'No such maintenance schedule in this practice',
      409: 'Bookings in the way ({ message, conflicts, appointments }), or a refused plan',
    },
    handler: async ({ db, caller, practiceId, params, body, now }): Promise<MaintenanceSchedule> => {
      const current = await findWindow(db, practiceId, params.id);
      const sentRoom = body.roomId === undefined ? undefined : await roomCodeOf(db, practiceId, body.roomId);
      if (sentRoom !== undefined && sentRoom !== current.room_id) {
        throw badRequest([{ field: 'roomId', message: MAINTENANCE_TEXTS.roomFixed }]);
      }
      await db
        .updateTable('maintenance_schedules')
        .set({
          ...windowColumns(body),
          updated_at: now.toISOString(),
        })
        .where('practice_id', '=', practiceId)
        .where('id', '=', current.id)
        .execute();
      const userId = caller.account.row.id;
      const window = { roomId: current.room_id, startDateTime: body.startDateTime, endDateTime: body.endDateTime };
      await displace(
        db,
        { practiceId, userId, now, maintenanceId: current.id, title: body.title },
        window,
        body.displace,
      );
      await recordChange(db, { practiceId, table: 'maintenance_schedules', rowId: current.id, at: now });
      await writeAudit(db, {
        at: now,
        userId,
        practiceId,
        action: 'maintenance.update',
        entity: 'maintenance_schedule',
        entityId: current.id,
        details: {
          from: { startDateTime: current.start_date_time, endDateTime: current.end_date_time },
          to: { startDateTime: body.startDateTime, endDateTime: body.endDateTime },
          displaced: body.displace.length,
        },
      });
      return toMaintenanceSchedule(await findWindow(db, practiceId, current.id));
    },
  });

  defineRoute(app, deps, registry, {
    method: 'DELETE',
    url: '/api/maintenance-schedules/:id',
    tag: 'Staff and rooms',
    summary: 'Delete a maintenance window; its room can be booked again for that time.',
    access: 'signed-in',
    permission: 'appointments.edit',
    params: maintenanceIdParamsSchema,
    responses: { 200: 'Deleted ({ id, deleted: true })', 404: 'No such maintenance schedule in this practice' },
    handler: async ({ db, caller, practiceId, params, now }): Promise<{ id: string; deleted: true }> => {
      const current = await findWindow(db, practiceId, params.id);
      await db
        .deleteFrom('maintenance_schedules')
        .where('practice_id', '=', practiceId)
        .where('id', '=', current.id)
        .execute();
      await recordChange(db, { practiceId, table: 'maintenance_schedules', rowId: current.id, deleted: true, at: now });
      await writeAudit(db, {
        at: now,
        userId: caller.account.row.id,
        practiceId,
        action: 'maintenance.delete',
        entity: 'maintenance_schedule',
        entityId: current.id,
        details: { roomId: current.room_id, title: current.title, startDateTime: current.start_date_time },
      });
      return { id: current.id, deleted: true };
    },
  });
}
