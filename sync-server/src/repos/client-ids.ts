import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { isPostgres } from '../db/dialect.ts';
import { ID_TAKEN_FUNCTION } from '../db/migrations/0013-practice-isolation.ts';

/** The tables whose rows a device may create offline under an id it chose. */
export type ClientIdTable =
  | 'patients'
  | 'appointments'
  | 'recalls'
  | 'maintenance_schedules'
  | 'clinical_entries'
  | 'perio_exams'
  | 'clinical_notes'
  | 'clinical_note_addenda'
  | 'treatment_plans'
  | 'note_templates';

/**
 * Whether any row of the table, in any practice, already has this id. On PostgreSQL a practice's request
 * cannot see other practices' rows, so it asks the database function made for exactly this question.
 */
export async function isIdTaken(db: Db, table: ClientIdTable, id: string): Promise<boolean> {
  if (isPostgres(db)) {
    const { rows } = await sql<{
      taken: boolean;
    }>`select ${sql.id(ID_TAKEN_FUNCTION)}(${table}, ${id}) as taken`.execute(db);
    return rows[0]?.taken === true;
  }
  const taken = await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  return taken !== undefined;
}
