import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { isPostgresUrl, migrateToLatest, openDatabase } from '../src/db/connection.ts';
import { seedDemoData } from '../src/seed/index.ts';
import { TEST_PATIENT_COUNT, TEST_START, testHasher } from './helpers/test-clock.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    serverTestRoot: string;
    /** TEST_DATABASE_URL: a PostgreSQL server the tests may create databases on; '' for SQLite. */
    postgresUrl: string;
    /** The migrated and seeded database every test database copies; '' for SQLite. */
    postgresTemplate: string;
  }
}

/**
 * One folder for every temporary SQLite database of the run, removed when the run ends. With
 * TEST_DATABASE_URL set, the same tests run on PostgreSQL: one seeded template database is made here,
 * and each test's database is a copy of it (CREATE DATABASE … TEMPLATE, much faster than seeding).
 */
export default async function setup(project: TestProject) {
  const root = mkdtempSync(join(tmpdir(), 'dental-server-tests-'));
  project.provide('serverTestRoot', root);
  const url = process.env.TEST_DATABASE_URL ?? '';
  project.provide('postgresUrl', url);
  project.provide('postgresTemplate', '');
  let template: string | null = null;
  if (url) {
    if (!isPostgresUrl(url)) throw new Error('TEST_DATABASE_URL must be a postgres:// URL');
    template = `dental_template_${process.pid}`;
    const admin = openDatabase({ kind: 'postgres', url, poolSize: 1 });
    await sql`drop database if exists ${sql.id(template)}`.execute(admin);
    await sql`create database ${sql.id(template)}`.execute(admin);
    const target = new URL(url);
    target.pathname = `/${template}`;
    const db = openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 2 });
    await migrateToLatest(db);
    await seedDemoData(db, { clock: () => new Date(TEST_START), hasher: testHasher, patientCount: TEST_PATIENT_COUNT });
    await db.destroy();
    await admin.destroy();
    project.provide('postgresTemplate', template);
  }
  return async () => {
    rmSync(root, { recursive: true, force: true });
    if (template) {
      const admin = openDatabase({ kind: 'postgres', url, poolSize: 1 });
      await sql`drop database if exists ${sql.id(template)} with (force)`.execute(admin);
      await admin.destroy();
    }
  };
}
