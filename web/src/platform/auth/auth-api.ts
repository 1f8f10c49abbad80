import { REQUESTS } from '@dental/domain/constants';
import { MESSAGES } from '@dental/domain/messages';
import type { User } from '@dental/domain/users/user';
import { t } from '@lingui/core/macro';
import { ApiError, apiRequest, NetworkError } from '../api/api.ts';
import { domainText } from '../i18n/domain-text.ts';
import { serverErrorText } from '../i18n/server-error.ts';

export interface LoginResult {
  user: User;
  mustResetPassword: boolean;
  /** Wraps the local data key for this session, so reloads do not ask for the password. */
  deviceSecret: string | null;
}

export type SessionCheck =
  | { kind: 'signed-in'; user: User; deviceSecret: string | null }
  | { kind: 'signed-out' }
  | { kind: 'failed'; message: string };

/** GET /api/auth/me with the spec's 10 s timeout; any failure counts as signed out. */
export async function checkSession(): Promise<SessionCheck> {
  try {
    const body = await apiRequest<{ user?: User; deviceSecret?: string | null }>('/api/auth/me', {
      practiceId: null,
      timeoutMs: REQUESTS.authCheckTimeoutMs,
    });
    return body?.user
      ? { kind: 'signed-in', user: body.user, deviceSecret: body.deviceSecret ?? null }
      : { kind: 'signed-out' };
  } catch (error) {
    if (error instanceof NetworkError) {
      return {
        kind: 'failed',
        message: error.timedOut ? 'Authentication check timed out' : 'Network error during authentication check',
      };
    }
    return { kind: 'signed-out' };
  }
}

/** The texts of spec 8 for each way a sign-in can fail, in the language shown (the server's words through domainText). */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 502) return t`Server is temporarily unavailable. Please try again in a moment.`;
    if (error.status === 503) return t`Service temporarily unavailable. Please try again later.`;
    const body = error.body as { error?: unknown; message?: unknown } | null;
    if (body && typeof body.message === 'string' && body.message) return serverErrorText(body) ?? body.message;
    if (body && typeof body.error === 'string' && body.error) return domainText(body.error);
    const status = error.status;
    return t`Login failed (${status})`;
  }
  if (error instanceof NetworkError) return t`Network error occurred`;
  if (error instanceof Error) return domainText(error.message);
  return t`An unexpected error occurred`;
}

export async function login(username: string, password: string): Promise<LoginResult> {
  const body = await apiRequest<{
    success?: unknown;
    user?: User;
    mustResetPassword?: unknown;
    deviceSecret?: unknown;
  }>('/api/auth/login', {
    method: 'POST',
    practiceId: null,
    body: { username, password },
  });
  if (body?.success !== true || !body.user) throw new Error(MESSAGES.invalidLoginResponse);
  return {
    user: body.user,
    mustResetPassword: body.mustResetPassword === true || body.user.mustResetPassword,
    deviceSecret: typeof body.deviceSecret === 'string' ? body.deviceSecret : null,
  };
}

export async function logout(): Promise<void> {
  await apiRequest('/api/auth/logout', { method: 'POST', practiceId: null });
}

export async function resetPassword(userId: number, newPassword: string): Promise<void> {
  await apiRequest(`/api/users/${userId}/reset-password`, { method: 'POST', practiceId: null, body: { newPassword } });
}
