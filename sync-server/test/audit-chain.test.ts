import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../src/db/connection.ts';
import { PRACTICE_ROLE } from '../src/db/migrations/0013-practice-isolation.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { writeAudit } from '../src/repos/audit-log.ts';
import { inPracticeTransaction } from '../src/repos/transactions.ts';
import { verifyAuditChain } from '../src/services/audit-trail.ts';
import { fileApp } from './helpers/test-app.ts';
import { onPostgres } from './helpers/test-database.ts';

const t = fileApp();
const dir = mkdtempSync(join(inject('serverTestRoot'), 'audit-chain-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('migration 0026', () => {
  it('chains the rows written before it, per practice, in id order', async () => {
    const db = openDatabase(join(dir, 'before.sqlite'));
    const earlier = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0026'));
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => earlier } }).migrateToLatest();
    if (error) throw error;
    for (const [i, practiceId] of [1, 2, 1, null, 1].entries()) {
      await db
        .insertInto('audit_log')
        .values({
          at: `2026-01-0${i + 1}T12:00:00.000Z`,
          user_id: 1,
          practice_id: practiceId,
          action: 'patient.update',
          entity: 'patient',
          entity_id: String(i),
          details: i === 0 ? '{"a":1}' : null,
        } as never)
        .execute();
    }
    await migrateToLatest(db);
    expect(await verifyAuditChain(db, 1)).toEqual({ ok: true, checked: 3 });
    expect(await verifyAuditChain(db, 2)).toEqual({ ok: true, checked: 1 });
    // New rows continue the chain.
    await writeAudit(db, { at: new Date(), userId: 1, practiceId: 1, action: 'x', entity: 'y', entityId: 1 });
    expect(await verifyAuditChain(db, 1)).toEqual({ ok: true, checked: 4 });
    await db.destroy();
  });
});

describe('concurrent writers', () => {
  it('never fork a practice’s chain', async () => {
    const before = await verifyAuditChain(t.db, 3);
    const writers = Array.from({ length: 12 }, (_, i) =>
      inPracticeTransaction(t.db, { practiceId: 3, writes: i % 2 === 0 }, async (trx) => {
        await writeAudit(trx, {
          at: new Date(Date.UTC(2026, 5, 1, 12, i)),
          userId: null,
          practiceId: 3,
          action: 'test.concurrent',
          entity: 'test',
          entityId: i,
        });
      }),
    );
    await Promise.all(writers);
    expect(await verifyAuditChain(t.db, 3)).toEqual({ ok: true, checked: before.checked + 12 });
  });
});

describe.runIf(onPostgres())('on PostgreSQL', () => {
  it('the practice role may append but not change or remove rows', async () => {
    await expect(
      inPracticeTransaction(t.db, { practiceId: 1, writes: true }, async (trx) => {
        await sql`update audit_log set action = 'x' where practice_id = 1`.execute(trx);
      }),
    ).rejects.toThrow(/permission denied/);
    await expect(
      inPracticeTransaction(t.db, { practiceId: 1, writes: true }, async (trx) => {
        await sql`delete from audit_log where practice_id = 1`.execute(trx);
      }),
    ).rejects.toThrow(/permission denied/);
    const role = await sql<{ current_user: string }>`select current_user`.execute(t.db);
    expect(role.rows[0]?.current_user).not.toBe(PRACTICE_ROLE);
  });
});
