import { STATUS_CODES } from 'node:http';
import type { ErrorCode, RequestErrorCode } from '@dental/domain/error-codes';
import { DomainError, type DomainErrorCode, type DomainErrorKind, firstIssue } from '@dental/domain/errors';
import { MESSAGES } from '@dental/domain/messages';

export interface ErrorBody {
  error: string;
  /** Stable, for clients to show their own words in the user's language. */
  code: ErrorCode;
  /** In English, word for word from the spec where it gives the text. */
  message: string;
  [key: string]: unknown;
}

/** A refusal as it leaves the server: the status, the JSON body and any header it needs (Retry-After). */
export interface ErrorAnswer {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
}

/** Every error body is built here: `error` names the refusal, `code` is for programs, `message` for people. */
function answer(
  status: number,
  code: ErrorCode,
  message: string,
  extra: Record<string, unknown> = {},
  title = STATUS_CODES[status] ?? 'Error',
): ErrorAnswer {
  return { status, body: { error: title, code, message, ...extra }, headers: {} };
}

const STATUS_OF_KIND: Readonly<Record<DomainErrorKind, number>> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  unprocessable: 422,
  locked: 423,
  gone: 410,
  'rate-limited': 429,
};

/** Refusals whose body names the refusal itself rather than the status, as clients already read them. */
const TITLE_OF_CODE: Partial<Record<DomainErrorCode, string>> = {
  PASSWORD_RESET_REQUIRED: 'Password reset required',
  ACCOUNT_LOCKED: 'Account locked',
};

/** A domain refusal as HTTP: invalid input names its first field, a rate limit says when to come back. */
export function domainErrorAnswer(error: DomainError): ErrorAnswer {
  const status = STATUS_OF_KIND[error.kind];
  const title = TITLE_OF_CODE[error.code];
  if (error.kind === 'invalid') {
    const first = firstIssue(error);
    const issues = error.issues.map((issue) => ({ ...issue, code: issue.code ?? 'FIELD_INVALID' }));
    // Plain invalid input says which field and how; a rule's refusal (postal code, hours) keeps its own code.
    const code = error.code === 'VALIDATION_FAILED' ? (first.code ?? 'FIELD_INVALID') : error.code;
    return answer(status, code, first.message, { field: first.field, issues }, title);
  }
  if (error.kind === 'rate-limited') {
    const seconds = Math.max(1, Math.ceil((error.retryAfterMs ?? 0) / 1000));
    const limited = answer(status, error.code, error.message, { retryAfterSeconds: seconds }, title);
    return { ...limited, headers: { 'retry-after': String(seconds) } };
  }
  return answer(status, error.code, error.message, { ...error.details }, title);
}

/** A path parameter longer than the router accepts, as Fastify's router reports it. */
export const PARAM_TOO_LONG_ANSWER = answer(414, 'PATH_TOO_LONG', 'A part of the address of this request is too long.');

/** What Fastify and its plugins raise, in the same { error, message } shape. */
const FRAMEWORK_ERRORS: Record<string, ErrorAnswer> = {
  FST_ERR_CTP_INVALID_JSON_BODY: answer(400, 'BODY_NOT_JSON', MESSAGES.malformedJson, { field: 'body' }),
  FST_ERR_CTP_EMPTY_JSON_BODY: answer(400, 'BODY_EMPTY', 'The request body is empty.', { field: 'body' }),
  FST_ERR_CTP_BODY_TOO_LARGE: answer(413, 'BODY_TOO_LARGE', MESSAGES.bodyTooLarge, { field: 'body' }),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: answer(400, 'CONTENT_LENGTH_INVALID', 'Invalid Content-Length.', {
    field: 'body',
  }),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: answer(
    415,
    'MEDIA_TYPE_UNSUPPORTED',
    'Send the request body as JSON (Content-Type: application/json).',
    {
      field: 'body',
    },
  ),
  FST_ERR_CTP_INVALID_JSON: answer(400, 'BODY_NOT_JSON', MESSAGES.malformedJson, { field: 'body' }),
  // The router's own refusals, which Fastify would otherwise answer in its format, echoing the path.
  FST_ERR_BAD_URL: answer(400, 'URL_INVALID', 'The address of this request is not valid.'),
  FST_ERR_MAX_PARAM_LENGTH: PARAM_TOO_LONG_ANSWER,
};

/** The answer for any error with one: a domain refusal, or one Fastify or a plugin raises; undefined for a failure. */
export function knownErrorAnswer(error: unknown): ErrorAnswer | undefined {
  if (error instanceof DomainError) return domainErrorAnswer(error);
  if (!(error instanceof Error)) return undefined;
  const { code, statusCode } = error as Error & { code?: string; statusCode?: number };
  const known = code ? FRAMEWORK_ERRORS[code] : undefined;
  if (known) return known;
  if (error instanceof SyntaxError) return FRAMEWORK_ERRORS.FST_ERR_CTP_INVALID_JSON;
  if (statusCode === 429) return answer(429, 'RATE_LIMITED', MESSAGES.rateLimited);
  if (statusCode && statusCode >= 400 && statusCode < 500)
    return answer(statusCode, 'REQUEST_INVALID', 'The request could not be processed.');
  return undefined;
}

/** Anything the server could not answer for: the client learns only that it failed. */
export const UNEXPECTED_ANSWER = answer(500, 'INTERNAL_ERROR', MESSAGES.unexpected);

/** A refusal of the request itself, before any route runs (another site, a body that is not JSON). */
export function httpRefusal(
  status: number,
  code: RequestErrorCode,
  message: string,
  extra: Record<string, unknown> = {},
): ErrorAnswer {
  return answer(status, code, message, extra);
}

/** Long enough to recognise the path, short enough that an answer never mirrors a huge request. */
const SHOWN_PATH_MAX = 200;

export function apiNotFound(method: string, url: string): ErrorAnswer {
  const path = url.split('?')[0] ?? url;
  const shown = path.length > SHOWN_PATH_MAX ? `${path.slice(0, SHOWN_PATH_MAX)}…` : path;
  return answer(404, 'ROUTE_NOT_FOUND', `No API route matches ${method} ${shown}.`);
}
