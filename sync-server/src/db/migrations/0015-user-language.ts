import type { Kysely } from 'kysely';

/** Each user's language ('en' or 'fr'); null until they choose one, when each device follows its browser. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
}
