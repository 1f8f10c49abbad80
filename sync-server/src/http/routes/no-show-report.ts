import { noShowReportQuerySchema } from '@dental/domain/scheduling/no-show-report';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { noShowReport } from '../../services/no-show-report.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

export function registerNoShowReportRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/reports/no-shows',
    tag: 'Reports',
    summary:
      'No-show rates of the practice days from to to (YYYY-MM-DD on the practice’s clock, both included): ' +
      'appointments with a known outcome (completed, checked in or no-show) and the no-shows among them, in all ' +
      'and by weekday (0 = Sunday) and hour on the practice’s clock, procedure and provider; and the patients ' +
      'with two or more no-shows in the range (at most 50, most no-shows first).',
    access: 'signed-in',
    permission: 'reports.view',
    query: noShowReportQuerySchema,
    handler: async ({ db, practiceId, query }) => noShowReport(db, practiceId, query),
  });
}
