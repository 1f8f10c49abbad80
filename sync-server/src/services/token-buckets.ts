/**
 * Token buckets in memory, one per key. A bucket holds up to `capacity` tokens and gains one every
 * `windowMs / capacity`, so a burst spends the bucket and waits only for the next token, never for a
 * whole window to end. Hand-written because @fastify/rate-limit offers fixed windows only, and a fixed
 * 15-minute window can hold a device's saves back for up to 15 minutes after one burst.
 */
export interface BucketPolicy {
  capacity: number;
  windowMs: number;
}

export interface TakeResult {
  allowed: boolean;
  /** Whole tokens left after this take. */
  remaining: number;
  /** When refused: how long until one token is back. */
  retryAfterMs: number;
  /** How long until the bucket is full again. */
  resetMs: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Past this many clients the least recently seen is forgotten, which only ever gives it a full bucket. */
const DEFAULT_MAX_KEYS = 100_000;

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly msPerToken: number;

  constructor(
    readonly policy: BucketPolicy,
    private readonly maxKeys = DEFAULT_MAX_KEYS,
  ) {
    this.msPerToken = policy.windowMs / policy.capacity;
  }

  take(key: string, now: number): TakeResult {
    const tokens = this.tokensAt(key, now);
    const allowed = tokens >= 1;
    const left = allowed ? tokens - 1 : tokens;
    this.store(key, { tokens: left, at: now });
    return {
      allowed,
      remaining: Math.floor(left),
      retryAfterMs: allowed ? 0 : Math.ceil((1 - left) * this.msPerToken),
      resetMs: Math.ceil((this.policy.capacity - left) * this.msPerToken),
    };
  }

  /** Gives back one token taken earlier: for attempts that turned out not to count (a successful sign-in). */
  refund(key: string, now: number): void {
    const tokens = Math.min(this.policy.capacity, this.tokensAt(key, now) + 1);
    this.store(key, { tokens, at: now });
  }

  private tokensAt(key: string, now: number): number {
    const bucket = this.buckets.get(key);
    if (!bucket) return this.policy.capacity;
    const gained = Math.max(0, now - bucket.at) / this.msPerToken;
    return Math.min(this.policy.capacity, bucket.tokens + gained);
  }

  private store(key: string, bucket: Bucket): void {
    // Re-inserted so the map's order is least recently used first.
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
  }
}
