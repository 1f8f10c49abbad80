import { randomBytes } from 'node:crypto';
import { DomainError } from '@dental/domain/errors';
import {
  accountLockedMessage,
  MESSAGES,
  signInAddressLimitedMessage,
  signInThrottledMessage,
} from '@dental/domain/messages';
import type { User } from '@dental/domain/users/user';
import type { ServerSettings } from '../context.ts';
import type { Db } from '../db/connection.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { preferredPracticeId } from '../repos/preferences.ts';
import { findUserByUsername } from '../repos/users.ts';
import type { PasswordHasher } from './passwords.ts';
import { rateLimiter } from './rate-limits.ts';
import { signInLimits } from './security-policy.ts';
import { createSession } from './sessions.ts';
import {
  clearSignInFailures,
  recordSignInFailure,
  type SignInClient,
  type SignInPolicy,
  signInRefusal,
} from './sign-in-guard.ts';
import { hashDeviceToken, isTrustedDevice, trustDevice } from './trusted-devices.ts';
import { toPublicUser } from './users.ts';

export interface SignInAttempt {
  username: string;
  password: string;
  /** The client's address. */
  ip: string;
  /** The browser's trusted-device token, if it sent one. */
  deviceToken: string | undefined;
  /** The browser's User-Agent, kept with the session. */
  userAgent?: string | undefined;
}

export interface SignedIn {
  user: User;
  sessionToken: string;
  deviceSecret: string;
  /** The token the browser's device cookie must carry from now on. */
  deviceToken: string;
}

function secondsOf(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

function locked(remainingMs: number, lockoutMs: number): DomainError {
  return new DomainError('ACCOUNT_LOCKED', accountLockedMessage(Math.round(lockoutMs / 60_000)), {
    retryAfterMs: remainingMs,
  });
}

function signInPolicyOf(settings: ServerSettings): SignInPolicy {
  return {
    maxAttempts: settings.maxLoginAttempts,
    lockoutMs: settings.lockoutMs,
    throttleFreeFailures: settings.signInThrottleFreeFailures,
    throttleBaseDelayMs: settings.signInThrottleBaseDelayMs,
    throttleMaxDelayMs: settings.signInThrottleMaxDelayMs,
  };
}

/**
 * Sign-in for one app: attempts per address are counted (in memory on SQLite, in the database where
 * several processes share a PostgreSQL database), and locks and throttles are checked before any
 * password is hashed, so a refused attempt costs the server nothing.
 */
export function signInService(db: Db, settings: ServerSettings, hasher: PasswordHasher) {
  const basePolicy = signInPolicyOf(settings);
  const attemptsByAddress = rateLimiter(db, 'sign-in', {
    capacity: settings.signInPerAddressMax,
    windowMs: settings.signInPerAddressWindowMs,
  });
  let dummyHash: Promise<string> | undefined;
  const hashToCompareAgainst = () => {
    dummyHash ??= hasher.hash(randomBytes(16).toString('hex'));
    return dummyHash;
  };

  async function signIn(db: Db, attempt: SignInAttempt, now: Date): Promise<SignedIn> {
    // The lockout an administrator set (issue 21), read at each attempt; the server's settings otherwise.
    const policy = { ...basePolicy, ...(await signInLimits(db, settings)) };
    const byAddress = await attemptsByAddress.take(attempt.ip, now.getTime());
    if (!byAddress.allowed) {
      throw new DomainError('SIGN_IN_ADDRESS_LIMITED', signInAddressLimitedMessage(secondsOf(byAddress.retryAfterMs)), {
        retryAfterMs: byAddress.retryAfterMs,
      });
    }
    const account = await findUserByUsername(db, attempt.username);
    const { deviceToken } = attempt;
    const trusted =
      account !== undefined &&
      (await isTrustedDevice(db, deviceToken, account.row.id, now, settings.trustedDeviceLifetimeMs));
    const client: SignInClient = trusted
      ? { key: `device:${hashDeviceToken(deviceToken as string)}`, trusted }
      : { key: `ip:${attempt.ip}`, trusted };

    const refusal = await signInRefusal(db, attempt.username, client, now, policy);
    if (refusal.kind === 'locked') throw locked(refusal.remainingMs, policy.lockoutMs);
    if (refusal.kind === 'throttled') {
      throw new DomainError('SIGN_IN_THROTTLED', signInThrottledMessage(secondsOf(refusal.remainingMs)), {
        retryAfterMs: refusal.remainingMs,
      });
    }

    // Hash even for unknown names so response time does not reveal which usernames exist.
    let valid = false;
    if (account) {
      valid = await hasher.verify(attempt.password, account.row.password_hash);
    } else {
      await hasher.verify(attempt.password, await hashToCompareAgainst());
    }
    // A deactivated account (issue 21) is refused like a wrong password: nothing tells which it was.
    if (!account || !valid || account.row.is_active === 0 || account.allowedPracticeIds.length === 0) {
      const lockedFor = await recordSignInFailure(db, attempt.username, client, now, policy);
      await writeAudit(db, {
        at: now,
        userId: account?.row.id ?? null,
        practiceId: null,
        action: lockedFor > 0 ? 'auth.login_locked' : 'auth.login_failed',
        entity: 'user',
        entityId: account?.row.id ?? null,
        details: { username: attempt.username, address: attempt.ip, trustedDevice: trusted, locked: lockedFor > 0 },
      });
      if (lockedFor > 0) throw locked(lockedFor, policy.lockoutMs);
      throw new DomainError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
    }

    await attemptsByAddress.refund(attempt.ip, now.getTime());
    await clearSignInFailures(db, attempt.username, client);
    const keptDeviceToken = await trustDevice(db, deviceToken, account.row.id, now);
    // The practice the user chose in their preferences, else their home practice, else the first allowed.
    const preferred = await preferredPracticeId(db, account.row.id);
    const practiceId =
      preferred !== null && account.allowedPracticeIds.includes(preferred)
        ? preferred
        : account.allowedPracticeIds.includes(account.row.practice_id)
          ? account.row.practice_id
          : (account.allowedPracticeIds[0] as number);
    const { token, deviceSecret } = await createSession(db, account.row.id, practiceId, now, {
      ip: attempt.ip,
      userAgent: attempt.userAgent ?? null,
    });
    await writeAudit(db, {
      at: now,
      userId: account.row.id,
      practiceId,
      action: 'auth.login',
      entity: 'user',
      entityId: account.row.id,
    });
    return { user: toPublicUser(account, practiceId), sessionToken: token, deviceSecret, deviceToken: keptDeviceToken };
  }

  return { policy: basePolicy, signIn };
}
