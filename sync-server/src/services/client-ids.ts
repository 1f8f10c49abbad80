import { randomUUID } from 'node:crypto';
import { DomainError } from '@dental/domain/errors';
import { ID_TAKEN_MESSAGE } from '@dental/domain/messages';
import type { Db } from '../db/connection.ts';
import { type ClientIdTable, isIdTaken } from '../repos/client-ids.ts';

/**
 * The id a create will use: the client's (kept so a record made offline keeps its identity) or a new
 * one. An id already taken is refused with one answer, wherever the record is: a conflict naming id.
 */
export async function claimId(db: Db, table: ClientIdTable, clientId: string | null | undefined): Promise<string> {
  if (!clientId) return randomUUID();
  if (await isIdTaken(db, table, clientId)) {
    throw new DomainError('ID_TAKEN', ID_TAKEN_MESSAGE, { details: { field: 'id' } });
  }
  return clientId;
}
