import { createHash } from 'node:crypto';
import {
  HEADERS,
  IDEMPOTENCY_KEY_MESSAGE,
  IDEMPOTENCY_REUSED_MESSAGE,
  IDEMPOTENCY_TTL_MS,
  isValidIdempotencyKey,
} from '@dental/domain/sync/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { badRequest, HttpError } from './http-error.ts';

/** One request as a retry must repeat it: the same user, practice and key, for the same method, path and body. */
export interface IdempotencyScope {
  userId: number;
  practiceId: number;
  key: string;
  method: string;
  path: string;
  /** SHA-256 of the parsed body re-serialised: a retry resends the same JSON, so it hashes the same. */
  requestHash: string;
}

export interface StoredResult {
  statusCode: number;
  body: string;
}

/** The key was first used for another request: a client bug, not an answer worth storing. */
export class IdempotencyKeyReused extends HttpError {
  constructor() {
    super(422, { error: 'Unprocessable Entity', message: IDEMPOTENCY_REUSED_MESSAGE });
  }
}

/** Pruned a few at a time on each store, so no request ever pays for a large clean-up. */
const PRUNE_BATCH = 100;

export function readIdempotencyKey(request: FastifyRequest): string | undefined {
  const header = request.headers[HEADERS.idempotencyKey];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !isValidIdempotencyKey(header)) {
    throw badRequest([{ field: 'Idempotency-Key', message: IDEMPOTENCY_KEY_MESSAGE }]);
  }
  return header;
}

export function idempotencyScope(
  request: FastifyRequest,
  userId: number,
  practiceId: number,
  key: string,
): IdempotencyScope {
  const requestHash = createHash('sha256')
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
  return {
    userId,
    practiceId,
    key,
    method: request.method,
    path: request.url.split('?')[0] ?? request.url,
    requestHash,
  };
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

/** The stored result of this key, if any; the key reused for another method, path or body is refused with 422. */
export async function findStoredResult(db: Db, scope: IdempotencyScope, now: Date): Promise<StoredResult | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['method', 'path', 'status_code', 'body', 'request_hash'])
    .where('user_id', '=', scope.userId)
    .where('practice_id', '=', scope.practiceId)
    .where('key', '=', scope.key)
    .where('created_at', '>=', cutoff(now))
    .executeTakeFirst();
  if (!row) return undefined;
  const otherBody = row.request_hash !== null && row.request_hash !== scope.requestHash;
  if (row.method !== scope.method || row.path !== scope.path || otherBody) {
    throw new IdempotencyKeyReused();
  }
  return { statusCode: row.status_code, body: row.body };
}

/** Keeps the first result: an entry still in force is never overwritten, an expired one is replaced. */
export async function storeResult(db: Db, scope: IdempotencyScope, result: StoredResult, now: Date): Promise<void> {
  const expiredBefore = cutoff(now);
  await sql`
    delete from idempotency_keys where rowid in (
      select rowid from idempotency_keys where created_at < ${expiredBefore} limit ${PRUNE_BATCH}
    )
  `.execute(db);
  const values = {
    method: scope.method,
    path: scope.path,
    request_hash: scope.requestHash,
    status_code: result.statusCode,
    body: result.body,
    created_at: now.toISOString(),
  };
  await db
    .insertInto('idempotency_keys')
    .values({ user_id: scope.userId, practice_id: scope.practiceId, key: scope.key, ...values })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'practice_id', 'key'])
        .doUpdateSet(values)
        .where('idempotency_keys.created_at', '<', expiredBefore),
    )
    .execute();
}

export function sendReplay(reply: FastifyReply, stored: StoredResult): FastifyReply {
  reply.code(stored.statusCode).header(HEADERS.idempotentReplayed, 'true');
  if (stored.body === '') return reply.send();
  return reply.type('application/json; charset=utf-8').send(stored.body);
}
