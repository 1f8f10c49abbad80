import { positiveId } from '@dental/domain/validation/fields';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../context.ts';
import { endUserSession, securityDashboard } from '../../services/security-dashboard.ts';
import { unlockUser } from '../../services/users.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

const sessionParams = v.object({
  id: v.pipe(v.string('id must be a session id'), v.regex(/^[0-9a-f]{64}$/, 'id must be a session id')),
});
const userParams = v.object({ id: positiveId('id') });

/** The security dashboard (system.admin): sessions, failed sign-ins, locks, pending resets, permission changes. */
export function registerSecurityRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  const lifetime = {
    idleTimeoutMs: deps.settings.sessionIdleTimeoutMs,
    absoluteLifetimeMs: deps.settings.sessionAbsoluteLifetimeMs,
  };

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/security/dashboard',
    tag: 'Security',
    summary:
      'For the users of the practices the caller may use: active sessions (user, address, user agent, started, ' +
      'last seen), the latest failed sign-ins, accounts locked now, users who must reset their password, and the ' +
      'latest permission changes from the audit log.',
    access: 'signed-in',
    permission: 'system.admin',
    handler: async ({ db, caller, now }) => securityDashboard(db, caller, now, lifetime),
  });

  defineRoute(app, deps, registry, {
    method: 'DELETE',
    url: '/api/security/sessions/:id',
    tag: 'Security',
    summary: 'Ends a session: its holder is signed out on their next request. Audited.',
    access: 'signed-in',
    permission: 'system.admin',
    params: sessionParams,
    status: 204,
    responses: { 204: 'Ended', 404: 'No such session among the caller’s practices’ users' },
    handler: async ({ db, caller, params, now }) => {
      await endUserSession(db, caller, params.id, now);
      return undefined;
    },
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/security/users/:id/unlock',
    tag: 'Security',
    summary: 'Ends every sign-in lock of a user and forgets the failures that throttle it. Audited.',
    access: 'signed-in',
    permission: 'system.admin',
    params: userParams,
    responses: { 200: '{ success, locksRemoved }', 404: 'No such user' },
    handler: async ({ db, caller, params, now }) => ({
      success: true,
      locksRemoved: await unlockUser(db, caller, params.id, now),
    }),
  });
}
