import { IDEMPOTENCY_KEY_PATTERN, PUSH_BATCH_MAX, PUSH_PATH, type PushResult } from '@dental/domain/sync/protocol';
import { jsonObject } from '@dental/domain/validation/fields';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../context.ts';
import { type Batch, runAction } from '../batch.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

const actionSchema = v.object(
  {
    id: v.pipe(
      v.string('actions[].id must be text'),
      v.regex(IDEMPOTENCY_KEY_PATTERN, 'actions[].id must be a valid Idempotency-Key'),
    ),
    method: v.picklist(
      ['POST', 'PUT', 'PATCH', 'DELETE'],
      "actions[].method must be 'POST', 'PUT', 'PATCH' or 'DELETE'",
    ),
    endpoint: v.pipe(
      v.string('actions[].endpoint must be text'),
      // Any API route but the sync routes themselves, so a batch can never contain a batch.
      v.regex(/^\/api\/(?!sync\/)[A-Za-z0-9/_-]{1,200}$/, 'actions[].endpoint must be an API path'),
    ),
    body: v.optional(v.unknown()),
  },
  'Each action must be an object',
);

const pushBodySchema = jsonObject({
  actions: v.pipe(
    v.array(actionSchema, 'actions must be a list'),
    v.minLength(1, 'actions must not be empty'),
    v.maxLength(PUSH_BATCH_MAX, `actions may hold at most ${PUSH_BATCH_MAX} entries`),
  ),
});

/** Statuses after which the client must wait and resend from this action on: not final answers. */
function isFinal(status: number): boolean {
  return status < 500 && status !== 401 && status !== 408 && status !== 425 && status !== 426 && status !== 429;
}

/**
 * Replays a device's queued actions in one round trip. The batch's session and practice are checked
 * once; each action then runs through its own route (permission, validation, Idempotency-Key,
 * transaction) and answers exactly as if it had been sent alone.
 */
export function registerSyncPushRoute(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'POST',
    url: PUSH_PATH,
    tag: 'Sync',
    summary:
      'Send queued actions in order; answers each action’s own status and body, stopping at the first one that is not final.',
    access: 'signed-in',
    // Every action opens its own transaction; holding one here would block them.
    transactional: false,
    body: pushBodySchema,
    handler: async ({ caller, practiceId, client, log, body }) => {
      const batch: Batch = {
        caller,
        practiceId,
        client,
        logFailure: (error, route) => log(error, `unhandled error in batch action ${route}`),
      };
      const results: PushResult[] = [];
      for (const action of body.actions) {
        const result = await runAction(deps, registry, batch, action);
        results.push(result);
        if (!isFinal(result.status)) break;
      }
      return { results };
    },
  });
}
