import { randomBytes } from 'node:crypto';
import { loginBodySchema, resetPasswordBodySchema } from '@dental/domain/auth/auth.schema';
import {
  accountLockedMessage,
  MESSAGES,
  signInAddressLimitedMessage,
  signInThrottledMessage,
} from '@dental/domain/messages';
import { can } from '@dental/domain/permissions/can';
import { positiveId } from '@dental/domain/validation/fields';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../context.ts';
import type { Db } from '../db/connection.ts';
import { writeAudit } from '../plugins/audit.ts';
import { badRequest, HttpError, notFound, unauthorized } from '../plugins/http-error.ts';
import { tooManyRequests } from '../plugins/rate-limit.ts';
import { type Caller, defineRoute, type RouteRegistry } from '../plugins/route.ts';
import { TokenBuckets } from '../plugins/token-buckets.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../services/common-passwords.ts';
import { createSession, deleteOtherSessions, deleteSessionByToken, SESSION_COOKIE } from '../services/sessions.ts';
import {
  clearSignInFailures,
  recordSignInFailure,
  type SignInClient,
  signInRefusal,
  signInStatus,
  unlockSignIn,
} from '../services/sign-in-guard.ts';
import { DEVICE_COOKIE, hashDeviceToken, isTrustedDevice, trustDevice } from '../services/trusted-devices.ts';
import { type AccountRecord, findUserById, findUserByUsername, toPublicUser } from '../services/users.ts';

function secondsOf(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

function lockedError(remainingMs: number, lockoutMs: number): HttpError {
  return new HttpError(
    429,
    {
      error: 'Account locked',
      message: accountLockedMessage(Math.round(lockoutMs / 60_000)),
      retryAfterSeconds: Math.ceil(remainingMs / 1000),
    },
    { 'retry-after': String(Math.ceil(remainingMs / 1000)) },
  );
}

/** Secure whenever the request came over HTTPS, and always behind the TLS proxy TRUST_PROXY declares. */
function secureCookies(deps: AppDeps, request: FastifyRequest): boolean {
  return deps.settings.trustProxy !== false || request.protocol === 'https';
}

function setSessionCookie(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookies(deps, request),
  });
}

function setDeviceCookie(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(DEVICE_COOKIE, token, {
    // Only sign-in reads it.
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookies(deps, request),
    maxAge: Math.floor(deps.settings.trustedDeviceLifetimeMs / 1000),
  });
}

/** A user another user may manage: one sharing a practice; anyone else is reported as missing. */
async function managedUser(db: Db, caller: Caller, id: number): Promise<AccountRecord> {
  const target = caller.account.row.id === id ? caller.account : await findUserById(db, id);
  const shared = target?.allowedPracticeIds.some((practiceId) =>
    caller.account.allowedPracticeIds.includes(practiceId),
  );
  if (!target || !shared) throw notFound('User not found.');
  return target;
}

