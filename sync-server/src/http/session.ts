import { DomainError } from '@dental/domain/errors';
import { MESSAGES } from '@dental/domain/messages';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../context.ts';
import { findUserById } from '../repos/users.ts';
import type { Caller } from '../services/caller.ts';
import { idleTimeoutMs } from '../services/security-policy.ts';
import { resolveSession, type SessionLookup } from '../services/sessions.ts';
import { SESSION_COOKIE } from './cookies.ts';

const lookups = new WeakMap<FastifyRequest, Promise<SessionLookup>>();

/**
 * The request's session, looked up once: the rate limit keys signed-in traffic on it before the route
 * runs, and the route's own check then reuses the same answer.
 */
export function requestSession(deps: AppDeps, request: FastifyRequest): Promise<SessionLookup> {
  let lookup = lookups.get(request);
  if (!lookup) {
    const token = request.cookies[SESSION_COOKIE];
    const now = deps.clock();
    // The idle timeout an administrator set (issue 21) is read per request: every process applies a change at once.
    lookup = token
      ? idleTimeoutMs(deps.db, deps.settings).then((idle) =>
          resolveSession(deps.db, token, now, {
            idleTimeoutMs: idle,
            absoluteLifetimeMs: deps.settings.sessionAbsoluteLifetimeMs,
          }),
        )
      : Promise.resolve({ kind: 'none' } as const);
    lookups.set(request, lookup);
  }
  return lookup;
}

/** The signed-in user behind the request; refused when there is no live session. */
export async function authenticate(deps: AppDeps, request: FastifyRequest): Promise<Caller> {
  const lookup = await requestSession(deps, request);
  if (lookup.kind === 'expired') throw new DomainError('SESSION_EXPIRED', MESSAGES.sessionExpired);
  if (lookup.kind === 'none') throw new DomainError('NOT_SIGNED_IN', MESSAGES.notSignedIn);
  const account = await findUserById(deps.db, lookup.session.userId);
  // Read from the database on every request: a deactivation, a role or an override changed by an
  // administrator applies to the user's very next request, without a restart or a new sign-in.
  if (!account || account.row.is_active === 0) throw new DomainError('NOT_SIGNED_IN', MESSAGES.notSignedIn);
  return { account, session: lookup.session };
}
