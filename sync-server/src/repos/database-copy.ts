import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import { insertInChunks } from './bulk-insert.ts';

export type TableName = keyof Database & string;

/** Row counts are compared table by table; anything bookkeeping (migrations) belongs to each database itself. */
export async function countRows(db: Db, table: TableName): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The tables a SQLite table's foreign keys point to. */
export async function referencedTables(sqlite: Db, table: TableName): Promise<string[]> {
  const { rows } = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${table})`.execute(sqlite);
  return rows.map((row) => row.table);
}

/** One page of a table's rows in a stable order (SQLite's rowid, or the key of a table without one). */
export async function readPage(
  sqlite: Db,
  table: TableName,
  offset: number,
  limit: number,
): Promise<Record<string, unknown>[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select * from ${sql.table(table)} order by rowid limit ${limit} offset ${offset}
  `.execute(sqlite);
  return rows;
}

export async function writeRows(target: Db, table: TableName, rows: Record<string, unknown>[]): Promise<void> {
  // The rows come from the same schema on the other database: every column name is one of this table's.
  await insertInChunks(target, table, rows as Parameters<typeof insertInChunks<typeof table>>[2]);
}

/** Rows the target's own migrations wrote (the sync epoch), replaced by the source's. */
export async function clearTable(target: Kysely<Database>, table: TableName): Promise<void> {
  await sql`delete from ${sql.table(table)}`.execute(target);
}
