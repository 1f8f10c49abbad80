import type { Db } from '../db/connection.ts';
import type { IdempotencyKeysTable } from '../db/schema.ts';

/** Whose key it is: a key is one user's, in one practice. */
export interface KeyOwner {
  userId: number;
  practiceId: number;
  key: string;
}

export type StoredRequest = Pick<
  IdempotencyKeysTable,
  'method' | 'path' | 'request_hash' | 'status_code' | 'body' | 'created_at'
>;

/** The result stored under the key, if it was stored at or after `since`. */
export function findStoredRequest(db: Db, owner: KeyOwner, since: string) {
  return db
    .selectFrom('idempotency_keys')
    .select(['method', 'path', 'status_code', 'body', 'request_hash'])
    .where('user_id', '=', owner.userId)
    .where('practice_id', '=', owner.practiceId)
    .where('key', '=', owner.key)
    .where('created_at', '>=', since)
    .executeTakeFirst();
}

/** Deletes up to `limit` results stored before `before`. */
export async function pruneStoredRequests(db: Db, before: string, limit: number): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple('user_id', 'practice_id', 'key'),
        'in',
        selectFrom('idempotency_keys')
          .select(['user_id', 'practice_id', 'key'])
          .where('created_at', '<', before)
          .limit(limit)
          .$asTuple('user_id', 'practice_id', 'key'),
      ),
    )
    .execute();
}

/** Stores the result under the key unless one stored at or after `expiredBefore` is still there. */
export async function storeRequest(db: Db, owner: KeyOwner, stored: StoredRequest, expiredBefore: string) {
  await db
    .insertInto('idempotency_keys')
    .values({ user_id: owner.userId, practice_id: owner.practiceId, key: owner.key, ...stored })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'practice_id', 'key'])
        .doUpdateSet(stored)
        .where('idempotency_keys.created_at', '<', expiredBefore),
    )
    .execute();
}
