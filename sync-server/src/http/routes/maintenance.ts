import { scheduleDateQuerySchema } from '@dental/domain/scheduling/appointment-queries.schema';
import {
  createMaintenanceSchema,
  maintenanceIdParamsSchema,
  maintenancePreviewSchema,
  updateMaintenanceSchema,
} from '@dental/domain/scheduling/maintenance.schema';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context.ts';
import {
  editMaintenance,
  maintenanceOfDay,
  previewMaintenance,
  removeMaintenance,
  scheduleMaintenance,
} from '../../services/maintenance.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

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
    handler: async ({ db, practiceId, query, now }) => maintenanceOfDay(db, practiceId, query.date, now),
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
    handler: async ({ db, practiceId, body, now }) => previewMaintenance(db, practiceId, body, now),
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
    handler: async ({ db, caller, practiceId, body, now }) =>
      scheduleMaintenance(db, { practiceId, userId: caller.account.row.id, now }, body),
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
    handler: async ({ db, caller, practiceId, params, body, now }) =>
      editMaintenance(db, { practiceId, userId: caller.account.row.id, now }, params.id, body),
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
    handler: async ({ db, caller, practiceId, params, now }) =>
      removeMaintenance(db, { practiceId, userId: caller.account.row.id, now }, params.id),
  });
}
