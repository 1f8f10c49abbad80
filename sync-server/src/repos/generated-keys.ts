import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { isPostgres } from '../db/dialect.ts';

/** The tables whose whole-number ids the database generates. */
const GENERATED_KEY_TABLES = [
  'users',
  'treatment_rooms',
  'form_templates',
  'recall_types',
  'audit_log',
  'notifications',
] as const;

/**
 * After rows were inserted with their ids given (the demo seed, a copied database), the next generated id
 * must come after them. SQLite's AUTOINCREMENT follows the largest id by itself; a PostgreSQL identity
 * column keeps its own counter, which is moved past the largest id here.
 */
export async function advanceGeneratedKeys(db: Db): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of GENERATED_KEY_TABLES) {
    await sql`
      select setval(pg_get_serial_sequence(${table}, 'id'), coalesce(max(id), 0) + 1, false)
      from ${sql.table(table)}
    `.execute(db);
  }
}
