import { positiveId } from '@dental/domain/validation/fields';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../context.ts';
import { notificationsOf } from '../../repos/notifications.ts';
import { clearAll, markRead } from '../../services/notifications.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';
import { registerNotificationStream } from './notification-stream.ts';

/** A user's own notifications in the current practice; nobody reads another user's. */
export function registerNotificationRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/notifications',
    tag: 'Notifications',
    summary: "The signed-in user's notifications in the current practice, newest first.",
    access: 'signed-in',
    handler: async ({ db, caller, practiceId }) => notificationsOf(db, caller.account.row.id, practiceId),
  });

  defineRoute(app, deps, registry, {
    method: 'PATCH',
    url: '/api/notifications/:id/read',
    tag: 'Notifications',
    summary: 'Mark one of your notifications as read.',
    access: 'signed-in',
    params: v.object({ id: positiveId('id') }),
    responses: { 404: 'No such notification of yours' },
    handler: async ({ db, caller, practiceId, params, now }) => {
      await markRead(db, { userId: caller.account.row.id, practiceId, now }, params.id);
      return { success: true };
    },
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/notifications/clear-all',
    tag: 'Notifications',
    summary: 'Remove all of your notifications in the current practice.',
    access: 'signed-in',
    handler: async ({ db, caller, practiceId, now }) => ({
      success: true,
      cleared: await clearAll(db, { userId: caller.account.row.id, practiceId, now }),
    }),
  });

  registerNotificationStream(app, deps);
}
