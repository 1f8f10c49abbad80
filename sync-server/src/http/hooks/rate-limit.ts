import { DomainError } from '@dental/domain/errors';
import { MESSAGES } from '@dental/domain/messages';
import { PUBLIC_RATE_LIMIT } from '@dental/domain/public/public-token';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { rateLimiter } from '../../services/rate-limits.ts';
import { isApiRequest } from '../api-path.ts';
import { requestSession } from '../session.ts';

/** Paths a supervisor or load balancer polls: never limited, so a busy server is not reported dead. */
const UNLIMITED = new Set(['/api/health']);

/** The patients' pages (routes/public.ts): their own, smaller budget per address instead of the general one. */
const PATIENT_PAGES = /^\/api\/public\/(forms|review|confirm|schedule)\//;

/**
 * Spec 9's 1000 requests per 15 minutes, as a token bucket per client: a signed-in browser is keyed by
 * its session (only a session that really exists: a made-up cookie is anonymous), anyone else by address.
 * A batch push counts once, however many actions it carries. The patients' pages have PUBLIC_RATE_LIMIT
 * per address instead.
 */
export function registerRateLimit(app: FastifyInstance, deps: AppDeps): void {
  const general = rateLimiter(deps.db, 'api', {
    capacity: deps.settings.rateLimitMax,
    windowMs: deps.settings.rateLimitWindowMs,
  });
  const patientPages = rateLimiter(deps.db, 'public', PUBLIC_RATE_LIMIT);

  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRequest(request)) return;
    const route = request.routeOptions.url;
    if (route !== undefined && UNLIMITED.has(route)) return;
    // A patient's page counts once, against its own budget: never a session, always the address.
    const patientPage = route !== undefined && PATIENT_PAGES.test(route);
    const buckets = patientPage ? patientPages : general;
    const lookup = patientPage ? undefined : await requestSession(deps, request);
    const key = lookup?.kind === 'active' ? `session:${lookup.session.id}` : `ip:${request.ip}`;
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
