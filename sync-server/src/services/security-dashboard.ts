import { DomainError } from '@dental/domain/errors';
import {
  type FailedSignIn,
  PERMISSION_CHANGE_ACTIONS,
  RECENT_FAILURES,
  RECENT_PERMISSION_CHANGES,
  type SecurityDashboard,
  type UserSummary,
} from '@dental/domain/security/dashboard';
import type { Db } from '../db/connection.ts';
import { auditRows, writeAudit } from '../repos/audit-log.ts';
import { liveSessions, recentFailedSignIns, runningLocks, sessionById, usersOfPractices } from '../repos/security.ts';
import { deleteSession } from '../repos/sessions.ts';
import { toAuditEntry } from './audit-trail.ts';
import type { Caller } from './caller.ts';
import type { SessionLifetime } from './sessions.ts';

type UserRow = Awaited<ReturnType<typeof usersOfPractices>>[number];

function summary(row: UserRow): UserSummary {
  return {
    userId: Number(row.id),
    username: row.username,
    name: `${row.first_name} ${row.last_name}`,
    role: row.role,
  };
}

function failure(row: { at: string; details: string | null; action: string }): FailedSignIn {
  let details: { username?: unknown; address?: unknown } = {};
  try {
    details = row.details ? JSON.parse(row.details) : {};
  } catch {
    // A row written by hand: shown without its details.
  }
  return {
    at: row.at,
    username: typeof details.username === 'string' ? details.username : '',
    address: typeof details.address === 'string' ? details.address : null,
    locked: row.action === 'auth.login_locked',
  };
}

/** What a system administrator watches, over the users of the practices the caller may use. */
export async function securityDashboard(
  db: Db,
  caller: Caller,
  now: Date,
  lifetime: SessionLifetime,
): Promise<SecurityDashboard> {
  const practiceIds = caller.account.allowedPracticeIds;
  const users = await usersOfPractices(db, practiceIds);
  const byId = new Map(users.map((user) => [Number(user.id), user]));
  const byUsername = new Map(users.map((user) => [user.username.toLowerCase(), user]));

  const sessions = await liveSessions(
    db,
    [...byId.keys()],
    new Date(now.getTime() - lifetime.idleTimeoutMs).toISOString(),
    new Date(now.getTime() - lifetime.absoluteLifetimeMs).toISOString(),
  );
  const locks = await runningLocks(db, now);
  const failures = await recentFailedSignIns(db, RECENT_FAILURES);
  const changes = await auditRows(
    db,
    { practiceId: practiceIds, actions: PERMISSION_CHANGE_ACTIONS },
    { offset: 0, limit: RECENT_PERMISSION_CHANGES },
  );

  return {
    sessions: sessions.flatMap((session) => {
      const user = byId.get(Number(session.user_id));
      if (!user) return [];
      return [
        {
          ...summary(user),
          id: session.id,
          ipAddress: session.ip_address,
          userAgent: session.user_agent,
          startedAt: session.created_at,
          lastSeenAt: session.last_seen_at,
          current: session.id === caller.session.id,
        },
      ];
    }),
    // Every failure, named users' or not: guessing at names that do not exist is worth seeing too.
    failedSignIns: failures.map(failure),
    lockedAccounts: locks.flatMap((lock) => {
      const user = byUsername.get(lock.username);
      if (!user) return [];
      return [{ ...summary(user), lockedUntil: String(lock.locked_until), clients: Number(lock.clients) }];
    }),
    mustReset: users.filter((user) => Number(user.must_reset_password) === 1).map(summary),
    permissionChanges: changes.map(toAuditEntry),
  };
}

/** Ends one session of a user of the caller's practices: its holder is signed out on their next request. */
export async function endUserSession(db: Db, caller: Caller, sessionId: string, now: Date): Promise<void> {
  const session = await sessionById(db, sessionId);
  const users = session ? await usersOfPractices(db, caller.account.allowedPracticeIds) : [];
  if (!session || !users.some((user) => Number(user.id) === Number(session.user_id))) {
    throw new DomainError('NOT_FOUND', 'Session not found.');
  }
  await deleteSession(db, sessionId);
  await writeAudit(db, {
    at: now,
    userId: caller.account.row.id,
    practiceId: caller.session.currentPracticeId,
    action: 'security.session.end',
    entity: 'user',
    entityId: Number(session.user_id),
    details: { own: session.id === caller.session.id },
  });
}
