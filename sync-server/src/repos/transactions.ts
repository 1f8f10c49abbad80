import type { Db } from '../db/connection.ts';

/** Runs the work in one transaction: it commits when the work resolves and rolls back when it throws. */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}
