import { languageBodySchema, loginBodySchema, resetPasswordBodySchema } from '@dental/domain/auth/auth.schema';
import { positiveId } from '@dental/domain/validation/fields';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../context.ts';
import { writeAudit } from '../../repos/audit-log.ts';
import { endSession } from '../../services/sessions.ts';
import { signInService } from '../../services/sign-in.ts';
import { chooseLanguage, resetPassword, toPublicUser, unlockUser, userSignInStatus } from '../../services/users.ts';
import { answerWith } from '../answer.ts';
import { clearSessionCookie, DEVICE_COOKIE, deviceCookie, SESSION_COOKIE, sessionCookie } from '../cookies.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

const userParams = v.object({ id: positiveId('id') });

export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  const { settings } = deps;
  const signIn = signInService(deps.db, settings, deps.hasher);

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
    handler: async ({ db, client, body, now }) => {
      const signedIn = await signIn.signIn(
        db,
        { ...body, ip: client.ip, deviceToken: client.cookies[DEVICE_COOKIE], userAgent: client.userAgent },
        now,
      );
      const { user } = signedIn;
      return answerWith(
        {
          success: true,
          user,
          mustResetPassword: user.mustResetPassword,
          requiresPasswordReset: user.mustResetPassword,
          deviceSecret: signedIn.deviceSecret,
        },
        {
          cookies: [
            deviceCookie(settings, client, signedIn.deviceToken),
            sessionCookie(settings, client, signedIn.sessionToken),
          ],
        },
      );
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
    method: 'PUT',
    url: '/api/auth/me/language',
    tag: 'Authentication',
    summary: "The signed-in user's language, 'en' or 'fr'; every device they sign in on follows it.",
    access: 'signed-in',
    practiceScoped: false,
    allowedDuringPasswordReset: true,
    body: languageBodySchema,
    responses: { 200: 'Language stored', 400: 'Not en or fr' },
    handler: async ({ db, caller, body, now }) => {
      await chooseLanguage(db, caller, body.language, now);
      return { success: true, language: body.language };
    },
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/auth/logout',
    tag: 'Authentication',
    summary: 'End the session and clear its cookie. Succeeds even when no session exists.',
    access: 'public',
    handler: async ({ db, client, now }) => {
      const token = client.cookies[SESSION_COOKIE];
      if (token) {
        await endSession(db, token);
        await writeAudit(db, {
          at: now,
          userId: null,
          practiceId: null,
          action: 'auth.logout',
          entity: 'session',
          entityId: null,
        });
      }
      return answerWith({ success: true }, { cookies: [clearSessionCookie()] });
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
    params: userParams,
    body: resetPasswordBodySchema,
    responses: {
      200: 'Password updated',
      400: 'Password too short, or among the most common passwords',
      403: 'Not allowed',
      404: 'No such user',
    },
    handler: async ({ db, caller, params, body, now }) => {
      await resetPassword(db, caller, { userId: params.id, newPassword: body.newPassword, now }, deps.hasher);
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
    params: userParams,
    responses: { 200: '{ locks: [{ client, lockedUntil }], recentFailures }', 404: 'No such user' },
    handler: async ({ db, caller, params, now }) => userSignInStatus(db, caller, params.id, now, signIn.policy),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/users/:id/unlock',
    tag: 'Authentication',
    summary: 'End every sign-in lock of a user and forget the failures that throttle it (settings.users); audited.',
    access: 'signed-in',
    permission: 'settings.users',
    practiceScoped: false,
    params: userParams,
    responses: { 200: '{ success, locksRemoved }', 404: 'No such user' },
    handler: async ({ db, caller, params, now }) => ({
      success: true,
      locksRemoved: await unlockUser(db, caller, params.id, now),
    }),
  });
}
