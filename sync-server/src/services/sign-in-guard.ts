import type { Db } from '../db/connection.ts';
import {
  deleteAllFailures,
  deleteClientFailures,
  failuresOf,
  lockedClientCount,
  locksOf,
  saveFailures,
  unlockedFailuresElsewhere,
} from '../repos/sign-in-failures.ts';

/**
 * Who is trying to sign in: a browser holding this user's trusted-device cookie, or otherwise its
 * address. Failures and locks are counted per username and client, so failures from one address can
 * never lock the account for the real user elsewhere.
 */
export interface SignInClient {
  key: string;
  trusted: boolean;
}

export interface SignInPolicy {
  /** Spec 9: five failures from one client lock that username there for 15 minutes. */
  maxAttempts: number;
  lockoutMs: number;
  /** Failures of a username from other clients, not yet locked, before each attempt must wait. */
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

/** The wait after the latest failure: none at first, then 1 s, 2 s, 4 s … up to the cap. */
export function throttleDelayMs(failures: number, policy: SignInPolicy): number {
  if (failures < policy.throttleFreeFailures) return 0;
  const doublings = Math.min(30, failures - policy.throttleFreeFailures);
  return Math.min(policy.throttleMaxDelayMs, policy.throttleBaseDelayMs * 2 ** doublings);
}

interface Spread {
  failures: number;
  lastFailureAt: number;
}

/**
 * Recent failures of the username from clients other than this one that are not locked: a guessing
 * spread over many addresses, each staying under its lock. A client that got locked is already stopped,
 * so its failures no longer slow anyone else down.
 */
async function failuresElsewhere(
  db: Db,
  username: string,
  client: SignInClient,
  now: Date,
  policy: SignInPolicy,
): Promise<Spread> {
  const since = new Date(now.getTime() - policy.lockoutMs);
  const { failures, last } = await unlockedFailuresElsewhere(db, username, client.key, since);
  return { failures, lastFailureAt: last ? Date.parse(last) : 0 };
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
  const lock = await failuresOf(db, id, client.key);
  const lockedFor = lock?.locked_until ? Date.parse(lock.locked_until) - now.getTime() : 0;
  if (lockedFor > 0) return { kind: 'locked', remainingMs: lockedFor };
  // A browser this user signed in from before is never slowed by guesses made elsewhere.
  if (client.trusted) return { kind: 'none' };
  const spread = await failuresElsewhere(db, id, client, now, policy);
  const waitFor = spread.lastFailureAt + throttleDelayMs(spread.failures, policy) - now.getTime();
  return spread.failures >= policy.throttleFreeFailures && waitFor > 0
    ? { kind: 'throttled', remainingMs: waitFor }
    : { kind: 'none' };
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
  const row = await failuresOf(db, id, client.key);
  // Callers check the lock first, so a lock still on the row has run out; a quiet spell as long as
  // the lockout forgives earlier failures too. Either way counting starts again.
  const stale = !row || row.locked_until !== null || now.getTime() - Date.parse(row.updated_at) >= policy.lockoutMs;
  const failedCount = (stale ? 0 : row.failed_count) + 1;
  const locks = failedCount >= policy.maxAttempts;
  const values = {
    failed_count: locks ? 0 : failedCount,
    locked_until: locks ? new Date(now.getTime() + policy.lockoutMs).toISOString() : null,
    updated_at: now.toISOString(),
  };
  await saveFailures(db, id, client.key, values);
  return locks ? policy.lockoutMs : 0;
}

/** A success proves the password is known here: this client's failures are forgotten. */
export async function clearSignInFailures(db: Db, username: string, client: SignInClient): Promise<void> {
  await deleteClientFailures(db, usernameKey(username), client.key);
}

export interface SignInStatus {
  locks: { client: string; lockedUntil: string }[];
  /** Failures from clients not locked, in the last 15 minutes. */
  recentFailures: number;
}

function describeClient(client: string): string {
  return client.startsWith('ip:') ? `address ${client.slice(3)}` : 'a trusted device';
}

/** What an administrator sees for a username: current locks by client, and recent failures elsewhere. */
export async function signInStatus(db: Db, username: string, now: Date, policy: SignInPolicy): Promise<SignInStatus> {
  const id = usernameKey(username);
  const locks = await locksOf(db, id, now);
  const spread = await failuresElsewhere(db, id, { key: '', trusted: false }, now, policy);
  return {
    locks: locks.map((lock) => ({ client: describeClient(lock.client), lockedUntil: lock.locked_until as string })),
    recentFailures: spread.failures,
  };
}

/** An administrator's unlock: every lock and failure count of the username go; returns how many locks. */
export async function unlockSignIn(db: Db, username: string, now: Date): Promise<number> {
  const id = usernameKey(username);
  const locked = await lockedClientCount(db, id, now);
  await deleteAllFailures(db, id);
  return locked;
}
