import { DomainError } from '@dental/domain/errors';
import { MESSAGES } from '@dental/domain/messages';
import { can, type PermissionSubject } from '@dental/domain/permissions/can';
import type { Permission } from '@dental/domain/permissions/catalogue';
import type { AccountRecord } from '../repos/users.ts';
import type { SessionRecord } from './sessions.ts';

/** The signed-in user behind a request, with the session it came with. */
export interface Caller {
  account: AccountRecord;
  session: SessionRecord;
}

export function viewerOf(caller: Caller): PermissionSubject {
  return { role: caller.account.row.role, permissions: caller.account.permissions };
}

export function requirePermission(caller: Caller, permission: Permission): void {
  if (!can(viewerOf(caller), permission)) {
    throw new DomainError('PERMISSION_DENIED', MESSAGES.permissionDenied, {
      details: { requiredPermission: permission },
    });
  }
}

/** An id the caller may not use gets the same answer whether or not the practice exists. */
export function requirePracticeAccess(caller: Caller, practiceId: number): void {
  if (!caller.account.allowedPracticeIds.includes(practiceId)) {
    throw new DomainError('PRACTICE_ACCESS_DENIED', MESSAGES.accessDeniedPractice);
  }
}

/** A user who must still replace a temporary password may do nothing else yet. */
export function requireNoPendingPasswordReset(caller: Caller): void {
  if (caller.account.row.must_reset_password === 1) {
    throw new DomainError('PASSWORD_RESET_REQUIRED', MESSAGES.passwordResetRequired, {
      details: { mustResetPassword: true },
    });
  }
}
