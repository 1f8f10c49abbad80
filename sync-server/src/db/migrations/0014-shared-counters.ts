import type { Kysely } from 'kysely';
import { fractionType } from '../dialect.ts';

/**
 * Request budgets (token buckets) kept in the database, so several server processes on one PostgreSQL
 * database share each client's budget. A single SQLite process keeps them in memory and leaves this empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_buckets')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('tokens', fractionType(db), (c) => c.notNull())
    /** Milliseconds since the epoch of the last take. */
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('allowed', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_buckets_at').on('rate_buckets').column('at').execute();
}
