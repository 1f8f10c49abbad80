import { DEFAULTS } from '@dental/domain/constants';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../context.ts';
import { logServerError } from '../plugins/logging.ts';
import { defineRoute, type RouteRegistry } from '../plugins/route.ts';

/**
 * For supervisors and container health checks: a real round trip to the database, no session, no
 * rate limit, and nothing in the answer but the status and the app version.
 */
export function registerHealthRoute(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/health',
    tag: 'Operations',
    summary:
      "200 { status: 'ok', db: 'ok', version } after a database round trip; 503 { status: 'error' } when the database cannot answer.",
    access: 'public',
    responses: { 200: 'Healthy', 503: 'The database cannot answer' },
    handler: async ({ db, request, reply }) => {
      try {
        const row = await sql<{ ok: number }>`select count(*) as ok from practices`.execute(db);
        if (row.rows.length !== 1) throw new Error('no answer from the database');
      } catch (error) {
        logServerError(request, error, 'health check failed');
        return reply.code(503).send({ status: 'error' });
      }
      return { status: 'ok', db: 'ok', version: DEFAULTS.appVersion };
    },
  });
}
