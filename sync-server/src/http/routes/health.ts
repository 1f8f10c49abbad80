import { DEFAULTS } from '@dental/domain/constants';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { countPractices } from '../../repos/practices.ts';
import { answerWith } from '../answer.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

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
    handler: async ({ db, log }) => {
      try {
        await countPractices(db);
      } catch (error) {
        log(error, 'health check failed');
        return answerWith({ status: 'error' }, { status: 503 });
      }
      return { status: 'ok', db: 'ok', version: DEFAULTS.appVersion };
    },
  });
}
