import type { Db } from '../db/connection.ts';
import { isPostgres } from '../db/dialect.ts';
import { forgetFullBuckets, returnToken, takeToken } from '../repos/rate-buckets.ts';
import { type BucketPolicy, type TakeResult, TokenBuckets } from './token-buckets.ts';

/** A request budget per client: a token bucket (see token-buckets.ts), wherever it is kept. */
export interface RateLimiter {
  readonly policy: BucketPolicy;
  take(key: string, now: number): Promise<TakeResult>;
  /** Gives back a token taken earlier: for attempts that turned out not to count. */
  refund(key: string, now: number): Promise<void>;
}

/**
 * The budgets live where every server process can see them: in memory for the one process SQLite
 * serves, in the database on PostgreSQL, where several processes may answer the same client.
 * `name` keeps the buckets of different limits apart in the shared table.
 */
export function rateLimiter(db: Db, name: string, policy: BucketPolicy): RateLimiter {
  return isPostgres(db) ? sharedLimiter(db, name, policy) : memoryLimiter(policy);
}

function memoryLimiter(policy: BucketPolicy): RateLimiter {
  const buckets = new TokenBuckets(policy);
  return {
    policy,
    take: async (key, now) => buckets.take(key, now),
    refund: async (key, now) => buckets.refund(key, now),
  };
}

/** Every this many takes, buckets that have been full for a while are deleted. */
const PRUNE_EVERY = 1000;

function sharedLimiter(db: Db, name: string, policy: BucketPolicy): RateLimiter {
  const msPerToken = policy.windowMs / policy.capacity;
  let takes = 0;
  return {
    policy,
    async take(key, now) {
      takes += 1;
      if (takes % PRUNE_EVERY === 0) await forgetFullBuckets(db, now - policy.windowMs);
      const { allowed, tokens } = await takeToken(db, `${name}:${key}`, policy.capacity, msPerToken, now);
      return {
        allowed,
        remaining: Math.floor(tokens),
        retryAfterMs: allowed ? 0 : Math.ceil((1 - tokens) * msPerToken),
        resetMs: Math.ceil((policy.capacity - tokens) * msPerToken),
      };
    },
    refund: (key, now) => returnToken(db, `${name}:${key}`, policy.capacity, msPerToken, now),
  };
}
