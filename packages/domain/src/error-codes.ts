import { NOTE_TEXTS } from './clinical/notes.ts';
import { PLAN_TEXTS } from './clinical/plans.ts';
import { type DomainErrorCode, REQUEST_INVALID } from './errors.ts';
import type { Text } from './i18n/text.ts';
import { ID_TAKEN, MESSAGE_TEXTS } from './messages.ts';
import { DUPLICATE_PATIENT_TEXTS } from './patients/duplicates.ts';
import { FORM_SUBMISSION_TEXTS } from './public/form-submission.ts';
import { PUBLIC_TOKEN_TEXTS } from './public/public-token.ts';
import { CONFLICT_TEXTS } from './scheduling/conflicts.ts';
import { SETTINGS_TEXTS } from './settings/admin.ts';
import type { FieldIssueCode } from './validation/issues.ts';
import { WAITLIST_TEXTS } from './waitlist/entry.ts';

/** Refusals of a request before any rule runs: its transport, its shape, its address. */
export const REQUEST_ERROR_CODES = [
  'BODY_NOT_JSON',
  'BODY_EMPTY',
  'BODY_TOO_LARGE',
  'CONTENT_LENGTH_INVALID',
  'MEDIA_TYPE_UNSUPPORTED',
  'URL_INVALID',
  'PATH_TOO_LONG',
  'REQUEST_INVALID',
  'ROUTE_NOT_FOUND',
  'CROSS_SITE',
  'INTERNAL_ERROR',
] as const;
export type RequestErrorCode = (typeof REQUEST_ERROR_CODES)[number];

/**
 * The `code` of every error answer: stable, so a client shows its own words for it in the user's
 * language while `message` keeps the English the spec gives.
 */
export type ErrorCode = DomainErrorCode | FieldIssueCode | RequestErrorCode;

/** What a code means when no other text says it, for codes whose answers word their refusal case by case. */
export const ERROR_CODE_TEXTS = {
  FIELD_REQUIRED: /*i18n*/ { id: 'errorCode.fieldRequired', message: 'A required field is missing.' },
  FIELD_INVALID: /*i18n*/ { id: 'errorCode.fieldInvalid', message: 'A field is not valid.' },
  REFERENCE_INVALID: /*i18n*/ {
    id: 'errorCode.referenceInvalid',
    message: 'Something this refers to no longer exists in this practice.',
  },
  BOOKING_RULE: /*i18n*/ {
    id: 'errorCode.bookingRule',
    message: "This booking breaks one of the practice's scheduling rules.",
  },
  TIME_INVALID: /*i18n*/ { id: 'errorCode.timeInvalid', message: 'This time is not valid.' },
  STATUS_TRANSITION: /*i18n*/ {
    id: 'errorCode.statusTransition',
    message: 'This appointment cannot change to that status.',
  },
  PATIENT_HAS_APPOINTMENTS: /*i18n*/ {
    id: 'errorCode.patientHasAppointments',
    message: 'This patient has appointments.',
  },
  ABSENCE_OVERLAP: /*i18n*/ { id: 'errorCode.absenceOverlap', message: 'This absence overlaps another one.' },
  CHART_LOCKED: /*i18n*/ { id: 'errorCode.chartLocked', message: 'Someone else is editing this chart.' },
  CLINICAL_STATE: /*i18n*/ { id: 'errorCode.clinicalState', message: 'This clinical record cannot change that way.' },
  PLAN_STATUS: /*i18n*/ { id: 'errorCode.planStatus', message: 'This treatment plan cannot change that way.' },
  ACCOUNT_LOCKED: /*i18n*/ {
    id: 'errorCode.accountLocked',
    message: 'Too many failed sign-in attempts. This account is locked for a while. Please try again later.',
  },
} as const satisfies Partial<Record<ErrorCode, Text>>;

/**
 * The meaning of each code a client may show in the user's language when the answer's English message
 * is none of the domain's texts: the spec's own words where it gives them, else the texts above.
 */
export const ERROR_CODE_MEANINGS: Readonly<Partial<Record<ErrorCode, Text>>> = {
  ...ERROR_CODE_TEXTS,
  VALIDATION_FAILED: REQUEST_INVALID,
  NOT_SIGNED_IN: MESSAGE_TEXTS.notSignedIn,
  SESSION_EXPIRED: MESSAGE_TEXTS.sessionExpired,
  INVALID_CREDENTIALS: MESSAGE_TEXTS.invalidCredentials,
  PERMISSION_DENIED: MESSAGE_TEXTS.permissionDenied,
  PRACTICE_ACCESS_DENIED: MESSAGE_TEXTS.accessDeniedPractice,
  PASSWORD_RESET_REQUIRED: MESSAGE_TEXTS.passwordResetRequired,
  NOT_FOUND: MESSAGE_TEXTS.notFound,
  SCHEDULING_CONFLICT: CONFLICT_TEXTS.scheduling,
  PATIENT_DUPLICATE: DUPLICATE_PATIENT_TEXTS.title,
  ID_TAKEN,
  NOTE_SIGNED: NOTE_TEXTS.signed,
  PLAN_EXPIRED: PLAN_TEXTS.expired,
  WAITLIST_OFFER_CLOSED: WAITLIST_TEXTS.offerClosed,
  USERNAME_TAKEN: SETTINGS_TEXTS.usernameTaken,
  ROOM_CODE_TAKEN: SETTINGS_TEXTS.roomCodeTaken,
  ROOM_HAS_APPOINTMENTS: SETTINGS_TEXTS.roomHasAppointments,
  SUBMISSION_DECIDED: FORM_SUBMISSION_TEXTS.decided,
  TOKEN_GONE: PUBLIC_TOKEN_TEXTS.gone,
  PATIENT_HAS_CLINICAL_RECORDS: NOTE_TEXTS.patientHasRecords,
  RATE_LIMITED: MESSAGE_TEXTS.rateLimited,
  BODY_NOT_JSON: MESSAGE_TEXTS.malformedJson,
  BODY_TOO_LARGE: MESSAGE_TEXTS.bodyTooLarge,
  INTERNAL_ERROR: MESSAGE_TEXTS.unexpected,
};
