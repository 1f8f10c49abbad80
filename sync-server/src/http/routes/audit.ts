import { auditFilterSchema, auditQuerySchema } from '@dental/domain/audit/audit';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { auditCsv, auditFilterChoices, auditPage, verifyAuditChain } from '../../services/audit-trail.ts';
import { answerWith } from '../answer.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

/** The practice's audit trail: read, exported and verified; never changed through the API. */
export function registerAuditRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/audit',
    tag: 'Audit',
    summary:
      'The X-Practice-ID practice’s audit log, newest first, filtered by userId, action, entity and from/to ' +
      '(practice-local days, both included), paged on the server (page from 1, pageSize up to 200): {entries, total}.',
    access: 'signed-in',
    permission: 'admin.audit',
    query: auditQuerySchema,
    responses: { 400: 'Bad filter or paging value, naming the field' },
    handler: async ({ db, practiceId, query }) => auditPage(db, practiceId, query),
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/audit/filters',
    tag: 'Audit',
    summary: 'The actions and entities the practice’s audit log holds, for the filters’ choices.',
    access: 'signed-in',
    permission: 'admin.audit',
    handler: async ({ db, practiceId }) => auditFilterChoices(db, practiceId),
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/audit/export.csv',
    tag: 'Audit',
    summary: 'The audit log as RFC 4180 CSV, with the list’s filters, formula-looking cells escaped.',
    access: 'signed-in',
    permission: 'admin.audit',
    query: auditFilterSchema,
    responses: { 200: 'text/csv attachment', 400: 'Bad filter value, naming the field' },
    handler: async ({ db, practiceId, query, now }) => {
      const stamp = now.toISOString().slice(0, 10);
      return answerWith(await auditCsv(db, practiceId, query), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="audit-${practiceId}-${stamp}.csv"`,
          'cache-control': 'no-store',
        },
      });
    },
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/audit/verify',
    tag: 'Audit',
    summary:
      'Checks the practice’s hash chain from its first row: {ok, checked, firstBrokenId?}, where firstBrokenId is ' +
      'the first row whose stored hash or link no longer matches (altered, or the row before it removed).',
    access: 'signed-in',
    permission: 'admin.audit',
    transactional: false,
    handler: async ({ db, practiceId }) => verifyAuditChain(db, practiceId),
  });
}
