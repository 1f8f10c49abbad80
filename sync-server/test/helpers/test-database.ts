import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { type Db, migrateToLatest, openDatabase } from '../../src/db/connection.ts';
import { seedDemoData } from '../../src/seed/index.ts';
import { databaseUrl, serverDatabase } from './postgres-admin.ts';
import { TEST_PATIENT_COUNT, TEST_START, testHasher } from './test-clock.ts';

/**
 * A database of a test's own: SQLite files by default; on the PostgreSQL run (TEST_DATABASE_URL set by
 * `npm test`), databases on that server. Either way, a copy of one migrated and seeded template.
 */
export interface TestDatabase {
  db: Db;
  /** A fresh connection to the same database (another server process, say). */
  reopen(): Db;
  /** The PostgreSQL URL of this database; null on SQLite. */
  url: string | null;
  drop(): Promise<void>;
}

export function onPostgres(): boolean {
  return inject('postgresTemplate') !== '';
}

let sqliteTemplate: string | undefined;

async function seededSqliteTemplate(): Promise<string> {
  if (sqliteTemplate) return sqliteTemplate;
  const dir = mkdtempSync(join(inject('serverTestRoot'), 'template-'));
  const file = join(dir, 'template.sqlite');
  const db = openDatabase(file);
  await migrateToLatest(db);
  await seedDemoData(db, { clock: () => new Date(TEST_START), hasher: testHasher, patientCount: TEST_PATIENT_COUNT });
  await sql`pragma wal_checkpoint(truncate)`.execute(db);
  await db.destroy();
  sqliteTemplate = file;
  return file;
}

/** A copy of the seeded demo database (on SQLite even in the PostgreSQL pass, when a test needs both). */
export async function seededDatabase(kind?: 'sqlite'): Promise<TestDatabase> {
  if (onPostgres() && kind !== 'sqlite') {
    const database = await postgresDatabase(inject('postgresTemplate'));
    // As on SQLite: a copy of the template is already current, and its first query opens the connection.
    await migrateToLatest(database.db);
    return database;
  }
  const dir = mkdtempSync(join(inject('serverTestRoot'), 'app-'));
  const file = join(dir, 'test.sqlite');
  copyFileSync(await seededSqliteTemplate(), file);
  const db = openDatabase(file);
  await migrateToLatest(db);
  return {
    db,
    reopen: () => openDatabase(file),
    url: null,
    async drop() {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A database with nothing in it, not even its tables. */
export async function emptyDatabase(): Promise<TestDatabase> {
  if (onPostgres()) return postgresDatabase(null);
  const dir = mkdtempSync(join(inject('serverTestRoot'), 'empty-'));
  const file = join(dir, 'empty.sqlite');
  const db = openDatabase(file);
  return {
    db,
    reopen: () => openDatabase(file),
    url: null,
    async drop() {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let made = 0;

async function postgresDatabase(template: string | null): Promise<TestDatabase> {
  made += 1;
  const name = `test_${process.pid}_${made}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = serverDatabase();
  await sql`create database ${sql.id(name)}${template ? sql` template ${sql.id(template)}` : sql``}`.execute(admin.db);
  const url = databaseUrl(name);
  const opened: Db[] = [];
  const open = () => {
    const db = openDatabase({ kind: 'postgres', url, poolSize: 4 });
    opened.push(db);
    return db;
  };
  const db = open();
  return {
    db,
    reopen: open,
    url,
    async drop() {
      for (const each of opened) await each.destroy();
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
    },
  };
}
