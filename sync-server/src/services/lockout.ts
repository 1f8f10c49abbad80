import type { Db } from '../db/connection.ts';

export interface LockoutPolicy {
  maxAttempts: number;
  lockoutMs: number;
}

function key(username: string): string {
  return username.trim().toLowerCase();
}

/** Milliseconds left on a lock, or 0 when the username may try to sign in. */
export async function lockRemainingMs(db: Db, username: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('login_attempts')
    .selectAll()
    .where('username', '=', key(username))
    .executeTakeFirst();
  if (!row?.locked_until) return 0;
  return Math.max(0, Date.parse(row.locked_until) - now.getTime());
}

/** Counts a failure; returns the lock length when this failure locks the username. */
export async function recordFailure(db: Db, username: string, now: Date, policy: LockoutPolicy): Promise<number> {
  const id = key(username);
  const row = await db.selectFrom('login_attempts').selectAll().where('username', '=', id).executeTakeFirst();
  // Callers check the lock first, so a lock still on the row has run out: counting starts again.
  const hadLock = Boolean(row?.locked_until);
  const previous = row && !hadLock ? row.failed_count : 0;
  const failedCount = previous + 1;
  const locks = failedCount >= policy.maxAttempts;
  const values = {
    failed_count: locks ? 0 : failedCount,
    locked_until: locks ? new Date(now.getTime() + policy.lockoutMs).toISOString() : null,
    updated_at: now.toISOString(),
  };
  await db
    .insertInto('login_attempts')
    .values({ username: id, ...values })
    .onConflict((oc) => oc.column('username').doUpdateSet(values))
    .execute();
  return locks ? policy.lockoutMs : 0;
}

export async function clearFailures(db: Db, username: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('username', '=', key(username)).execute();
}
