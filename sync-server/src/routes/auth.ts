import { randomBytes } from 'node:crypto';
import { loginBodySchema, resetPasswordBodySchema } from '@dental/domain/auth/auth.schema';
import { accountLockedMessage, MESSAGES } from '@dental/domain/messages';
import { can } from '@dental/domain/permissions/can';
import { positiveId } from '@dental/domain/validation/fields';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../context.ts';
import { writeAudit } from '../plugins/audit.ts';
import { HttpError, notFound, unauthorized } from '../plugins/http-error.ts';
import { defineRoute, type RouteRegistry } from '../plugins/route.ts';
import { clearFailures, lockRemainingMs, recordFailure } from '../services/lockout.ts';
import { createSession, deleteOtherSessions, deleteSessionByToken, SESSION_COOKIE } from '../services/sessions.ts';
import { findUserById, findUserByUsername, toPublicUser } from '../services/users.ts';

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

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
}

export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  const { settings } = deps;
  const lockPolicy = { maxAttempts: settings.maxLoginAttempts, lockoutMs: settings.lockoutMs };
  let dummyHash: Promise<string> | undefined;
  const hashToCompareAgainst = () => {
    dummyHash ??= deps.hasher.hash(randomBytes(16).toString('hex'));
    return dummyHash;
  };

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/auth/login',
    tag: 'Authentication',
    summary: 'Sign in with username and password; sets the HttpOnly session cookie.',
    access: 'public',
    // A failed attempt must still be counted and audited even though the request is refused.
    transactional: false,
    body: loginBodySchema,
    responses: { 200: 'Signed in', 401: 'Wrong username or password', 429: 'Username locked after repeated failures' },
    handler: async ({ db, request, reply, body, now }) => {
      const remaining = await lockRemainingMs(db, body.username, now);
      if (remaining > 0) throw lockedError(remaining, settings.lockoutMs);

      const account = await findUserByUsername(db, body.username);
      // Hash even for unknown names so response time does not reveal which usernames exist.
      let valid = false;
      if (account) {
        valid = await deps.hasher.verify(body.password, account.row.password_hash);
      } else {
        await deps.hasher.verify(body.password, await hashToCompareAgainst());
      }
      if (!account || !valid || account.allowedPracticeIds.length === 0) {
        const lockedFor = await recordFailure(db, body.username, now, lockPolicy);
        await writeAudit(db, {
          at: now,
          userId: account?.row.id ?? null,
          practiceId: null,
          action: 'auth.login_failed',
          entity: 'user',
          entityId: account?.row.id ?? null,
          details: { username: body.username, locked: lockedFor > 0 },
        });
        if (lockedFor > 0) throw lockedError(lockedFor, settings.lockoutMs);
        throw unauthorized(MESSAGES.invalidCredentials);
      }

      await clearFailures(db, body.username);
      const practiceId = account.allowedPracticeIds.includes(account.row.practice_id)
        ? account.row.practice_id
        : (account.allowedPracticeIds[0] as number);
      const { token, deviceSecret } = await createSession(db, account.row.id, practiceId, now);
      setSessionCookie(request, reply, token);
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
    responses: { 200: 'Password updated', 400: 'Password too short', 403: 'Not allowed', 404: 'No such user' },
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
      const target = self ? caller.account : await findUserById(db, params.id);
      // Users outside every practice the actor can reach are reported as missing, not as forbidden.
      const shared = target?.allowedPracticeIds.some((id) => caller.account.allowedPracticeIds.includes(id));
      if (!target || !shared) throw notFound('User not found.');

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
}
