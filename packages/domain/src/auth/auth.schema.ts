import * as v from 'valibot';
import { SECURITY } from '../constants.ts';
import { LanguageSchema } from '../i18n/language.ts';
import { MESSAGES } from '../messages.ts';
import { jsonObject } from '../validation/fields.ts';

export const loginBodySchema = jsonObject({
  username: v.pipe(
    v.string(MESSAGES.usernameRequired),
    v.trim(),
    v.nonEmpty(MESSAGES.usernameRequired),
    v.maxLength(100, 'username must be at most 100 characters'),
  ),
  password: v.pipe(
    v.string(MESSAGES.passwordRequired),
    v.nonEmpty(MESSAGES.passwordRequired),
    v.maxLength(200, 'password must be at most 200 characters'),
  ),
});
export type LoginBody = v.InferOutput<typeof loginBodySchema>;

export const resetPasswordBodySchema = jsonObject({
  newPassword: v.pipe(
    v.string(MESSAGES.passwordTooShort),
    v.minLength(SECURITY.minPasswordLength, MESSAGES.passwordTooShort),
    v.maxLength(200, 'newPassword must be at most 200 characters'),
  ),
});
export type ResetPasswordBody = v.InferOutput<typeof resetPasswordBodySchema>;

/** PUT /api/auth/me/language. */
export const languageBodySchema = jsonObject({ language: LanguageSchema });
