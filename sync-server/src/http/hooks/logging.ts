import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routedPath } from '../api-path.ts';

/** An id a trusted proxy already gave the request is kept, so one id follows it through both logs. */
const UPSTREAM_ID = /^[A-Za-z0-9._:-]{1,100}$/;

export function requestIdFor(trustProxy: boolean, header: string | string[] | undefined): string {
  return trustProxy && typeof header === 'string' && UPSTREAM_ID.test(header) ? header : randomUUID();
}

const logged = new WeakSet<FastifyRequest>();

/**
 * What a log line may say about a request: its id, method and routed path (patterns such as
 * /api/patients/:id, never ids, query strings, bodies or cookies, which can carry patient data).
 */
export function requestSummary(request: FastifyRequest) {
  return { reqId: request.id, method: request.method, path: routedPath(request) };
}

/** Logs the error behind a 5xx once, with its cause; the answer is then not logged a second time. */
export function logServerError(request: FastifyRequest, error: unknown, message = 'unhandled error'): void {
  logged.add(request);
  const err =
    error instanceof Error
      ? { type: error.name, message: error.message, stack: error.stack }
      : { message: String(error) };
  request.log.error({ ...requestSummary(request), err }, message);
}

/** One JSON line per 5xx answer (pino, through Fastify's logger). */
export function registerFailureLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode < 500 || logged.has(request)) return;
    request.log.error(
      { ...requestSummary(request), statusCode: reply.statusCode, responseTimeMs: Math.round(reply.elapsedTime) },
      'server error answer',
    );
  });
}
