import { type ColumnDataType, type ColumnDefinitionBuilder, type DialectAdapter, PostgresAdapter } from 'kysely';

/** Any Kysely instance or transaction, whatever its tables. */
interface Connection {
  getExecutor(): { readonly adapter: DialectAdapter };
}

export type DialectName = 'sqlite' | 'postgres';

/** Which engine a connection talks to, for the few statements that must differ. */
export function dialectOf(db: Connection): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export function isPostgres(db: Connection): boolean {
  return dialectOf(db) === 'postgres';
}

/** A generated whole-number key: SQLite's AUTOINCREMENT, PostgreSQL's identity column. */
export function generatedKey(db: Connection) {
  return (column: ColumnDefinitionBuilder) =>
    isPostgres(db) ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement();
}

/** A fractional number: SQLite's REAL is 8 bytes; PostgreSQL's is 4, too coarse for money, so double there. */
export function fractionType(db: Connection): ColumnDataType {
  return isPostgres(db) ? 'double precision' : 'real';
}
