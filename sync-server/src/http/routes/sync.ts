import { type PullResponse, pullQuerySchema } from '@dental/domain/sync/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { viewerOf } from '../../services/caller.ts';
import { pullChanges } from '../../services/pull.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

export function registerSyncRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/sync/pull',
    tag: 'Sync',
    summary:
      'Changes to the practice’s synced tables after the cursor, oldest first. Without a usable cursor the answer is ' +
      'a full snapshot whose first page has reset: true. Each table is included only for a user who may read it.',
    access: 'signed-in',
    // Rows, versions and the practice counter are read from one moment.
    transactional: true,
    query: pullQuerySchema,
    handler: async ({ db, caller, practiceId, query, now }): Promise<PullResponse> =>
      pullChanges(db, {
        practiceId,
        viewer: viewerOf(caller),
        cursor: query.cursor,
        limit: query.limit,
        focus: query.focus,
        now,
      }),
  });
}
