import { DomainError, invalidInput } from '@dental/domain/errors';
import type { Appointment } from '@dental/domain/scheduling/appointment';
import { nextOpenDate } from '@dental/domain/scheduling/availability';
import { type Conflict, formatClockTime } from '@dental/domain/scheduling/conflicts';
import { type DisplacementPreview, displacementSuggestions } from '@dental/domain/scheduling/displacement-suggestions';
import type { MaintenanceSchedule } from '@dental/domain/scheduling/maintenance';
import {
  type CreateMaintenanceBody,
  MAINTENANCE_TEXTS,
  type MaintenancePreviewBody,
  type MaintenanceSpan,
  maintenanceConflicts,
  type UpdateMaintenanceBody,
} from '@dental/domain/scheduling/maintenance.schema';
import type { ReschedulePlan } from '@dental/domain/scheduling/reschedule-plan';
import { localDate, localDayRange } from '@dental/domain/time/zones';
import type { FieldIssue } from '@dental/domain/validation/issues';
import type { Db } from '../db/connection.ts';
import type { MaintenanceScheduleRow } from '../db/schema.ts';
import { findAppointment } from '../repos/appointments.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { roomBookingsNear } from '../repos/bookings.ts';
import { recordChange } from '../repos/changes.ts';
import {
  deleteMaintenance,
  findMaintenance,
  insertMaintenance,
  maintenanceOfActiveRooms,
  toMaintenanceSchedule,
  updateMaintenance,
} from '../repos/maintenance-schedules.ts';
import { weeklyHours } from '../repos/practice-hours.ts';
import { activeRoomCodeById } from '../repos/treatment-rooms.ts';
import { appointmentEvent } from './appointment-events.ts';
import { type BookingActor, referenceIssues } from './booking.ts';
import { claimId } from './client-ids.ts';
import { practiceTimezone } from './practice-time.ts';
import { applyPlans, notifyPlans } from './reschedule.ts';
import { daySchedules } from './schedule.ts';

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
  return maintenanceConflicts(window, await roomBookingsNear(db, practiceId, window));
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
  const byId = /^\d{1,9}$/.test(roomId) ? await activeRoomCodeById(db, practiceId, Number(roomId)) : undefined;
  if (byId === undefined) {
    throw invalidInput([{ field: 'roomId', message: 'roomId is not a room of this practice' }], 'REFERENCE_INVALID');
  }
  return byId;
}

/**
 * Moves the bookings in the window's way by their plans (the window is already saved, so a plan that
 * stays inside it is refused), then refuses with the list if any booking is still in the way. A plan
 * may only name a booking of this practice; one for a booking no longer in the way (moved meanwhile
 * from another device) is moot and left alone, so a window never moves a booking it does not touch.
 */
async function displace(
  db: Db,
  context: BookingActor & { maintenanceId: string; title: string },
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
  if (issues.length > 0) throw invalidInput(issues, 'REFERENCE_INVALID');
  if (inTheWay.length === 0) return;
  const planned = new Set(plans.map((plan) => plan.appointmentId));
  const unplanned = inTheWay.filter((appointment) => !planned.has(appointment.id));
  if (unplanned.length > 0) {
    const timeZone = await practiceTimezone(db, practiceId);
    throw new DomainError('SCHEDULING_CONFLICT', MAINTENANCE_TEXTS.conflictMessage, {
      details: { conflicts: roomConflicts(unplanned, timeZone), appointments: unplanned },
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
  await appointmentEvent(
    db,
    { practiceId, userId: context.userId, now },
    { kind: 'rescheduled', cause: { entity: 'maintenance_schedule', id: context.maintenanceId }, changes: applied },
  );
}

async function requireWindow(db: Db, practiceId: number, id: string): Promise<MaintenanceScheduleRow> {
  const row = await findMaintenance(db, practiceId, id);
  if (!row) throw new DomainError('NOT_FOUND', 'Maintenance schedule not found.');
  return row;
}

/** Maintenance of the practice's active rooms overlapping a practice day (today on its clock when left out). */
export async function maintenanceOfDay(
  db: Db,
  practiceId: number,
  date: string | undefined,
  now: Date,
): Promise<MaintenanceSchedule[]> {
  const timeZone = await practiceTimezone(db, practiceId);
  return maintenanceOfActiveRooms(db, practiceId, localDayRange(date ?? localDate(now, timeZone), timeZone));
}

/** The bookings a window would be in the way of, each with places to move it; changes nothing. */
export async function previewMaintenance(
  db: Db,
  practiceId: number,
  body: MaintenancePreviewBody,
  now: Date,
): Promise<DisplacementPreview> {
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
}

/**
 * Schedules room maintenance. Bookings of the room during the window are refused unless the plans move
 * each of them, in the same transaction, all or nothing. A client id is kept so an offline create keeps it.
 */
export async function scheduleMaintenance(
  db: Db,
  actor: BookingActor,
  body: CreateMaintenanceBody,
): Promise<MaintenanceSchedule> {
  const { practiceId, userId, now } = actor;
  const id = await claimId(db, 'maintenance_schedules', body.id);
  const roomId = await roomCodeOf(db, practiceId, body.roomId);
  const stamp = now.toISOString();
  await insertMaintenance(db, {
    id,
    practice_id: practiceId,
    room_id: roomId,
    ...windowColumns(body),
    created_at: stamp,
    updated_at: stamp,
  });
  await displace(db, { ...actor, maintenanceId: id, title: body.title }, { ...body, roomId }, body.displace);
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
  return toMaintenanceSchedule(await requireWindow(db, practiceId, id));
}

/** Edits a window (the whole form again); its room cannot change. */
export async function editMaintenance(
  db: Db,
  actor: BookingActor,
  id: string,
  body: UpdateMaintenanceBody,
): Promise<MaintenanceSchedule> {
  const { practiceId, userId, now } = actor;
  const current = await requireWindow(db, practiceId, id);
  const sentRoom = body.roomId === undefined ? undefined : await roomCodeOf(db, practiceId, body.roomId);
  if (sentRoom !== undefined && sentRoom !== current.room_id) {
    throw invalidInput([{ field: 'roomId', message: MAINTENANCE_TEXTS.roomFixed }], 'ROOM_FIXED');
  }
  await updateMaintenance(db, practiceId, current.id, { ...windowColumns(body), updated_at: now.toISOString() });
  const window = { roomId: current.room_id, startDateTime: body.startDateTime, endDateTime: body.endDateTime };
  await displace(db, { ...actor, maintenanceId: current.id, title: body.title }, window, body.displace);
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
  return toMaintenanceSchedule(await requireWindow(db, practiceId, current.id));
}

/** Deletes a window; its room can be booked again for that time. */
export async function removeMaintenance(
  db: Db,
  actor: BookingActor,
  id: string,
): Promise<{ id: string; deleted: true }> {
  const { practiceId, now } = actor;
  const current = await requireWindow(db, practiceId, id);
  await deleteMaintenance(db, practiceId, current.id);
  await recordChange(db, { practiceId, table: 'maintenance_schedules', rowId: current.id, deleted: true, at: now });
  await writeAudit(db, {
    at: now,
    userId: actor.userId,
    practiceId,
    action: 'maintenance.delete',
    entity: 'maintenance_schedule',
    entityId: current.id,
    details: { roomId: current.room_id, title: current.title, startDateTime: current.start_date_time },
  });
  return { id: current.id, deleted: true };
}
