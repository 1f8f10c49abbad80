import type { PushAction, PushResult } from '@dental/domain/sync/protocol';
import type { AppDeps } from '../context.ts';
import { requestHash } from '../services/idempotency.ts';
import { statusOf } from './answer.ts';
import {
  apiNotFound,
  type ErrorAnswer,
  knownErrorAnswer,
  PARAM_TOO_LONG_ANSWER,
  UNEXPECTED_ANSWER,
} from './error-answers.ts';
import { type Actor, type Invocation, runPublic, runSignedIn, serializedBody } from './pipeline.ts';
import type { RouteRegistry } from './route-registry.ts';
import type { Client, RouteEntry } from './route-spec.ts';

/** The batch request's own checks, done once: its session, the practice it acts in and who sent it. */
export interface Batch extends Actor {
  client: Client;
  /** Logs a failure of one action against the batch request, naming the action's route. */
  logFailure(error: unknown, route: string): void;
}

/** An answer's body as the client reads it: JSON when it is JSON, null when there is none. */
function parsed(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function refused(action: PushAction, answer: ErrorAnswer): PushResult {
  return {
    id: action.id,
    status: answer.status,
    body: parsed(JSON.stringify(answer.body)),
    retryAfter: answer.headers['retry-after'] ?? null,
  };
}

async function dispatch(deps: AppDeps, batch: Batch, action: PushAction, entry: RouteEntry, invocation: Invocation) {
  if (entry.access === 'public') return { value: await runPublic(deps, entry, invocation) };
  const { caller } = batch;
  // Calls about the user rather than a practice act in the session's practice, as a request alone would.
  const practiceId = entry.practiceScoped ? batch.practiceId : caller.session.currentPracticeId;
  const scope = {
    userId: caller.account.row.id,
    practiceId,
    key: action.id,
    method: action.method,
    path: action.endpoint,
    requestHash: requestHash(invocation.body),
  };
  return runSignedIn(deps, entry, invocation, { caller, practiceId }, scope);
}

/**
 * Runs one action of a batch through its route as if it had been sent alone with the batch's session,
 * practice and the action's id as its Idempotency-Key: the route's permission, input validation, stored
 * answer and transaction all apply, and the result is the status and body that request would get.
 */
export async function runAction(
  deps: AppDeps,
  registry: RouteRegistry,
  batch: Batch,
  action: PushAction,
): Promise<PushResult> {
  const match = registry.find(action.method, action.endpoint);
  if (match === 'param-too-long') return refused(action, PARAM_TOO_LONG_ANSWER);
  if (!match) return refused(action, apiNotFound(action.method, action.endpoint));
  const { entry, params } = match;
  const invocation: Invocation = {
    now: deps.clock(),
    client: batch.client,
    log: (error) => batch.logFailure(error, `${entry.method} ${entry.url}`),
    params,
    query: {},
    // A DELETE is sent without a body, whatever the action carries.
    body: action.method === 'DELETE' ? undefined : action.body,
  };
  try {
    const result = await dispatch(deps, batch, action, entry, invocation);
    if ('replay' in result) {
      return { id: action.id, status: result.replay.statusCode, body: parsed(result.replay.body), retryAfter: null };
    }
    const status = statusOf(entry.status, result.value);
    return { id: action.id, status, body: parsed(serializedBody(result.value)), retryAfter: null };
  } catch (error) {
    const known = knownErrorAnswer(error);
    if (known) return refused(action, known);
    batch.logFailure(error, `${entry.method} ${entry.url}`);
    return refused(action, UNEXPECTED_ANSWER);
  }
}
