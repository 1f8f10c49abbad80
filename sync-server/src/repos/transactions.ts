import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { isPostgres } from '../db/dialect.ts';
import { PRACTICE_ROLE, PRACTICE_SETTING } from '../db/migrations/0013-practice-isolation.ts';

/**
 * Runs the work in one transaction: it commits when the work resolves and rolls back when it throws.
 * On SQLite the transaction takes the write lock at its start (BEGIN IMMEDIATE): another process holding
 * it is then waited for (busy_timeout), where a transaction that read first and wrote later would be
 * refused with "database is locked" instead of waiting.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (isPostgres(db)) return db.transaction().execute(work);
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

export interface PracticeScope {
  practiceId: number;
  /** Whether the work may write: writes of one practice then run one at a time across server processes. */
  writes: boolean;
}

/**
 * A transaction inside one practice. On PostgreSQL it runs as the practice role with the practice set,
 * so row-level security hides and refuses every other practice's rows, and writes to a practice take
 * its lock: checks such as a booking's conflicts then see every write committed before theirs, as they
 * do on SQLite, which runs one writer at a time. On SQLite it is a plain transaction.
 */
export function inPracticeTransaction<T>(db: Db, scope: PracticeScope, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (isPostgres(trx)) {
      const lock = scope.writes ? sql`, pg_advisory_xact_lock(${PRACTICE_WRITES_LOCK}, ${scope.practiceId})` : sql``;
      await sql`
        select set_config('role', ${PRACTICE_ROLE}, true),
          set_config(${PRACTICE_SETTING}, ${String(scope.practiceId)}, true)${lock}
      `.execute(trx);
    }
    return work(trx);
  });
}

/** The advisory lock class of a practice's writes (the seed's lock is another: see locks.ts). */
const PRACTICE_WRITES_LOCK = 2;
