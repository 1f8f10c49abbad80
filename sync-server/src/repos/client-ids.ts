import type { Db } from '../db/connection.ts';

/** The tables whose rows a device may create offline under an id it chose. */
export type ClientIdTable = 'patients' | 'appointments' | 'recalls' | 'maintenance_schedules';

/** Whether any row of the table, in any practice, already has this id. */
export async function isIdTaken(db: Db, table: ClientIdTable, id: string): Promise<boolean> {
  const taken = await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  return taken !== undefined;
}
