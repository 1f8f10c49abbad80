import * as v from 'valibot';
import { SECURITY } from '../constants.ts';
import { LANGUAGE_INVALID, LANGUAGES } from '../i18n/language.ts';
import { fill } from '../i18n/text.ts';
import { MESSAGES } from '../messages.ts';
import { FIELD_TEXTS, jsonObject } from '../validation/fields.ts';

export const loginBodySchema = jsonObject({
  username: v.pipe(
    v.string(MESSAGES.usernameRequired),
    v.trim(),
    v.nonEmpty(MESSAGES.usernameRequired),
    v.maxLength(100, fill(FIELD_TEXTS.maxLength, { field: 'username', max: 100 })),
  ),
  password: v.pipe(
    v.string(MESSAGES.passwordRequired),
    v.nonEmpty(MESSAGES.passwordRequired),
    v.maxLength(200, fill(FIELD_TEXTS.maxLength, { field: 'password', max: 200 })),
  ),
});
export type LoginBody = v.InferOutput<typeof loginBodySchema>;

export const resetPasswordBodySchema = jsonObject({
  newPassword: v.pipe(
    v.string(MESSAGES.passwordTooShort),
    v.minLength(SECURITY.minPasswordLength, MESSAGES.passwordTooShort),
    v.maxLength(200, fill(FIELD_TEXTS.maxLength, { field: 'newPassword', max: 200 })),
  ),
});
export type ResetPasswordBody = v.InferOutput<typeof resetPasswordBodySchema>;

/** PUT /api/auth/me/language. */
// Here rather than beside LANGUAGES: the patients' pages read the languages without loading valibot.
const LanguageSchema = v.picklist(LANGUAGES, LANGUAGE_INVALID.message);

export const languageBodySchema = jsonObject({ language: LanguageSchema });
