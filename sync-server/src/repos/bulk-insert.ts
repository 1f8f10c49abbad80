import type { InsertObject } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';

/** SQLite's ceiling of 32,766 bound variables per statement, with room to spare (PostgreSQL allows 65,535). */
const MAX_BOUND_VARIABLES = 7_900;

/**
 * One multi-row insert per chunk: far fewer statements than row by row, for the demo seed. Every row of
 * a seed table carries the same columns, so the first row tells how many variables a row binds.
 */
export async function insertInChunks<T extends keyof Database & string>(
  db: Db,
  table: T,
  rows: readonly InsertObject<Database, T>[],
): Promise<void> {
  const columns = Math.max(1, Object.keys(rows[0] ?? {}).length);
  const size = Math.floor(MAX_BOUND_VARIABLES / columns);
  for (let start = 0; start < rows.length; start += size) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + size))
      .execute();
  }
}
