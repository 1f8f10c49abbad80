import { DomainError } from '@dental/domain/errors';
import { MESSAGES } from '@dental/domain/messages';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { rateLimiter } from '../../services/rate-limits.ts';
import { isApiRequest } from '../api-path.ts';
import { requestSession } from '../session.ts';

/** Paths a supervisor or load balancer polls: never limited, so a busy server is not reported dead. */
const UNLIMITED = new Set(['/api/health']);

/**
 * Spec 9's 1000 requests per 15 minutes, as a token bucket per client: a signed-in browser is keyed by
 * its session (only a session that really exists: a made-up cookie is anonymous), anyone else by address.
 * A batch push counts once, however many actions it carries.
 */
export function registerRateLimit(app: FastifyInstance, deps: AppDeps): void {
  const buckets = rateLimiter(deps.db, 'api', {
    capacity: deps.settings.rateLimitMax,
    windowMs: deps.settings.rateLimitWindowMs,
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRequest(request)) return;
    if (request.routeOptions.url !== undefined && UNLIMITED.has(request.routeOptions.url)) return;
    const lookup = await requestSession(deps, request);
    const key = lookup.kind === 'active' ? `session:${lookup.session.id}` : `ip:${request.ip}`;
    const taken = await buckets.take(key, deps.clock().getTime());
    reply.headers({
      'x-ratelimit-limit': String(buckets.policy.capacity),
      'x-ratelimit-remaining': String(taken.remaining),
      'x-ratelimit-reset': String(Math.ceil(taken.resetMs / 1000)),
    });
    if (!taken.allowed) {
      throw new DomainError('RATE_LIMITED', MESSAGES.rateLimited, { retryAfterMs: taken.retryAfterMs });
    }
  });
}
