import { availableRoomsQuerySchema } from '@dental/domain/scheduling/appointment.schema';
import { checkHoursAt } from '@dental/domain/scheduling/booking-rules';
import { findConflicts } from '@dental/domain/scheduling/conflicts';
import type { TreatmentRoom } from '@dental/domain/scheduling/rooms';
import { instantAt, localTime } from '@dental/domain/time/zones';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context.ts';
import type { Db } from '../db/connection.ts';
import { defineRoute, type RouteRegistry } from '../plugins/route.ts';
import { practiceTimezone } from '../services/practice-time.ts';
import { daySchedules } from '../services/schedule.ts';
import { toTreatmentRoom } from '../services/sync-rows.ts';
import { toStaffMember } from '../services/users.ts';

/** User ids start at 1: a candidate with this provider clashes only over its room. */
const NO_PROVIDER = 0;

function activeRooms(db: Db, practiceId: number) {
  return db
    .selectFrom('treatment_rooms')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('is_active', '=', 1)
    .orderBy('id')
    .execute();
}

export function registerStaffRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/users',
    tag: 'Staff and rooms',
    summary: 'Staff of the current practice, with roles and provider colours (for the schedule and its legend).',
    access: 'signed-in',
    permission: 'appointments.view',
    handler: async ({ db, practiceId }) => {
      const rows = await db
        .selectFrom('users')
        .innerJoin('user_practices', 'user_practices.user_id', 'users.id')
        .selectAll('users')
        .where('user_practices.practice_id', '=', practiceId)
        .orderBy('users.last_name')
        .orderBy('users.first_name')
        .execute();
      return rows.map(toStaffMember);
    },
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/treatment-rooms',
    tag: 'Staff and rooms',
    summary: 'Treatment rooms of the current practice, ordered by room code.',
    access: 'signed-in',
    permission: 'appointments.view',
    handler: async ({ db, practiceId }) => (await activeRooms(db, practiceId)).map(toTreatmentRoom),
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/treatment-rooms/available',
    tag: 'Staff and rooms',
    summary:
      'Treatment rooms free of bookings and maintenance from `time` (HH:MM on the practice’s clock) on `date` ' +
      'for `duration` minutes (default 30); none when the practice is closed then.',
    access: 'signed-in',
    permission: 'appointments.view',
    query: availableRoomsQuerySchema,
    handler: async ({ db, practiceId, query }): Promise<TreatmentRoom[]> => {
      const timeZone = await practiceTimezone(db, practiceId);
      const start = instantAt(query.date, query.time, timeZone);
      // A time the spring daylight-saving change skips never happens, so nothing is free then.
      if (localTime(start, timeZone) !== query.time) return [];
      const [day] = await daySchedules(db, practiceId, [query.date]);
      if (!checkHoursAt(day.hours, timeZone, start, query.duration).ok) return [];
      const rooms = await activeRooms(db, practiceId);
      return rooms
        .filter(
          (room) =>
            findConflicts(
              {
                providerId: NO_PROVIDER,
                treatmentRoom: room.room_code,
                appointmentDate: start,
                duration: query.duration,
              },
              day.appointments,
              { maintenance: day.maintenance, timeZone },
            ).length === 0,
        )
        .map(toTreatmentRoom);
    },
  });
}
