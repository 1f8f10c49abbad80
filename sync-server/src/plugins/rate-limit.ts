import { MESSAGES } from '@dental/domain/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../context.ts';
import { isApiRequest } from './api-path.ts';
import { HttpError } from './http-error.ts';
import { requestSession } from './request-session.ts';
import { TokenBuckets } from './token-buckets.ts';

/** Paths a supervisor or load balancer polls: never limited, so a busy server is not reported dead. */
const UNLIMITED = new Set(['/api/health']);

export interface RateLimitOptions {
  /** Requests a batch push replays on the server's own behalf: the batch was already counted. */
  isBatchMember(request: FastifyRequest): boolean;
}

export function tooManyRequests(message: string, retryAfterMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(
    429,
    { error: 'Too Many Requests', message, retryAfterSeconds: seconds },
    { 'retry-after': String(seconds) },
  );
}

/**
 * Spec 9's 1000 requests per 15 minutes, as a token bucket per client: a signed-in browser is keyed by
 * its session (only a session that really exists: a made-up cookie is anonymous), anyone else by address.
 */
export function registerRateLimit(app: FastifyInstance, deps: AppDeps, options: RateLimitOptions): void {
  const buckets = new TokenBuckets({ capacity: deps.settings.rateLimitMax, windowMs: deps.settings.rateLimitWindowMs });

  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRequest(request) || options.isBatchMember(request)) return;
    if (request.routeOptions.url !== undefined && UNLIMITED.has(request.routeOptions.url)) return;
    const lookup = await requestSession(deps, request);
    const key = lookup.kind === 'active' ? `session:${lookup.session.id}` : `ip:${request.ip}`;
    const taken = buckets.take(key, deps.clock().getTime());
    reply.headers({
      'x-ratelimit-limit': String(buckets.policy.capacity),
      'x-ratelimit-remaining': String(taken.remaining),
      'x-ratelimit-reset': String(Math.ceil(taken.resetMs / 1000)),
    });
    if (!taken.allowed) throw tooManyRequests(MESSAGES.rateLimited, taken.retryAfterMs);
  });
}
