import { kpiQuerySchema } from '@dental/domain/reports/kpis';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { kpiReport } from '../../services/kpis.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

/** The practice manager's figures: computed in the database, online only. */
export function registerReportRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/reports/kpis',
    tag: 'Reports',
    summary:
      'KPIs over practice-local days from and to (YYYY-MM-DD, both included, at most 366 days): appointments ' +
      'booked, completed, cancelled and no-show with their shares of booked; chair utilisation per active room ' +
      '(booked minutes of appointments not cancelled or missed over the opening hours); payments collected at ' +
      'check-out by method; new patients; recall compliance (recalls due in the range whose patient has a ' +
      'completed or booked appointment from 30 days before the due date to 30 days after). scope=practice (the ' +
      'default) reports the X-Practice-ID practice; scope=all every practice the caller may use, each on its own, ' +
      'with the total.',
    access: 'signed-in',
    permission: 'dashboard.metrics',
    query: kpiQuerySchema,
    responses: { 400: 'Bad from, to or scope, naming the field' },
    handler: async ({ db, caller, practiceId, query }) => kpiReport(db, caller, practiceId, query),
  });
}
