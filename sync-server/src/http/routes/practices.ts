import { practiceIdParamsSchema, switchPracticeBodySchema } from '@dental/domain/practices/practice';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { practicesByIds } from '../../repos/practices.ts';
import { practiceFor, switchPractice } from '../../services/practices.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

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
    handler: async ({ db, caller, body, now }) => switchPractice(db, caller, body.practiceId, now),
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
    handler: async ({ db, caller, params }) => practiceFor(db, caller, params.id),
  });
}
