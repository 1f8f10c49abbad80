import { practiceIdParamsSchema, switchPracticeBodySchema } from '@dental/domain/practices/practice';
import {
  createPracticeBodySchema,
  patchPracticeBodySchema,
  securityPolicyBodySchema,
} from '@dental/domain/settings/admin';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { practicesByIds } from '../../repos/practices.ts';
import { practiceFor, switchPractice } from '../../services/practices.ts';
import { saveSecurityPolicy, securityPolicy } from '../../services/security-policy.ts';
import { createPractice, practiceDetails, updatePractice } from '../../services/settings-admin.ts';
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

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/settings/practices/:id',
    tag: 'Settings',
    summary: "A practice's details as the settings page edits them (address, postal code, phone).",
    access: 'signed-in',
    practiceScoped: false,
    permission: 'settings.view',
    params: practiceIdParamsSchema,
    handler: async ({ db, caller, params }) => practiceDetails(db, caller, params.id),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/practices',
    tag: 'Settings',
    summary:
      'Add a practice (administrators); its creator may work in it at once. Open Mon–Fri 09:00–17:00 until edited.',
    access: 'signed-in',
    practiceScoped: false,
    permission: 'system.admin',
    status: 201,
    body: createPracticeBodySchema,
    responses: { 201: 'Created' },
    handler: async ({ db, caller, body, now }) => createPractice(db, caller, body, now),
  });

  defineRoute(app, deps, registry, {
    method: 'PATCH',
    url: '/api/practices/:id',
    tag: 'Settings',
    summary: "Change a practice's name, address, city, postal code or phone.",
    access: 'signed-in',
    practiceScoped: false,
    permission: 'settings.edit',
    params: practiceIdParamsSchema,
    body: patchPracticeBodySchema,
    handler: async ({ db, caller, params, body, now }) => updatePractice(db, caller, params.id, body, now),
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/settings/security',
    tag: 'Settings',
    summary: 'The idle timeout and sign-in lockout in force (minutes and attempts), with the bounds they may take.',
    access: 'signed-in',
    practiceScoped: false,
    permission: 'settings.view',
    handler: async ({ db }) => securityPolicy(db, deps.settings),
  });

  defineRoute(app, deps, registry, {
    method: 'PUT',
    url: '/api/settings/security',
    tag: 'Settings',
    summary:
      'Set the idle timeout (5–60 minutes), the failed sign-ins before a lock (3–5) and the lock (15–60 minutes). ' +
      'Applies from the next request.',
    access: 'signed-in',
    practiceScoped: false,
    permission: 'system.admin',
    body: securityPolicyBodySchema,
    handler: async ({ db, caller, body, now }) => saveSecurityPolicy(db, caller, deps.settings, body, now),
  });
}
