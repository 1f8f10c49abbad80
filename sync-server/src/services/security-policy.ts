import type { SecurityPolicy } from '@dental/domain/settings/admin';
import type { ServerSettings } from '../context.ts';
import type { Db } from '../db/connection.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { readSecurityPolicyRow, saveSecurityPolicyRow } from '../repos/security-policy.ts';
import type { Caller } from './caller.ts';

const MINUTE_MS = 60_000;

/**
 * The policy in force: what an administrator saved, else the server's settings (spec 9's numbers).
 * Read from the database where it is used, so a change applies to the next request of every process.
 */
export async function securityPolicy(db: Db, settings: ServerSettings): Promise<SecurityPolicy> {
  const row = await readSecurityPolicyRow(db);
  return {
    idleTimeoutMinutes: row?.idle_timeout_minutes ?? Math.round(settings.sessionIdleTimeoutMs / MINUTE_MS),
    maxLoginAttempts: row?.max_login_attempts ?? settings.maxLoginAttempts,
    lockoutMinutes: row?.lockout_minutes ?? Math.round(settings.lockoutMs / MINUTE_MS),
  };
}

/** The idle timeout in force, in milliseconds (the settings' own when none was saved). */
export async function idleTimeoutMs(db: Db, settings: ServerSettings): Promise<number> {
  const row = await readSecurityPolicyRow(db);
  return row?.idle_timeout_minutes ? row.idle_timeout_minutes * MINUTE_MS : settings.sessionIdleTimeoutMs;
}

export async function saveSecurityPolicy(
  db: Db,
  caller: Caller,
  settings: ServerSettings,
  policy: SecurityPolicy,
  at: Date,
): Promise<SecurityPolicy> {
  const before = await securityPolicy(db, settings);
  await saveSecurityPolicyRow(db, { ...policy, at });
  await writeAudit(db, {
    at,
    userId: caller.account.row.id,
    practiceId: caller.session.currentPracticeId,
    action: 'settings.security',
    entity: 'security_policy',
    entityId: 1,
    details: { from: before, to: policy },
  });
  return policy;
}

/** The sign-in lock in force: failures before a lock and its length, exact (the settings' own when none was saved). */
export async function signInLimits(
  db: Db,
  settings: ServerSettings,
): Promise<{ maxAttempts: number; lockoutMs: number }> {
  const row = await readSecurityPolicyRow(db);
  return {
    maxAttempts: row?.max_login_attempts ?? settings.maxLoginAttempts,
    lockoutMs: row?.lockout_minutes ? row.lockout_minutes * MINUTE_MS : settings.lockoutMs,
  };
}
