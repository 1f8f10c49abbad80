import type { DomainErrorCode } from './errors.ts';
import type { FieldIssueCode } from './validation/issues.ts';

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
