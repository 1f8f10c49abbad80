import type { Text } from './i18n/text.ts';
import type { FieldIssue } from './validation/issues.ts';

/**
 * What kind of refusal an error is, whoever raises it: the server maps each kind to one HTTP status,
 * and a client can act on the kind (fix a field, sign in, wait) without reading the message.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'unprocessable'
  | 'locked'
  | 'gone'
  | 'rate-limited';

/** Every machine code with its kind. Codes are stable: clients may branch on them, so one never changes kind. */
export const DOMAIN_ERROR_CODES = {
  /** The input does not match the schema: a field missing, of the wrong type or out of range. */
  VALIDATION_FAILED: 'invalid',
  PRACTICE_HEADER_INVALID: 'invalid',
  IDEMPOTENCY_KEY_INVALID: 'invalid',
  /** An id the input names (patient, provider, room, recall type…) is not one of the practice's. */
  REFERENCE_INVALID: 'invalid',
  /** Duration, advance-booking or practice-hours rules. */
  BOOKING_RULE: 'invalid',
  POSTAL_CODE_MISMATCH: 'invalid',
  COMMON_PASSWORD: 'invalid',
  SELF_RELATIONSHIP: 'invalid',
  NOT_FAMILY: 'invalid',
  ROOM_FIXED: 'invalid',
  TIME_INVALID: 'invalid',
  NOT_SIGNED_IN: 'unauthorized',
  SESSION_EXPIRED: 'unauthorized',
  INVALID_CREDENTIALS: 'unauthorized',
  PERMISSION_DENIED: 'forbidden',
  PRACTICE_ACCESS_DENIED: 'forbidden',
  PASSWORD_RESET_REQUIRED: 'forbidden',
  NOT_FOUND: 'not-found',
  SCHEDULING_CONFLICT: 'conflict',
  STATUS_TRANSITION: 'conflict',
  PATIENT_DUPLICATE: 'conflict',
  PATIENT_HAS_APPOINTMENTS: 'conflict',
  /** Clinical records are a legal record and are never deleted with the patient. */
  PATIENT_HAS_CLINICAL_RECORDS: 'conflict',
  PRACTICE_MISMATCH: 'conflict',
  ID_TAKEN: 'conflict',
  FAMILY_ALREADY_LINKED: 'conflict',
  ABSENCE_OVERLAP: 'conflict',
  /** A signed clinical note is a legal record: corrections are addenda. */
  NOTE_SIGNED: 'conflict',
  /** Voided already, or an addendum to a note not yet signed. */
  CLINICAL_STATE: 'conflict',
  PLAN_EXPIRED: 'conflict',
  PLAN_STATUS: 'conflict',
  /** A waitlist offer already booked, declined, closed or past its expiry. */
  WAITLIST_OFFER_CLOSED: 'conflict',
  /** Settings (issue 21): a username or room code in use, an operatory with future appointments. */
  USERNAME_TAKEN: 'conflict',
  ROOM_CODE_TAKEN: 'conflict',
  ROOM_HAS_APPOINTMENTS: 'conflict',
  /** A patient's link (form, review, confirmation, booking) that has expired or was already used. */
  TOKEN_GONE: 'gone',
  /** A form submission staff already accepted or rejected. */
  SUBMISSION_DECIDED: 'conflict',
  /** Another user or device holds the chart's edit lock. */
  CHART_LOCKED: 'locked',
  /** The Idempotency-Key was first used for another request: a client bug, never stored as an answer. */
  IDEMPOTENCY_KEY_REUSED: 'unprocessable',
  RATE_LIMITED: 'rate-limited',
  SIGN_IN_ADDRESS_LIMITED: 'rate-limited',
  SIGN_IN_THROTTLED: 'rate-limited',
  ACCOUNT_LOCKED: 'rate-limited',
} as const satisfies Record<string, DomainErrorKind>;

export type DomainErrorCode = keyof typeof DOMAIN_ERROR_CODES;

/** The codes of one kind, so a helper for that kind cannot be handed a code of another. */
export type CodeOfKind<K extends DomainErrorKind> = {
  [C in DomainErrorCode]: (typeof DOMAIN_ERROR_CODES)[C] extends K ? C : never;
}[DomainErrorCode];

export interface DomainErrorOptions {
  /** Invalid input: each field at fault and what is wrong with it, the one to show first first. */
  issues?: readonly FieldIssue[];
  /** What the client needs to act on the refusal: the conflicts, the permission required, the record in the way. */
  details?: Readonly<Record<string, unknown>>;
  /** Rate limited: how long until another attempt can succeed. */
  retryAfterMs?: number;
}

/** A refusal by the rules, with a message made for people; services raise it and never choose a transport status. */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly code: DomainErrorCode;
  readonly kind: DomainErrorKind;
  readonly issues: readonly FieldIssue[];
  readonly details: Readonly<Record<string, unknown>>;
  readonly retryAfterMs: number | undefined;

  constructor(code: DomainErrorCode, message: string, options: DomainErrorOptions = {}) {
    super(message);
    this.code = code;
    this.kind = DOMAIN_ERROR_CODES[code];
    this.issues = options.issues ?? [];
    this.details = options.details ?? {};
    this.retryAfterMs = options.retryAfterMs;
  }
}

export const REQUEST_INVALID: Text = /*i18n*/ { id: 'errors.requestInvalid', message: 'The request is not valid.' };

const NO_ISSUE: FieldIssue = { field: 'body', message: REQUEST_INVALID.message };

/** Invalid input; its message is the first issue's, so a client showing only the message still names a field. */
export function invalidInput(
  issues: readonly FieldIssue[],
  code: CodeOfKind<'invalid'> = 'VALIDATION_FAILED',
): DomainError {
  return new DomainError(code, (issues[0] ?? NO_ISSUE).message, { issues });
}

/** The issue a refusal of invalid input shows first: its first, or a generic one when none was given. */
export function firstIssue(error: DomainError): FieldIssue {
  return error.issues[0] ?? NO_ISSUE;
}
