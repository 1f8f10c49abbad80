import type { Db } from '../db/connection.ts';
import type { SignInFailuresTable } from '../db/schema.ts';

/** Failed sign-ins are kept per username key and client key ('ip:…' or 'device:…'). */
export function failuresOf(db: Db, username: string, client: string) {
  return db
    .selectFrom('sign_in_failures')
    .selectAll()
    .where('username', '=', username)
    .where('client', '=', client)
    .executeTakeFirst();
}

/** Failures of the username from clients other than this one that are not locked, updated after `since`. */
export async function unlockedFailuresElsewhere(
  db: Db,
  username: string,
  client: string,
  since: Date,
): Promise<{ failures: number; last: string | null }> {
  const row = await db
    .selectFrom('sign_in_failures')
    .select((eb) => [eb.fn.sum<number>('failed_count').as('failures'), eb.fn.max('updated_at').as('last')])
    .where('username', '=', username)
    .where('client', '!=', client)
    .where('locked_until', 'is', null)
    .where('updated_at', '>', since.toISOString())
    .executeTakeFirst();
  return { failures: Number(row?.failures ?? 0), last: row?.last ?? null };
}

export type FailureCount = Pick<SignInFailuresTable, 'failed_count' | 'locked_until' | 'updated_at'>;

export async function saveFailures(db: Db, username: string, client: string, values: FailureCount): Promise<void> {
  await db
    .insertInto('sign_in_failures')
    .values({ username, client, ...values })
    .onConflict((oc) => oc.columns(['username', 'client']).doUpdateSet(values))
    .execute();
}

export async function deleteClientFailures(db: Db, username: string, client: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('username', '=', username).where('client', '=', client).execute();
}

/** The username's locks still running at `now`, latest end first. */
export function locksOf(db: Db, username: string, now: Date) {
  return db
    .selectFrom('sign_in_failures')
    .select(['client', 'locked_until'])
    .where('username', '=', username)
    .where('locked_until', '>', now.toISOString())
    .orderBy('locked_until', 'desc')
    .execute();
}

export async function lockedClientCount(db: Db, username: string, now: Date): Promise<number> {
  const locked = await db
    .selectFrom('sign_in_failures')
    .select('client')
    .where('username', '=', username)
    .where('locked_until', '>', now.toISOString())
    .execute();
  return locked.length;
}

export async function deleteAllFailures(db: Db, username: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('username', '=', username).execute();
}
