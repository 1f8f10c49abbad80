import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, type SqliteDatabase, SqliteDialect, type SqliteStatement } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

/** Where the data lives: the embedded SQLite file (the default), or a PostgreSQL server (DATABASE_URL). */
export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; poolSize?: number };

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

// Counts and sums come back as int8 and numeric; every figure here is far below 2^53, so numbers they are.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/** The one place the database is opened. A string is a SQLite file (as tests and tools pass it). */
export function openDatabase(target: DatabaseTarget | string): Db {
  const resolved: DatabaseTarget = typeof target === 'string' ? { kind: 'sqlite', file: target } : target;
  if (resolved.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: resolved.url, max: resolved.poolSize ?? 10, allowExitOnIdle: true });
    // An idle connection the server closed (a restart, a failover) is dropped from the pool and replaced on
    // the next query; without a listener that event would end the process.
    pool.on('error', () => {});
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  return openSqlite(resolved.file);
}

/** SQLite: WAL for concurrent readers, foreign keys enforced. */
function openSqlite(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh, which cost more than running it; the queries are a fixed
 * set of shapes, so compiled statements are kept (least recently used dropped past the limit).
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string): SqliteStatement {
      const cached = cache.get(text);
      if (cached) {
        cache.delete(text);
        cache.set(text, cached);
        return cached;
      }
      const statement = sqlite.prepare(text) as unknown as SqliteStatement;
      cache.set(text, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      return statement;
    },
  };
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).map((result) => result.migrationName);
}
