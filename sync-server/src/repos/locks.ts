import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { isPostgres } from '../db/dialect.ts';

/** Names of the locks server processes take on a shared PostgreSQL database. */
const LOCKS = { seed: 1, auditChain: 3 } as const;

/**
 * Holds, until the transaction ends, a lock that other server processes on the same PostgreSQL database
 * wait for. SQLite needs none: it runs one writer at a time, which is the property this gives back.
 */
export async function lockUntilCommit(db: Db, lock: keyof typeof LOCKS, id = 0): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`select pg_advisory_xact_lock(${LOCKS[lock]}, ${id})`.execute(db);
}
