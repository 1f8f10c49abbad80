import type { FeeCategory, ProcedureFee } from '@dental/domain/clinical/fees';
import type { Selectable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { ProcedureFeesTable } from '../db/schema.ts';

/** A fee as the pull feed sends it: its id is its code. */
export type ProcedureFeeRow = ProcedureFee & { id: string };

function toFee(row: Selectable<ProcedureFeesTable>): ProcedureFeeRow {
  return {
    id: row.code,
    code: row.code,
    description: row.description,
    category: row.category as FeeCategory,
    fee: row.fee,
  };
}

/** The practice's fee schedule, by code. */
export async function procedureFees(db: Db, practiceId: number): Promise<ProcedureFeeRow[]> {
  const rows = await db
    .selectFrom('procedure_fees')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .orderBy('code')
    .execute();
  return rows.map(toFee);
}

export async function feesByCodes(db: Db, practiceId: number, codes: readonly string[]): Promise<ProcedureFeeRow[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .selectFrom('procedure_fees')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('code', 'in', codes)
    .execute();
  return rows.map(toFee);
}

/** Issue 21: one fee changed (cents), and its description when given. */
export async function updateFee(
  db: Db,
  practiceId: number,
  code: string,
  change: { fee: number; description?: string },
): Promise<boolean> {
  const result = await db
    .updateTable('procedure_fees')
    .set({ fee: change.fee, ...(change.description !== undefined ? { description: change.description } : {}) })
    .where('practice_id', '=', practiceId)
    .where('code', '=', code)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Issue 21: the imported fees, added or replacing those with the same code. */
export async function upsertFees(
  db: Db,
  practiceId: number,
  rows: readonly { code: string; description: string; category: string; fee: number }[],
): Promise<void> {
  for (const row of rows) {
    await db
      .insertInto('procedure_fees')
      .values({ practice_id: practiceId, ...row })
      .onConflict((oc) =>
        oc
          .columns(['practice_id', 'code'])
          .doUpdateSet({ description: row.description, category: row.category, fee: row.fee }),
      )
      .execute();
  }
}
