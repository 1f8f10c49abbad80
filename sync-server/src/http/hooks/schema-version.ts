import { HEADERS, MIN_CLIENT_SCHEMA, SERVER_SCHEMA_VERSION, UPGRADE_REQUIRED } from '@dental/domain/sync/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiRequest, routedPath } from '../api-path.ts';

function clientSchema(request: FastifyRequest): number | undefined {
  const header = request.headers[HEADERS.clientSchema];
  return typeof header === 'string' && /^\d{1,6}$/.test(header.trim()) ? Number(header) : undefined;
}

/**
 * Every API answer names the server's schema so a client can tell it is out of date. A client
 * older than the minimum is refused with 426, except for what lets it finish cleanly: its queued
 * writes (sent with an Idempotency-Key) so the outbox empties, and the current-user check.
 */
export function registerSchemaVersion(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRequest(request)) return;
    const schema = clientSchema(request);
    if (schema === undefined || schema >= MIN_CLIENT_SCHEMA) return;
    const path = routedPath(request);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!isRead && request.headers[HEADERS.idempotencyKey] !== undefined) return;
    if (isRead && path === '/api/auth/me') return;
    return reply.code(426).send(UPGRADE_REQUIRED);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiRequest(request)) {
      reply.header(HEADERS.serverSchema, String(SERVER_SCHEMA_VERSION));
    }
    return payload;
  });
}
