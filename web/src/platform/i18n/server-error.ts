import type { ErrorCode } from '@dental/domain/error-codes';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { domainText } from './domain-text.ts';
import { i18n } from './i18n.ts';

/**
 * What each code means when the English message is none of the domain's texts (a refusal worded on
 * the server): the reader still learns what went wrong, in their language.
 */
const CODE_TEXTS: Partial<Record<ErrorCode, MessageDescriptor>> = {
  FIELD_REQUIRED: msg`A required field is missing.`,
  FIELD_INVALID: msg`A field is not valid.`,
  VALIDATION_FAILED: msg`The request is not valid.`,
  REFERENCE_INVALID: msg`Something this refers to no longer exists in this practice.`,
  BOOKING_RULE: msg`This booking breaks one of the practice's scheduling rules.`,
  TIME_INVALID: msg`This time is not valid.`,
  NOT_SIGNED_IN: msg`You are not signed in. Please sign in to continue.`,
  SESSION_EXPIRED: msg`Your session has expired. Please sign in again.`,
  INVALID_CREDENTIALS: msg`Invalid username or password`,
  PERMISSION_DENIED: msg`You don't have permission to perform this action.`,
  PRACTICE_ACCESS_DENIED: msg`Access denied to this practice`,
  PASSWORD_RESET_REQUIRED: msg`You must reset your password before you can continue.`,
  NOT_FOUND: msg`The requested resource was not found.`,
  SCHEDULING_CONFLICT: msg`Scheduling conflict`,
  STATUS_TRANSITION: msg`This appointment cannot change to that status.`,
  PATIENT_DUPLICATE: msg`This patient may already exist.`,
  PATIENT_HAS_APPOINTMENTS: msg`This patient has appointments.`,
  ID_TAKEN: msg`This id is already in use. Create the record again with a new id.`,
  ABSENCE_OVERLAP: msg`This absence overlaps another one.`,
  RATE_LIMITED: msg`Too many requests. Please wait a moment and try again.`,
  ACCOUNT_LOCKED: msg`Too many failed sign-in attempts. This account is locked for a while. Please try again later.`,
  BODY_TOO_LARGE: msg`The request body is too large.`,
  INTERNAL_ERROR: msg`An unexpected error occurred. Please try again.`,
};

interface ErrorBodyShape {
  code?: unknown;
  message?: unknown;
}

/**
 * An error answer's words in the user's language: the domain text its English message was filled from
 * (so values such as minutes or a field survive), else the meaning of its code, else the English as sent.
 */
export function serverErrorText(body: unknown): string | undefined {
  const { code, message } = (body ?? {}) as ErrorBodyShape;
  const english = typeof message === 'string' && message ? message : undefined;
  if (english) {
    const translated = domainText(english);
    if (translated !== english || i18n.locale === 'en') return translated;
  }
  const byCode = typeof code === 'string' ? CODE_TEXTS[code as ErrorCode] : undefined;
  if (byCode) return i18n._(byCode);
  return english;
}
