import { availableRoomsQuerySchema } from '@dental/domain/scheduling/appointment-queries.schema';
import {
  createRoomBodySchema,
  createUserBodySchema,
  patchRoomBodySchema,
  patchUserBodySchema,
  permissionOverridesBodySchema,
  roomIdParamsSchema,
  userIdParamsSchema,
} from '@dental/domain/settings/admin';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { staffOfPractice } from '../../repos/users.ts';
import { availableRooms, roomsOf } from '../../services/rooms.ts';
import {
  changeRoom,
  createRoom,
  createUser,
  listAllRooms,
  listUsers,
  setUserPermissions,
  updateUser,
} from '../../services/settings-admin.ts';
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

  // Issue 21: administration. Users span practices, so their routes act outside any one practice's
  // transaction; rooms belong to the practice in X-Practice-ID.
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/settings/users',
    tag: 'Settings',
    summary: 'Every user working in a practice the administrator works in, with practices, state and overrides.',
    access: 'signed-in',
    practiceScoped: false,
    permission: 'settings.users',
    handler: async ({ db, caller }) => listUsers(db, caller),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/users',
    tag: 'Settings',
    summary: 'Create a user, who must choose their own password at first sign-in.',
    access: 'signed-in',
    practiceScoped: false,
    permission: 'settings.users',
    status: 201,
    body: createUserBodySchema,
    responses: { 201: 'Created', 409: 'Username taken' },
    handler: async ({ db, caller, body, now }) => createUser(db, caller, body, now, deps.hasher),
  });

  defineRoute(app, deps, registry, {
    method: 'PATCH',
    url: '/api/users/:id',
    tag: 'Settings',
    summary:
      'Change a user: names, email, role, practices, active (false deactivates and signs them out), ' +
      'password (a reset they must replace at next sign-in).',
    access: 'signed-in',
    practiceScoped: false,
    permission: 'settings.users',
    params: userIdParamsSchema,
    body: patchUserBodySchema,
    responses: { 404: 'No such user' },
    handler: async ({ db, caller, params, body, now }) => updateUser(db, caller, params.id, body, now, deps.hasher),
  });

  defineRoute(app, deps, registry, {
    method: 'PUT',
    url: '/api/users/:id/permissions',
    tag: 'Settings',
    summary: "Replace a user's permission overrides over their role's defaults (keys from the catalogue).",
    access: 'signed-in',
    practiceScoped: false,
    permission: 'settings.permissions',
    params: userIdParamsSchema,
    body: permissionOverridesBodySchema,
    responses: { 404: 'No such user' },
    handler: async ({ db, caller, params, body, now }) =>
      setUserPermissions(db, caller, params.id, body.overrides, now),
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/settings/treatment-rooms',
    tag: 'Settings',
    summary: 'Every treatment room of the current practice, deactivated ones included.',
    access: 'signed-in',
    permission: 'settings.view',
    handler: async ({ db, practiceId }) => listAllRooms(db, practiceId),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/treatment-rooms',
    tag: 'Settings',
    summary: 'Add a treatment room to the current practice.',
    access: 'signed-in',
    permission: 'settings.edit',
    status: 201,
    body: createRoomBodySchema,
    responses: { 201: 'Created', 409: 'Room ID taken' },
    handler: async ({ db, caller, practiceId, body, now }) => createRoom(db, caller, practiceId, body, now),
  });

  defineRoute(app, deps, registry, {
    method: 'PATCH',
    url: '/api/treatment-rooms/:id',
    tag: 'Settings',
    summary: 'Rename a room, or deactivate it (refused while future appointments are booked in it).',
    access: 'signed-in',
    permission: 'settings.edit',
    params: roomIdParamsSchema,
    body: patchRoomBodySchema,
    responses: { 404: 'No such room', 409: 'Future appointments in the room' },
    handler: async ({ db, caller, practiceId, params, body, now }) =>
      changeRoom(db, caller, practiceId, params.id, body, now),
  });
}
