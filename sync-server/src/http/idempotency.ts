import { invalidInput } from '@dental/domain/errors';
import { HEADER_NAMES, HEADERS, IDEMPOTENCY_KEY_MESSAGE, isValidIdempotencyKey } from '@dental/domain/sync/protocol';
import type { FastifyReply } from 'fastify';
import type { StoredResult } from '../services/idempotency.ts';

/** The Idempotency-Key header, if sent; refused unless it is one well-formed key. */
export function readIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !isValidIdempotencyKey(header)) {
    throw invalidInput(
      [{ field: HEADER_NAMES.idempotencyKey, message: IDEMPOTENCY_KEY_MESSAGE }],
      'IDEMPOTENCY_KEY_INVALID',
    );
  }
  return header;
}

/** The first answer again, marked as a replay. */
export function sendReplay(reply: FastifyReply, stored: StoredResult): FastifyReply {
  reply.code(stored.statusCode).header(HEADERS.idempotentReplayed, 'true');
  if (stored.body === '') return reply.send();
  return reply.type('application/json; charset=utf-8').send(stored.body);
}