export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  const { settings } = deps;
  const signInPolicy = {
    maxAttempts: settings.maxLoginAttempts,
    lockoutMs: settings.lockoutMs,
    throttleFreeFailures: settings.signInThrottleFreeFailures,
    throttleBaseDelayMs: settings.signInThrottleBaseDelayMs,
    throttleMaxDelayMs: settings.signInThrottleMaxDelayMs,
  };
  const attemptsByAddress = new TokenBuckets({
    capacity: settings.signInPerAddressMax,
    windowMs: settings.signInPerAddressWindowMs,
  });
  let dummyHash: Promise<string> | undefined;
  const hashToCompareAgainst = () => {
    dummyHash ??= deps.hasher.hash(randomBytes(16).toString('hex'));
    return dummyHash;
  };

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/auth/login',
    tag: 'Authentication',
    summary:
      'Sign in with username and password; sets the HttpOnly session cookie. Refused with 429 and Retry-After, ' +
      'before any password check, past 100 failed attempts per address in 15 minutes, while five failures from ' +
      'this client lock the username here for 15 minutes, and while failures spread over other clients throttle it.',
    access: 'public',
    // A failed attempt must still be counted and audited even though the request is refused.
    transactional: false,
    body: loginBodySchema,
    responses: {
      200: 'Signed in',
      401: 'Wrong username or password',
      429: 'Too many attempts from this address, the username locked for this client, or throttled (Retry-After)',
    },
    handler: async ({ db, request, reply, body, now }) => {
      const byAddress = attemptsByAddress.take(request.ip, now.getTime());
      if (!byAddress.allowed) {
        throw tooManyRequests(signInAddressLimitedMessage(secondsOf(byAddress.retryAfterMs)), byAddress.retryAfterMs);
      }
      const account = await findUserByUsername(db, body.username);
      const deviceToken = request.cookies[DEVICE_COOKIE];
      const trusted =
        account !== undefined &&
        (await isTrustedDevice(db, deviceToken, account.row.id, now, settings.trustedDeviceLifetimeMs));
      const client: SignInClient = trusted
        ? { key: `device:${hashDeviceToken(deviceToken as string)}`, trusted }
        : { key: `ip:${request.ip}`, trusted };

      const refusal = await signInRefusal(db, body.username, client, now, signInPolicy);
      if (refusal.kind === 'locked') throw lockedError(refusal.remainingMs, settings.lockoutMs);
      if (refusal.kind === 'throttled') {
        throw tooManyRequests(signInThrottledMessage(secondsOf(refusal.remainingMs)), refusal.remainingMs);
      }

      // Hash even for unknown names so response time does not reveal which usernames exist.
      let valid = false;
      if (account) {
        valid = await deps.hasher.verify(body.password, account.row.password_hash);
      } else {
        await deps.hasher.verify(body.password, await hashToCompareAgainst());
      }
      if (!account || !valid || account.allowedPracticeIds.length === 0) {
        const lockedFor = await recordSignInFailure(db, body.username, client, now, signInPolicy);
        await writeAudit(db, {
          at: now,
          userId: account?.row.id ?? null,
          practiceId: null,
          action: lockedFor > 0 ? 'auth.login_locked' : 'auth.login_failed',
          entity: 'user',
          entityId: account?.row.id ?? null,
          details: { username: body.username, address: request.ip, trustedDevice: trusted, locked: lockedFor > 0 },
        });
        if (lockedFor > 0) throw lockedError(lockedFor, settings.lockoutMs);
        throw unauthorized(MESSAGES.invalidCredentials);
      }

      attemptsByAddress.refund(request.ip, now.getTime());
      await clearSignInFailures(db, body.username, client);
      setDeviceCookie(deps, request, reply, await trustDevice(db, deviceToken, account.row.id, now));
      const practiceId = account.allowedPracticeIds.includes(account.row.practice_id)
        ? account.row.practice_id
        : (account.allowedPracticeIds[0] as number);
      const { token, deviceSecret } = await createSession(db, account.row.id, practiceId, now);
      setSessionCookie(deps, request, reply, token);
      await writeAudit(db, {
        at: now,
        userId: account.row.id,
        practiceId,
        action: 'auth.login',
        entity: 'user',
        entityId: account.row.id,
      });
      const user = toPublicUser(account, practiceId);
      return {
        success: true,
        user,
        mustResetPassword: user.mustResetPassword,
        requiresPasswordReset: user.mustResetPassword,
        deviceSecret,
      };
    },
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/auth/me',
    tag: 'Authentication',
    summary: 'The signed-in user, with allowed practices and permission overrides.',
    access: 'signed-in',
    practiceScoped: false,
    allowedDuringPasswordReset: true,
    handler: async ({ caller }) => ({
      user: toPublicUser(caller.account, caller.session.currentPracticeId),
      deviceSecret: caller.session.deviceSecret,
    }),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/auth/logout',
    tag: 'Authentication',
    summary: 'End the session and clear its cookie. Succeeds even when no session exists.',
    access: 'public',
    handler: async ({ db, request, reply, now }) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) {
        await deleteSessionByToken(db, token);
        await writeAudit(db, {
          at: now,
          userId: null,
          practiceId: null,
          action: 'auth.logout',
          entity: 'session',
          entityId: null,
        });
      }
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { success: true };
    },
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/users/:id/reset-password',
    tag: 'Authentication',
    summary:
      'Set a new password. Users reset their own; holders of settings.users reset others, who must then choose their own at next sign-in.',
    access: 'signed-in',
    practiceScoped: false,
    allowedDuringPasswordReset: true,
    params: v.object({ id: positiveId('id') }),
    body: resetPasswordBodySchema,
    responses: {
      200: 'Password updated',
      400: 'Password too short, or among the most common passwords',
      403: 'Not allowed',
      404: 'No such user',
    },
    handler: async ({ db, caller, params, body, now }) => {
      const self = caller.account.row.id === params.id;
      if (!self) {
        if (caller.account.row.must_reset_password === 1) {
          throw new HttpError(403, {
            error: 'Password reset required',
            message: MESSAGES.passwordResetRequired,
            mustResetPassword: true,
          });
        }
        const actor = { role: caller.account.row.role, permissions: caller.account.permissions };
        if (!can(actor, 'settings.users')) {
          throw new HttpError(403, {
            error: 'Forbidden',
            message: MESSAGES.permissionDenied,
            requiredPermission: 'settings.users',
          });
        }
      }
      // Users outside every practice the actor can reach are reported as missing, not as forbidden.
      const target = await managedUser(db, caller, params.id);
      if (await isCommonPassword(body.newPassword)) {
        throw badRequest([{ field: 'newPassword', message: COMMON_PASSWORD_MESSAGE }]);
      }

      const passwordHash = await deps.hasher.hash(body.newPassword);
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, must_reset_password: self ? 0 : 1, updated_at: now.toISOString() })
        .where('id', '=', target.row.id)
        .execute();
      await deleteOtherSessions(db, target.row.id, self ? caller.session.id : null);
      await writeAudit(db, {
        at: now,
        userId: caller.account.row.id,
        practiceId: caller.session.currentPracticeId,
        action: 'user.reset_password',
        entity: 'user',
        entityId: target.row.id,
      });
      return { success: true, message: 'Your password has been successfully updated.' };
    },
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/users/:id/sign-in-status',
    tag: 'Authentication',
    summary:
      'Sign-in locks of a user (per address or trusted device, with their end) and the recent failures from ' +
      'other clients that throttle it, for an administrator answering "I am locked out".',
    access: 'signed-in',
    permission: 'settings.users',
    practiceScoped: false,
    params: v.object({ id: positiveId('id') }),
    responses: { 200: '{ locks: [{ client, lockedUntil }], recentFailures }', 404: 'No such user' },
    handler: async ({ db, caller, params, now }) => {
      const target = await managedUser(db, caller, params.id);
      return signInStatus(db, target.row.username, now, signInPolicy);
    },
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/users/:id/unlock',
    tag: 'Authentication',
    summary: 'End every sign-in lock of a user and forget the failures that throttle it (settings.users); audited.',
    access: 'signed-in',
    permission: 'settings.users',
    practiceScoped: false,
    params: v.object({ id: positiveId('id') }),
    responses: { 200: '{ success, locksRemoved }', 404: 'No such user' },
    handler: async ({ db, caller, params, now }) => {
      const target = await managedUser(db, caller, params.id);
      const locksRemoved = await unlockSignIn(db, target.row.username, now);
      await writeAudit(db, {
        at: now,
        userId: caller.account.row.id,
        practiceId: caller.session.currentPracticeId,
        action: 'user.unlock_sign_in',
        entity: 'user',
        entityId: target.row.id,
        details: { locksRemoved },
      });
      return { success: true, locksRemoved };
    },
  });
}
