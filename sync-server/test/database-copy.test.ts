import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/connection.ts';
import { COPIED_TABLES, copyDatabase, TargetNotEmptyError } from '../src/services/database-copy.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { emptyDatabase, onPostgres, type TestDatabase } from './helpers/test-database.ts';

describe('the copy into PostgreSQL covers every table of the schema', () => {
  it('copies every table but the request budgets', async () => {
    const database = await emptyDatabase();
    try {
      await migrateToLatest(database.db);
      const tables = (await database.db.introspection.getTables()).map((table) => table.name);
      expect([...COPIED_TABLES, 'rate_buckets'].sort()).toEqual(tables.sort());
    } finally {
      await database.drop();
    }
  });
});

// The copy moves a SQLite database into PostgreSQL: it runs in the PostgreSQL pass of `npm test`,
// with the seeded SQLite app of this file as the source.
describe.runIf(onPostgres())('npm run db:copy: SQLite into an empty PostgreSQL database', () => {
  let source: TestApp;
  let target: TestDatabase;
  beforeAll(async () => {
    source = await createTestApp({}, { database: 'sqlite' });
    target = await emptyDatabase();
    await migrateToLatest(target.db);
  });
  afterAll(async () => {
    await source.close();
    await target.drop();
  });

  it('copies every row, keeps the ids going and refuses a second copy into the same database', async () => {
    const report = await copyDatabase(source.db, target.db, () => {});
    expect(report.filter((row) => row.source !== row.target)).toEqual([]);
    expect(report.find((row) => row.table === 'patients')?.target).toBeGreaterThan(100);
    const epoch = (db: TestApp['db']) =>
      db.selectFrom('sync_meta').select('value').where('key', '=', 'epoch').executeTakeFirstOrThrow();
    expect(await epoch(target.db)).toEqual(await epoch(source.db));
    // The next generated id comes after the copied ones.
    const before = await target.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    await sql`insert into audit_log (at, user_id, practice_id, action, entity, entity_id, details)
      values ('2026-11-26T00:00:00Z', null, null, 'copy.check', 'test', null, '{}')`.execute(target.db);
    const after = await target.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    expect(Number(after?.id)).toBe(Number(before?.id ?? 0) + 1);
    await expect(copyDatabase(source.db, target.db, () => {})).rejects.toBeInstanceOf(TargetNotEmptyError);
  });
});
