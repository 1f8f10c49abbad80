import type { InsertObject, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Kept well below SQLite's ceiling of 32,766 bound variables per statement. */
const MAX_BOUND_VARIABLES = 7_900;

/**
 * One multi-row insert per chunk: far fewer statements than row by row. Every row of a seed
 * table carries the same columns, so the first row tells how many variables a row binds.
 */
export async function insertInChunks<T extends keyof Database & string>(
  trx: Transaction<Database>,
  table: T,
  rows: readonly InsertObject<Database, T>[],
): Promise<void> {
  const columns = Math.max(1, Object.keys(rows[0] ?? {}).length);
  const size = Math.floor(MAX_BOUND_VARIABLES / columns);
  for (let start = 0; start < rows.length; start += size) {
    await trx
      .insertInto(table)
      .values(rows.slice(start, start + size))
      .execute();
  }
}
