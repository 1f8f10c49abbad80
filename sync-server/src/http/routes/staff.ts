import { availableRoomsQuerySchema } from '@dental/domain/scheduling/appointment-queries.schema';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { staffOfPractice } from '../../repos/users.ts';
import { availableRooms, roomsOf } from '../../services/rooms.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

export function registerStaffRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/users',
    tag: 'Staff and rooms',
    summary: 'Staff of the current practice, with roles and provider colours (for the schedule and its legend).',
    access: 'signed-in',
    permission: 'appointments.view',
    handler: async ({ db, practiceId }) => staffOfPractice(db, practiceId),
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/treatment-rooms',
    tag: 'Staff and rooms',
    summary: 'Treatment rooms of the current practice, ordered by room code.',
    access: 'signed-in',
    permission: 'appointments.view',
    handler: async ({ db, practiceId }) => roomsOf(db, practiceId),
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
    handler: async ({ db, practiceId, query }) => availableRooms(db, practiceId, query),
  });
}
