import type { Db } from '../db/connection.ts';

/** Users who may use one of these practices (the users a system administrator there watches). */
export function usersOfPractices(db: Db, practiceIds: readonly number[]) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name', 'role', 'must_reset_password'])
    .where((eb) =>
      eb.or([
        eb('users.practice_id', 'in', [...practiceIds]),
        eb(
          'users.id',
          'in',
          eb
            .selectFrom('user_practices')
            .select('user_id')
            .where('practice_id', 'in', [...practiceIds]),
        ),
      ]),
    )
    .orderBy('last_name')
    .orderBy('first_name')
    .execute();
}

/** Sessions of these users still inside both lifetimes at `now`, most recently used first. */
export function liveSessions(db: Db, userIds: readonly number[], idleSince: string, startedSince: string) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'created_at', 'last_seen_at', 'ip_address', 'user_agent'])
    .where('user_id', 'in', [...userIds])
    .where('last_seen_at', '>', idleSince)
    .where('created_at', '>', startedSince)
    .orderBy('last_seen_at', 'desc')
    .execute();
}

export function sessionById(db: Db, id: string) {
  return db.selectFrom('sessions').select(['id', 'user_id']).where('id', '=', id).executeTakeFirst();
}

/** Locks still running, per username: the latest end and how many clients. */
export function runningLocks(db: Db, now: Date) {
  return db
    .selectFrom('sign_in_failures')
    .select((eb) => ['username', eb.fn.max('locked_until').as('locked_until'), eb.fn.countAll<number>().as('clients')])
    .where('locked_until', '>', now.toISOString())
    .groupBy('username')
    .execute();
}

/** The latest failed sign-ins, as the sign-in service audits them (no practice: the user was not in one yet). */
export function recentFailedSignIns(db: Db, limit: number) {
  return db
    .selectFrom('audit_log')
    .select(['at', 'details', 'action'])
    .where('practice_id', 'is', null)
    .where('action', 'in', ['auth.login_failed', 'auth.login_locked'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
