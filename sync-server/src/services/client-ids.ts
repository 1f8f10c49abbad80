import { randomUUID } from 'node:crypto';
import { ID_TAKEN_MESSAGE } from '@dental/domain/messages';
import type { Db } from '../db/connection.ts';
import { conflict } from '../plugins/http-error.ts';

type ClientIdTable = 'patients' | 'appointments' | 'recalls' | 'maintenance_schedules';

/**
 * The id a create will use: the client's (kept so a record made offline keeps its identity) or a new
 * one. An id already taken is refused with one answer, wherever the record is: 409 naming id.
 */
export async function claimId(db: Db, table: ClientIdTable, clientId: string | null | undefined): Promise<string> {
  if (!clientId) return randomUUID();
  const taken = await db.selectFrom(table).select('id').where('id', '=', clientId).executeTakeFirst();
  if (taken) throw conflict(ID_TAKEN_MESSAGE, { field: 'id' });
  return clientId;
}
