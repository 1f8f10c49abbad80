import { type ColumnDataType, type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/** Which engine a connection talks to, for the few statements that must differ. */
export function dialectOf<T>(db: Kysely<T>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export function isPostgres<T>(db: Kysely<T>): boolean {
  return dialectOf(db) === 'postgres';
}

/** A generated whole-number key: SQLite's AUTOINCREMENT, PostgreSQL's identity column. */
export function generatedKey<T>(db: Kysely<T>) {
  return (column: ColumnDefinitionBuilder) =>
    isPostgres(db) ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement();
}

/** A fractional number: SQLite's REAL is 8 bytes; PostgreSQL's is 4, too coarse for money, so double there. */
export function fractionType<T>(db: Kysely<T>): ColumnDataType {
  return isPostgres(db) ? 'double precision' : 'real';
}
