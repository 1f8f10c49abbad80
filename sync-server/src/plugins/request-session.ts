import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../context.ts';
import { resolveSession, SESSION_COOKIE, type SessionLookup } from '../services/sessions.ts';

const lookups = new WeakMap<FastifyRequest, Promise<SessionLookup>>();

/**
 * The request's session, looked up once: the rate limit keys signed-in traffic on it before the route
 * runs, and the route's own check then reuses the same answer.
 */
export function requestSession(deps: AppDeps, request: FastifyRequest): Promise<SessionLookup> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = resolveSession(deps.db, request.cookies[SESSION_COOKIE], deps.clock(), {
      idleTimeoutMs: deps.settings.sessionIdleTimeoutMs,
      absoluteLifetimeMs: deps.settings.sessionAbsoluteLifetimeMs,
    });
    lookups.set(request, lookup);
  }
  return lookup;
}
