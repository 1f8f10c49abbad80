import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerSettings } from '../../context.ts';
import { type ErrorAnswer, httpRefusal, knownErrorAnswer, UNEXPECTED_ANSWER } from '../error-answers.ts';
import { logServerError } from './logging.ts';
import { applySecurityHeaders } from './security-headers.ts';

export function sendAnswer(reply: FastifyReply, answer: ErrorAnswer): FastifyReply {
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
}

/** Every failure leaves as JSON with a message made for people: never a stack, SQL or file path. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = knownErrorAnswer(error);
    if (known) return sendAnswer(reply, known);
    logServerError(request, error);
    return sendAnswer(reply, UNEXPECTED_ANSWER);
  });
}

/**
 * Fastify's answer to what it refuses before any hook runs (a bad URL, a path parameter too long), in
 * the app's format and with the headers every answer carries.
 */
export function frameworkErrors(settings: ServerSettings) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    applySecurityHeaders(request, reply, settings);
    const known = knownErrorAnswer(error) ?? httpRefusal(400, 'REQUEST_INVALID', 'The request could not be processed.');
    return reply.code(known.status).send(known.body);
  };
}
