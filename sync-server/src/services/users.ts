import { USER_AUDIT_ACTIONS } from '@dental/domain/audit/audit';
import { DomainError, invalidInput } from '@dental/domain/errors';
import { isLanguage, type Language } from '@dental/domain/i18n/language';
import type { User } from '@dental/domain/users/user';
import type { Db } from '../db/connection.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { deleteUserSessions } from '../repos/sessions.ts';
import { type AccountRecord, findUserById, setLanguage, setPassword, toStaffMember } from '../repos/users.ts';
import { type Caller, requireNoPendingPasswordReset, requirePermission } from './caller.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords.ts';
import type { PasswordHasher } from './passwords.ts';
import { type SignInPolicy, type SignInStatus, signInStatus, unlockSignIn } from './sign-in-guard.ts';

export function toPublicUser(account: AccountRecord, currentPracticeId: number): User {
  return {
    ...toStaffMember(account.row),
    allowedPracticeIds: account.allowedPracticeIds,
    currentPracticeId,
    mustResetPassword: account.row.must_reset_password === 1,
    language: isLanguage(account.row.language) ? account.row.language : null,
    permissions: account.permissions,
  };
}

/** A user another user may manage: one sharing a practice; anyone else is reported as missing, not as forbidden. */
async function managedUser(db: Db, caller: Caller, id: number): Promise<AccountRecord> {
  const target = caller.account.row.id === id ? caller.account : await findUserById(db, id);
  const shared = target?.allowedPracticeIds.some((practiceId) =>
    caller.account.allowedPracticeIds.includes(practiceId),
  );
  if (!target || !shared) throw new DomainError('NOT_FOUND', 'User not found.');
  return target;
}

/**
 * Users reset their own password; holders of settings.users reset others', who must then choose their
 * own at next sign-in. Every other session of the user ends.
 */
export async function resetPassword(
  db: Db,
  caller: Caller,
  change: { userId: number; newPassword: string; now: Date },
  hasher: PasswordHasher,
): Promise<void> {
  const self = caller.account.row.id === change.userId;
  if (!self) {
    requireNoPendingPasswordReset(caller);
    requirePermission(caller, 'settings.users');
  }
  const target = await managedUser(db, caller, change.userId);
  if (await isCommonPassword(change.newPassword)) {
    throw invalidInput([{ field: 'newPassword', message: COMMON_PASSWORD_MESSAGE }], 'COMMON_PASSWORD');
  }
  const passwordHash = await hasher.hash(change.newPassword);
  await setPassword(db, target.row.id, { passwordHash, mustReset: !self, at: change.now });
  await deleteUserSessions(db, target.row.id, self ? caller.session.id : null);
  await writeAudit(db, {
    at: change.now,
    userId: caller.account.row.id,
    practiceId: caller.session.currentPracticeId,
    action: USER_AUDIT_ACTIONS.resetPassword,
    entity: 'user',
    entityId: target.row.id,
  });
}

export async function userSignInStatus(
  db: Db,
  caller: Caller,
  userId: number,
  now: Date,
  policy: SignInPolicy,
): Promise<SignInStatus> {
  const target = await managedUser(db, caller, userId);
  return signInStatus(db, target.row.username, now, policy);
}

/** Ends every sign-in lock of the user at once; audited. Returns how many locks there were. */
export async function unlockUser(db: Db, caller: Caller, userId: number, now: Date): Promise<number> {
  const target = await managedUser(db, caller, userId);
  const locksRemoved = await unlockSignIn(db, target.row.username, now);
  await writeAudit(db, {
    at: now,
    userId: caller.account.row.id,
    practiceId: caller.session.currentPracticeId,
    action: USER_AUDIT_ACTIONS.unlockSignIn,
    entity: 'user',
    entityId: target.row.id,
    details: { locksRemoved },
  });
  return locksRemoved;
}

/** Users choose their own language; it follows them to every device they sign in on. */
export async function chooseLanguage(db: Db, caller: Caller, language: Language, now: Date): Promise<void> {
  await setLanguage(db, caller.account.row.id, language, now);
}
