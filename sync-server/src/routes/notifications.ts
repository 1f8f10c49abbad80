import { positiveId } from '@dental/domain/validation/fields';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../context.ts';
import { writeAudit } from '../plugins/audit.ts';
import { notFound } from '../plugins/http-error.ts';
import { defineRoute, type RouteRegistry } from '../plugins/route.ts';

/** A user's own notifications in the current practice; nobody reads another user's. */
export function registerNotificationRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/notifications',
    tag: 'Notifications',
    summary: "The signed-in user's notifications in the current practice, newest first.",
    access: 'signed-in',
    handler: async ({ db, caller, practiceId }) => {
      const rows = await db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', caller.account.row.id)
        .where('practice_id', '=', practiceId)
        .orderBy('created_at', 'desc')
        .limit(100)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        type: row.type,
        title: row.title,
        message: row.message,
        priority: row.priority,
        isRead: row.is_read === 1,
        createdAt: row.created_at,
        patientName: row.patient_name,
        actionUrl: row.action_url,
      }));
    },
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
      const result = await db
        .updateTable('notifications')
        .set({ is_read: 1 })
        .where('id', '=', params.id)
        .where('user_id', '=', caller.account.row.id)
        .where('practice_id', '=', practiceId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw notFound('Notification not found.');
      await writeAudit(db, {
        at: now,
        userId: caller.account.row.id,
        practiceId,
        action: 'notification.read',
        entity: 'notification',
        entityId: params.id,
      });
      return { success: true };
    },
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/notifications/clear-all',
    tag: 'Notifications',
    summary: 'Remove all of your notifications in the current practice.',
    access: 'signed-in',
    handler: async ({ db, caller, practiceId, now }) => {
      const result = await db
        .deleteFrom('notifications')
        .where('user_id', '=', caller.account.row.id)
        .where('practice_id', '=', practiceId)
        .executeTakeFirst();
      await writeAudit(db, {
        at: now,
        userId: caller.account.row.id,
        practiceId,
        action: 'notification.clear_all',
        entity: 'notification',
        entityId: null,
      });
      return { success: true, cleared: Number(result.numDeletedRows) };
    },
  });
}
