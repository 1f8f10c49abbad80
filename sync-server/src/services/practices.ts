import { DomainError } from '@dental/domain/errors';
import { MESSAGES } from '@dental/domain/messages';
import type { Practice } from '@dental/domain/practices/practice';
import type { Db } from '../db/connection.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { practicesByIds } from '../repos/practices.ts';
import { setSessionPractice } from '../repos/sessions.ts';
import { type Caller, requirePracticeAccess } from './caller.ts';
import { toPublicUser } from './users.ts';

/** Makes another accessible practice the session's current practice; audited. */
export async function switchPractice(db: Db, caller: Caller, practiceId: number, now: Date) {
  requirePracticeAccess(caller, practiceId);
  await setSessionPractice(db, caller.session.id, practiceId);
  await writeAudit(db, {
    at: now,
    userId: caller.account.row.id,
    practiceId,
    action: 'practice.switch',
    entity: 'session',
    entityId: null,
    details: { from: caller.session.currentPracticeId },
  });
  const [practice] = await practicesByIds(db, [practiceId]);
  return { success: true, currentPracticeId: practiceId, practice, user: toPublicUser(caller.account, practiceId) };
}

/** A practice the caller may access; any other id gets the same answer whether or not it exists. */
export async function practiceFor(db: Db, caller: Caller, practiceId: number): Promise<Practice> {
  requirePracticeAccess(caller, practiceId);
  const [practice] = await practicesByIds(db, [practiceId]);
  if (!practice) throw new DomainError('PRACTICE_ACCESS_DENIED', MESSAGES.accessDeniedPractice);
  return practice;
}
