import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context.ts';
import { defineRoute, type RouteRegistry } from '../plugins/route.ts';
import { toTreatmentRoom } from '../services/sync-rows.ts';
import { toStaffMember } from '../services/users.ts';

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
    handler: async ({ db, practiceId }) => {
      const rows = await db
        .selectFrom('treatment_rooms')
        .selectAll()
        .where('practice_id', '=', practiceId)
        .where('is_active', '=', 1)
        .orderBy('id')
        .execute();
      return rows.map(toTreatmentRoom);
    },
  });
}
