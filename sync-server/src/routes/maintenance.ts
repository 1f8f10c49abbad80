import { scheduleDateQuerySchema } from '@dental/domain/scheduling/appointment.schema';
import type { MaintenanceSchedule } from '@dental/domain/scheduling/maintenance';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context.ts';
import { defineRoute, type RouteRegistry } from '../plugins/route.ts';
import { localDate, localDayRange, practiceTimezone } from '../services/practice-time.ts';
import { roomCodesQuery } from '../services/schedule.ts';
import { toMaintenanceSchedule } from '../services/sync-rows.ts';

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
}
