import { createHash } from 'node:crypto';
import { DomainError } from '@dental/domain/errors';
import { IDEMPOTENCY_REUSED_MESSAGE, IDEMPOTENCY_TTL_MS } from '@dental/domain/sync/protocol';
import type { Db } from '../db/connection.ts';
import { findStoredRequest, type KeyOwner, pruneStoredRequests, storeRequest } from '../repos/idempotency-keys.ts';

/** One request as a retry must repeat it: the same user, practice and key, for the same method, path and body. */
export interface IdempotencyScope extends KeyOwner {
  method: string;
  path: string;
  /** SHA-256 of the parsed body re-serialised: a retry resends the same JSON, so it hashes the same. */
  requestHash: string;
}

export interface StoredResult {
  statusCode: number;
  body: string;
}

/** Pruned a few at a time on each store, so no request ever pays for a large clean-up. */
const PRUNE_BATCH = 100;

export function requestHash(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');
}

/**
 * A final answer is one a retry would get again: successes and refusals of the request itself.
 * Not 401 (sign in and retry) nor 429 (wait and retry), and never a server failure.
 */
export function isFinalStatus(statusCode: number): boolean {
  return statusCode < 400 || (statusCode < 500 && statusCode !== 401 && statusCode !== 429);
}

function cutoff(now: Date): string {
  return new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
}

/** The stored result of this key, if any; the key reused for another method, path or body is refused. */
export async function findStoredResult(db: Db, scope: IdempotencyScope, now: Date): Promise<StoredResult | undefined> {
  const row = await findStoredRequest(db, scope, cutoff(now));
  if (!row) return undefined;
  const otherBody = row.request_hash !== null && row.request_hash !== scope.requestHash;
  if (row.method !== scope.method || row.path !== scope.path || otherBody) {
    throw new DomainError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_REUSED_MESSAGE);
  }
  return { statusCode: row.status_code, body: row.body };
}

/** Keeps the first result: an entry still in force is never overwritten, an expired one is replaced. */
export async function storeResult(db: Db, scope: IdempotencyScope, result: StoredResult, now: Date): Promise<void> {
  const expiredBefore = cutoff(now);
  await pruneStoredRequests(db, expiredBefore, PRUNE_BATCH);
  await storeRequest(
    db,
    scope,
    {
      method: scope.method,
      path: scope.path,
      request_hash: scope.requestHash,
      status_code: result.statusCode,
      body: result.body,
      created_at: now.toISOString(),
    },
    expiredBefore,
  );
}
