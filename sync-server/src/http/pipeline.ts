import { DomainError, invalidInput } from '@dental/domain/errors';
import { parseWith } from '@dental/domain/validation/issues';
import type { AppDeps } from '../context.ts';
import type { Db } from '../db/connection.ts';
import { isPostgres } from '../db/dialect.ts';
import { inPracticeTransaction, inTransaction } from '../repos/transactions.ts';
import { type Caller, requirePermission } from '../services/caller.ts';
import {
  findStoredResult,
  type IdempotencyScope,
  isFinalStatus,
  type StoredResult,
  storeResult,
} from '../services/idempotency.ts';
import { bodyOf, statusOf } from './answer.ts';
import { domainErrorAnswer } from './error-answers.ts';
import type {
  Client,
  FailureLog,
  MaybeSchema,
  PublicRouteEntry,
  RouteEntry,
  SignedInRouteEntry,
} from './route-spec.ts';

/** One run of a route: its input as received (before validation), when and for whom. */
export interface Invocation {
  now: Date;
  client: Client;
  log: FailureLog;
  params: unknown;
  query: unknown;
  body: unknown;
}

/** Who a signed-in route runs for, checked before it runs: the session's user and the practice they act in. */
export interface Actor {
  caller: Caller;
  practiceId: number;
}

export type RouteResult = { replay: StoredResult } | { value: unknown };

function validate(schema: MaybeSchema, input: unknown, root: 'params' | 'query' | 'body'): unknown {
  if (!schema) return undefined;
  const result = parseWith(schema, input ?? (root === 'body' ? undefined : {}), root);
  if (!result.ok) throw invalidInput(result.issues);
  return result.value;
}

function validInput(entry: RouteEntry, invocation: Invocation) {
  return {
    params: validate(entry.params, invocation.params, 'params'),
    query: validate(entry.query, invocation.query, 'query'),
    body: validate(entry.body, invocation.body, 'body'),
  };
}

function inTransactionIf<T>(deps: AppDeps, entry: RouteEntry, work: (db: Db) => Promise<T>): Promise<T> {
  return entry.transactional ? inTransaction(deps.db, work) : work(deps.db);
}

/**
 * Where a signed-in route runs. A practice's route on PostgreSQL always runs in a practice transaction,
 * reads included, so row-level security applies to every query it makes (see inPracticeTransaction).
 */
function runForActor<T>(
  deps: AppDeps,
  entry: SignedInRouteEntry,
  actor: Actor,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  if (entry.practiceScoped && isPostgres(deps.db)) {
    return inPracticeTransaction(deps.db, { practiceId: actor.practiceId, writes: entry.transactional }, work);
  }
  return inTransactionIf(deps, entry, work);
}

/** The handler's answer as stored for a retry: the JSON text exactly as first sent ('' for none). */
export function serializedBody(result: unknown): string {
  return JSON.stringify(bodyOf(result)) ?? '';
}

/** A public route: its input is validated and its handler run, in one transaction when the route writes. */
export function runPublic(deps: AppDeps, entry: PublicRouteEntry, invocation: Invocation): Promise<unknown> {
  const { now, client, log } = invocation;
  return inTransactionIf(deps, entry, (db) => entry.handle({ db, now, client, log, ...validInput(entry, invocation) }));
}

/**
 * A signed-in route, once the session and practice are checked: a stored answer for the Idempotency-Key is
 * replayed; otherwise the permission is checked, the input validated and the handler run. A final answer,
 * success or refusal, is stored under the key, the success with the route's own writes.
 */
export async function runSignedIn(
  deps: AppDeps,
  entry: SignedInRouteEntry,
  invocation: Invocation,
  actor: Actor,
  scope: IdempotencyScope | undefined,
): Promise<RouteResult> {
  const { now, client, log } = invocation;
  const run = async (db: Db): Promise<RouteResult> => {
    // Looked up inside the transaction: writes run one at a time, so a concurrent retry waits and replays.
    const stored = scope ? await findStoredResult(db, scope, now) : undefined;
    if (stored) return { replay: stored };
    if (entry.permission) requirePermission(actor.caller, entry.permission);
    const value = await entry.handle({ db, now, client, log, ...actor, ...validInput(entry, invocation) });
    if (scope) {
      await storeResult(db, scope, { statusCode: statusOf(entry.status, value), body: serializedBody(value) }, now);
    }
    return { value };
  };
  try {
    return await runForActor(deps, entry, actor, run);
  } catch (error) {
    // The refusal rolled the transaction back; its answer is stored on its own so a retry gets it again.
    if (scope && error instanceof DomainError && error.code !== 'IDEMPOTENCY_KEY_REUSED') {
      const answer = domainErrorAnswer(error);
      if (isFinalStatus(answer.status)) {
        await storeResult(deps.db, scope, { statusCode: answer.status, body: JSON.stringify(answer.body) }, now);
      }
    }
    throw error;
  }
}
