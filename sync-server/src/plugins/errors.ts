import { MESSAGES } from '@dental/domain/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from './http-error.ts';

const clientErrors: Record<string, { status: number; error: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, error: 'Bad Request', message: MESSAGES.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, error: 'Bad Request', message: 'The request body is empty.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, error: 'Payload Too Large', message: MESSAGES.bodyTooLarge },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, error: 'Bad Request', message: 'Invalid Content-Length.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    error: 'Unsupported Media Type',
    message: 'Send the request body as JSON (Content-Type: application/json).',
  },
};

/** Every failure leaves as JSON with a message made for people: never a stack, SQL or file path. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    const known = error.code ? clientErrors[error.code] : undefined;
    if (known) {
      return reply.code(known.status).send({ error: known.error, message: known.message, field: 'body' });
    }
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON') {
      return reply.code(400).send({ error: 'Bad Request', message: MESSAGES.malformedJson, field: 'body' });
    }
    if (error.statusCode === 429) {
      return reply.code(429).send({ error: 'Too Many Requests', message: MESSAGES.rateLimited });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .code(error.statusCode)
        .send({ error: 'Bad Request', message: 'The request could not be processed.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: 'Internal Server Error', message: MESSAGES.unexpected });
  });
}

export function apiNotFound(method: string, url: string) {
  const path = url.split('?')[0] ?? url;
  return { error: 'Not Found', message: `No API route matches ${method} ${path}.` };
}
