import { DomainError, invalidInput } from '@dental/domain/errors';
import { parseFeeCsv } from '@dental/domain/settings/fee-csv';
import type { Db } from '../db/connection.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { recordChange } from '../repos/changes.ts';
import { feesByCodes, updateFee, upsertFees } from '../repos/procedure-fees.ts';
import type { Caller } from './caller.ts';

/**
 * Issue 21: the practice's fee schedule edited from settings (the demo's is a labelled sample). Fees are
 * synced to devices (treatment plans price from them), so each change is recorded in the change log.
 */
export async function editFee(
  db: Db,
  caller: Caller,
  practiceId: number,
  code: string,
  change: { fee: number; description?: string },
  at: Date,
) {
  const [before] = await feesByCodes(db, practiceId, [code]);
  if (!before || !(await updateFee(db, practiceId, code, change))) {
    throw new DomainError('NOT_FOUND', 'Fee not found.');
  }
  await recordChange(db, { practiceId, table: 'procedure_fees', rowId: code, at });
  await writeAudit(db, {
    at,
    userId: caller.account.row.id,
    practiceId,
    action: 'fee.update',
    entity: 'procedure_fee',
    entityId: code,
    details: { from: before.fee, to: change.fee, ...(change.description ? { description: change.description } : {}) },
  });
  const [after] = await feesByCodes(db, practiceId, [code]);
  return after;
}

/** All or nothing: any invalid line refuses the whole file, every error named by line. */
export async function importFees(db: Db, caller: Caller, practiceId: number, csv: string, at: Date) {
  const parsed = parseFeeCsv(csv);
  if (!parsed.ok) {
    throw invalidInput(parsed.errors.map((message) => ({ field: 'csv', message })));
  }
  const existing = new Set(
    (
      await feesByCodes(
        db,
        practiceId,
        parsed.rows.map((row) => row.code),
      )
    ).map((f) => f.code),
  );
  await upsertFees(db, practiceId, parsed.rows);
  for (const row of parsed.rows) await recordChange(db, { practiceId, table: 'procedure_fees', rowId: row.code, at });
  const created = parsed.rows.filter((row) => !existing.has(row.code)).length;
  const result = { imported: parsed.rows.length, created, updated: parsed.rows.length - created };
  await writeAudit(db, {
    at,
    userId: caller.account.row.id,
    practiceId,
    action: 'fee.import',
    entity: 'procedure_fee',
    entityId: null,
    details: result,
  });
  return result;
}
