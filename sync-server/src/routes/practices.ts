import { MESSAGES } from '@dental/domain/messages';
import { practiceIdParamsSchema, switchPracticeBodySchema } from '@dental/domain/practices/practice';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context.ts';
import { writeAudit } from '../plugins/audit.ts';
import { forbidden } from '../plugins/http-error.ts';
import { defineRoute, type RouteRegistry } from '../plugins/route.ts';
import { practicesByIds } from '../services/practices.ts';
import { setSessionPractice } from '../services/sessions.ts';
import { toPublicUser } from '../services/users.ts';

export function registerPracticeRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/multi-clinic/accessible-practices',
    tag: 'Practices',
    summary: 'The practices the signed-in user may work in.',
    access: 'signed-in',
    practiceScoped: false,
    handler: async ({ db, caller }) => practicesByIds(db, caller.account.allowedPracticeIds),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/multi-clinic/switch-practice',
    tag: 'Practices',
    summary: "Make another accessible practice the session's current practice.",
    access: 'signed-in',
    practiceScoped: false,
    body: switchPracticeBodySchema,
    responses: { 200: 'Switched', 403: 'Access denied to this practice' },
    handler: async ({ db, caller, body, now }) => {
      if (!caller.account.allowedPracticeIds.includes(body.practiceId)) throw forbidden(MESSAGES.accessDeniedPractice);
      await setSessionPractice(db, caller.session.id, body.practiceId);
      await writeAudit(db, {
        at: now,
        userId: caller.account.row.id,
        practiceId: body.practiceId,
        action: 'practice.switch',
        entity: 'session',
        entityId: null,
        details: { from: caller.session.currentPracticeId },
      });
      const [practice] = await practicesByIds(db, [body.practiceId]);
      return {
        success: true,
        currentPracticeId: body.practiceId,
        practice,
        user: toPublicUser(caller.account, body.practiceId),
      };
    },
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/practices/:id',
    tag: 'Practices',
    summary: 'A practice the user may access: name, city, province and settings.timezone.',
    access: 'signed-in',
    practiceScoped: false,
    params: practiceIdParamsSchema,
    responses: { 403: 'Access denied to this practice' },
    handler: async ({ db, caller, params }) => {
      // An id the user may not access gets the same answer whether or not it exists.
      if (!caller.account.allowedPracticeIds.includes(params.id)) throw forbidden(MESSAGES.accessDeniedPractice);
      const [practice] = await practicesByIds(db, [params.id]);
      if (!practice) throw forbidden(MESSAGES.accessDeniedPractice);
      return practice;
    },
  });
}
