import type { Db } from '../db/connection.ts';

/**
 * Who is trying to sign in: a browser holding this user's trusted-device cookie, or otherwise its
 * address. Failures and locks are counted per username and client, so failures from one address can
 * never lock the account for the real user elsewhere.
 */
export interface SignInClient {
  key: string;
  trusted: boolean;
  address: string;
}

export interface SignInPolicy {
  /** Spec 9: five failures from one client lock that username there for 15 minutes. */
  maxAttempts: number;
  lockoutMs: number;
  /** Failures of a username from untrusted clients, anywhere, before each attempt must wait. */
  throttleFreeFailures: number;
  throttleBaseDelayMs: number;
  throttleMaxDelayMs: number;
}

export type SignInRefusal =
  | { kind: 'locked'; remainingMs: number }
  | { kind: 'throttled'; remainingMs: number }
  | { kind: 'none' };

/** Trimmed and lower-cased, so 'Admin ' and 'admin' count as one username. */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

/** The wait before the next attempt after this many failures: 0, then 1 s, 2 s, 4 s … up to the cap. */
export function throttleDelayMs(failures: number, policy: SignInPolicy): number {
  if (failures < policy.throttleFreeFailures) return 0;
  const doublings = Math.min(30, failures - policy.throttleFreeFailures);
  return Math.min(policy.throttleMaxDelayMs, policy.throttleBaseDelayMs * 2 ** doublings);
}

/** Decided before any password is hashed: a refused attempt costs the server nothing. */
export async function signInRefusal(
  db: Db,
  username: string,
  client: SignInClient,
  now: Date,
  policy: SignInPolicy,
): Promise<SignInRefusal> {
  const id = usernameKey(username);
  const lock = await db
    .selectFrom('sign_in_failures')
    .select('locked_until')
    .where('username', '=', id)
    .where('client', '=', client.key)
    .executeTakeFirst();
  const lockedFor = lock?.locked_until ? Date.parse(lock.locked_until) - now.getTime() : 0;
  if (lockedFor > 0) return { kind: 'locked', remainingMs: lockedFor };
  if (client.trusted) return { kind: 'none' };
  const throttle = await db.selectFrom('sign_in_throttle').selectAll().where('username', '=', id).executeTakeFirst();
  if (!throttle) return { kind: 'none' };
  const waitFor = Date.parse(throttle.last_failure_at) + throttleDelayMs(throttle.failures, policy) - now.getTime();
  return waitFor > 0 ? { kind: 'throttled', remainingMs: waitFor } : { kind: 'none' };
}

/** Counts a failure; returns the lock length when this failure locks the username for this client. */
export async function recordSignInFailure(
  db: Db,
  username: string,
  client: SignInClient,
  now: Date,
  policy: SignInPolicy,
): Promise<number> {
  const id = usernameKey(username);
  const stamp = now.toISOString();
  const row = await db
    .selectFrom('sign_in_failures')
    .selectAll()
    .where('username', '=', id)
    .where('client', '=', client.key)
    .executeTakeFirst();
  // Callers check the lock first, so a lock still on the row has run out: counting starts again.
  const previous = row && !row.locked_until ? row.failed_count : 0;
  const failedCount = previous + 1;
  const locks = failedCount >= policy.maxAttempts;
  const values = {
    failed_count: locks ? 0 : failedCount,
    locked_until: locks ? new Date(now.getTime() + policy.lockoutMs).toISOString() : null,
    updated_at: stamp,
  };
  await db
    .insertInto('sign_in_failures')
    .values({ username: id, client: client.key, ...values })
    .onConflict((oc) => oc.columns(['username', 'client']).doUpdateSet(values))
    .execute();

  if (!client.trusted) {
    const throttle = await db.selectFrom('sign_in_throttle').selectAll().where('username', '=', id).executeTakeFirst();
    // A quiet spell as long as the lockout forgives the earlier failures.
    const fresh = !throttle || now.getTime() - Date.parse(throttle.last_failure_at) >= policy.lockoutMs;
    const failures = fresh ? 1 : throttle.failures + 1;
    await db
      .insertInto('sign_in_throttle')
      .values({ username: id, failures, last_failure_at: stamp })
      .onConflict((oc) => oc.column('username').doUpdateSet({ failures, last_failure_at: stamp }))
      .execute();
  }
  return locks ? policy.lockoutMs : 0;
}

/** A success proves the password is known: this client's failures and the username's throttle are cleared. */
export async function clearSignInFailures(db: Db, username: string, client: SignInClient): Promise<void> {
  const id = usernameKey(username);
  await db.deleteFrom('sign_in_failures').where('username', '=', id).where('client', '=', client.key).execute();
  await db.deleteFrom('sign_in_throttle').where('username', '=', id).execute();
}

export interface SignInStatus {
  locks: { client: string; lockedUntil: string }[];
  recentFailures: number;
  throttledUntil: string | null;
}

/** What an administrator sees for a username: current locks by client, and the throttle. */
export async function signInStatus(db: Db, username: string, now: Date, policy: SignInPolicy): Promise<SignInStatus> {
  const id = usernameKey(username);
  const locks = await db
    .selectFrom('sign_in_failures')
    .select(['client', 'locked_until'])
    .where('username', '=', id)
    .where('locked_until', '>', now.toISOString())
    .orderBy('locked_until', 'desc')
    .execute();
  const throttle = await db.selectFrom('sign_in_throttle').selectAll().where('username', '=', id).executeTakeFirst();
  const until = throttle ? Date.parse(throttle.last_failure_at) + throttleDelayMs(throttle.failures, policy) : 0;
  return {
    locks: locks.map((lock) => ({
      client: lock.client.startsWith('ip:') ? `address ${lock.client.slice(3)}` : 'a trusted device',
      lockedUntil: lock.locked_until as string,
    })),
    recentFailures: throttle?.failures ?? 0,
    throttledUntil: until > now.getTime() ? new Date(until).toISOString() : null,
  };
}

/** An administrator's unlock: every lock and the throttle of the username go; returns how many locks. */
export async function unlockSignIn(db: Db, username: string): Promise<number> {
  const id = usernameKey(username);
  const removed = await db.deleteFrom('sign_in_failures').where('username', '=', id).executeTakeFirst();
  await db.deleteFrom('sign_in_throttle').where('username', '=', id).execute();
  return Number(removed.numDeletedRows);
}
