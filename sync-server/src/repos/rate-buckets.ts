import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

export interface BucketTake {
  allowed: boolean;
  /** Tokens left after this take, fractions included. */
  tokens: number;
}

/**
 * Takes one token from the client's bucket, refilled for the time since its last take, in one statement,
 * so two server processes never both spend the last token. PostgreSQL only (greatest and least).
 */
export async function takeToken(
  db: Db,
  key: string,
  capacity: number,
  msPerToken: number,
  now: number,
): Promise<BucketTake> {
  const refilled = sql<number>`least(${capacity}::double precision, b.tokens + greatest(0, ${now}::bigint - b.at) / ${msPerToken}::double precision)`;
  const { rows } = await sql<{ tokens: number; allowed: number }>`
    insert into rate_buckets as b (key, tokens, at, allowed) values (${key}, ${capacity - 1}, ${now}, 1)
    on conflict (key) do update set
      tokens = case when ${refilled} >= 1 then ${refilled} - 1 else ${refilled} end,
      allowed = case when ${refilled} >= 1 then 1 else 0 end,
      at = ${now}
    returning tokens, allowed
  `.execute(db);
  const row = rows[0];
  return { allowed: row?.allowed === 1, tokens: row?.tokens ?? 0 };
}

/** Gives one token back (an attempt that turned out not to count). */
export async function returnToken(
  db: Db,
  key: string,
  capacity: number,
  msPerToken: number,
  now: number,
): Promise<void> {
  await sql`
    update rate_buckets set
      tokens = least(${capacity}::double precision, tokens + greatest(0, ${now}::bigint - at) / ${msPerToken}::double precision + 1),
      at = ${now}
    where key = ${key}
  `.execute(db);
}

/** Buckets untouched for longer than a full refill are full again: forgetting them changes nothing. */
export async function forgetFullBuckets(db: Db, before: number): Promise<void> {
  await db.deleteFrom('rate_buckets').where('at', '<', before).execute();
}
