import type { Kysely } from 'kysely';

/**
 * A random secret per session, handed only to the cookie holder: the browser wraps its local
 * data key with it so a reload while signed in does not ask for the password again. It dies with
 * the session (logout, idle expiry), after which only the password opens the local data.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('device_secret', 'text').execute();
}
