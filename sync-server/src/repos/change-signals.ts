import { sql } from 'kysely';
import { HOURS_CHANNEL } from '../db/change-feed.ts';
import type { Db } from '../db/connection.ts';
import { isPostgres } from '../db/dialect.ts';

/**
 * Tells every server process on the same PostgreSQL database that a practice's hours changed, at the
 * commit of the transaction it is called in (a rolled-back change announces nothing). SQLite is served
 * by one process, whose own cache the caller clears.
 */
export async function announceHoursChange(db: Db, practiceId: number): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`select pg_notify(${HOURS_CHANNEL}, ${String(practiceId)})`.execute(db);
}
