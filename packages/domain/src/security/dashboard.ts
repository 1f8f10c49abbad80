import { type AuditEntry, USER_AUDIT_ACTIONS } from '../audit/audit.ts';

/** The security dashboard's answer: everything system.admin watches, for the users of the caller's practices. */
export interface SecurityDashboard {
  sessions: ActiveSession[];
  failedSignIns: FailedSignIn[];
  lockedAccounts: LockedAccount[];
  mustReset: UserSummary[];
  permissionChanges: AuditEntry[];
}

export interface UserSummary {
  userId: number;
  username: string;
  name: string;
  role: string | null;
}

export interface ActiveSession extends UserSummary {
  /** The session's stored id (a hash of its cookie, useless as a cookie): what DELETE takes. */
  id: string;
  ipAddress: string | null;
  userAgent: string | null;
  startedAt: string;
  lastSeenAt: string;
  /** The caller's own session. */
  current: boolean;
}

export interface FailedSignIn {
  at: string;
  username: string;
  address: string | null;
  /** The attempt locked the username for its client. */
  locked: boolean;
}

export interface LockedAccount extends UserSummary {
  lockedUntil: string;
  /** How many clients (addresses or trusted devices) the username is locked for. */
  clients: number;
}

/**
 * The audit actions the dashboard lists as permission changes: new users, overrides, deactivations, and
 * updates (a role or a practice changed is a user.update with the change in its details).
 */
export const PERMISSION_CHANGE_ACTIONS = [
  USER_AUDIT_ACTIONS.create,
  USER_AUDIT_ACTIONS.update,
  USER_AUDIT_ACTIONS.permissions,
  USER_AUDIT_ACTIONS.deactivate,
] as const;

export const RECENT_FAILURES = 50;
export const RECENT_PERMISSION_CHANGES = 50;
