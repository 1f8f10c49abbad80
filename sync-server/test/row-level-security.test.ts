import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRACTICE_ROLE } from '../src/db/migrations/0013-practice-isolation.ts';
import { inPracticeTransaction } from '../src/repos/transactions.ts';
import { onPostgres, seededDatabase, type TestDatabase } from './helpers/test-database.ts';

// Row-level security exists on PostgreSQL only (SQLite has no such wall): this file runs in the
// PostgreSQL pass of `npm test` and is skipped in the SQLite one.
describe.runIf(onPostgres())('row-level security: a second wall behind every practice filter', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await seededDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  const ownerCount = async (table: 'patients' | 'appointments', practiceId?: number) => {
    let query = database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
    if (practiceId !== undefined) query = query.where('practice_id', '=', practiceId);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };

  it('a query that forgets its practice filter sees only the practice of its transaction', async () => {
    const all = await ownerCount('patients');
    const mine = await ownerCount('patients', 1);
    expect(mine).toBeGreaterThan(0);
    expect(all).toBeGreaterThan(mine);
    const seen = await inPracticeTransaction(database.db, { practiceId: 1, writes: false }, async (trx) => {
      const unfiltered = await trx
        .selectFrom('patients')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const practices = await trx.selectFrom('appointments').select('practice_id').distinct().execute();
      return { patients: Number(unfiltered.n), practices: practices.map((row) => row.practice_id) };
    });
    expect(seen.patients).toBe(mine);
    expect(seen.practices).toEqual([1]);
  });

  it("asking for another practice's rows by name finds none, and changes none", async () => {
    const before = await ownerCount('patients', 2);
    const result = await inPracticeTransaction(database.db, { practiceId: 1, writes: true }, async (trx) => {
      const rows = await trx.selectFrom('patients').select('id').where('practice_id', '=', 2).execute();
      const updated = await trx
        .updateTable('patients')
        .set({ first_name: 'Overwritten' })
        .where('practice_id', '=', 2)
        .executeTakeFirst();
      const deleted = await trx.deleteFrom('appointments').where('practice_id', '=', 2).executeTakeFirst();
      return { rows: rows.length, updated: Number(updated.numUpdatedRows), deleted: Number(deleted.numDeletedRows) };
    });
    expect(result).toEqual({ rows: 0, updated: 0, deleted: 0 });
    expect(await ownerCount('patients', 2)).toBe(before);
    const overwritten = await database.db
      .selectFrom('patients')
      .select('id')
      .where('first_name', '=', 'Overwritten')
      .execute();
    expect(overwritten).toEqual([]);
  });

  it("refuses to write a row into another practice from this practice's transaction", async () => {
    const template = await database.db
      .selectFrom('patients')
      .selectAll()
      .where('practice_id', '=', 1)
      .executeTakeFirstOrThrow();
    await expect(
      inPracticeTransaction(database.db, { practiceId: 1, writes: true }, (trx) =>
        trx
          .insertInto('patients')
          .values({ ...template, id: randomUUID(), practice_id: 2 })
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
  });

  it('a query as the practice role with no practice set fails instead of seeing every practice', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await sql`select set_config('role', ${PRACTICE_ROLE}, true)`.execute(trx);
        return trx.selectFrom('patients').select('id').execute();
      }),
    ).rejects.toThrow(/dental\.practice_id|invalid input syntax/);
  });
});
