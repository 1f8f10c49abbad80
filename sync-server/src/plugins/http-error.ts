import type { FieldIssue } from '@dental/domain/validation/issues';

export interface ErrorBody {
  error: string;
  message: string;
  [key: string]: unknown;
}

/** An error whose status and JSON body are safe to show to the client as they are. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, body: ErrorBody, headers: Record<string, string> = {}) {
    super(body.message);
    this.statusCode = statusCode;
    this.body = body;
    this.headers = headers;
  }
}

export function badRequest(issues: FieldIssue[]): HttpError {
  const first = issues[0] ?? { field: 'body', message: 'The request is not valid.' };
  return new HttpError(400, { error: 'Bad Request', message: first.message, field: first.field, issues });
}

export function unauthorized(message: string): HttpError {
  return new HttpError(401, { error: 'Unauthorized', message });
}

export function forbidden(message: string, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(403, { error: 'Forbidden', message, ...extra });
}

export function notFound(message: string): HttpError {
  return new HttpError(404, { error: 'Not Found', message });
}

export function conflict(message: string, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(409, { error: 'Conflict', message, ...extra });
}
