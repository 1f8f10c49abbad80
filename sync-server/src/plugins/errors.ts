import { STATUS_CODES } from 'node:http';
import { MESSAGES } from '@dental/domain/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from './http-error.ts';
import { logServerError } from './logging.ts';

interface Answer {
  status: number;
  body: { error: string; message: string; field?: string };
}

function answer(status: number, message: string, field?: string): Answer {
  return { status, body: { error: STATUS_CODES[status] ?? 'Error', message, ...(field ? { field } : {}) } };
}

const knownErrors: Record<string, Answer> = {
  FST_ERR_CTP_INVALID_JSON_BODY: answer(400, MESSAGES.malformedJson, 'body'),
  FST_ERR_CTP_EMPTY_JSON_BODY: answer(400, 'The request body is empty.', 'body'),
  FST_ERR_CTP_BODY_TOO_LARGE: answer(413, MESSAGES.bodyTooLarge, 'body'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: answer(400, 'Invalid Content-Length.', 'body'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: answer(
    415,
    'Send the request body as JSON (Content-Type: application/json).',
    'body',
  ),
  FST_ERR_CTP_INVALID_JSON: answer(400, MESSAGES.malformedJson, 'body'),
  // The router's own refusals, which Fastify would otherwise answer in its format, echoing the path.
  FST_ERR_BAD_URL: answer(400, 'The address of this request is not valid.'),
  FST_ERR_MAX_PARAM_LENGTH: answer(414, 'A part of the address of this request is too long.'),
};

/** The app's { error, message } answer for any error Fastify or a plugin raises. */
export function frameworkErrorAnswer(error: FastifyError): Answer | undefined {
  const known = error.code ? knownErrors[error.code] : undefined;
  if (known) return known;
  if (error instanceof SyntaxError) return knownErrors.FST_ERR_CTP_INVALID_JSON;
  if (error.statusCode === 429) return answer(429, MESSAGES.rateLimited);
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return answer(error.statusCode, 'The request could not be processed.');
  }
  return undefined;
}

/** Every failure leaves as JSON with a message made for people: never a stack, SQL or file path. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    const known = frameworkErrorAnswer(error);
    if (known) return reply.code(known.status).send(known.body);
    logServerError(request, error);
    return reply.code(500).send({ error: 'Internal Server Error', message: MESSAGES.unexpected });
  });
}

/** Long enough to recognise the path, short enough that an answer never mirrors a huge request. */
const SHOWN_PATH_MAX = 200;

export function apiNotFound(method: string, url: string) {
  const path = url.split('?')[0] ?? url;
  const shown = path.length > SHOWN_PATH_MAX ? `${path.slice(0, SHOWN_PATH_MAX)}…` : path;
  return { error: 'Not Found', message: `No API route matches ${method} ${shown}.` };
}
