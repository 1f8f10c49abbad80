import type { Kysely } from 'kysely';

/** The duplicate check on create looks patients up by birth date; without this it scans the practice. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('patients_practice_birth_date')
    .on('patients')
    .columns(['practice_id', 'date_of_birth'])
    .execute();
}
