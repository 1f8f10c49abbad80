import type { ChartLock } from '@dental/domain/clinical/lock';
import type { Selectable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { ChartLocksTable } from '../db/schema.ts';

function toLock(row: Selectable<ChartLocksTable>): ChartLock {
  return {
    patientId: row.patient_id,
    holderId: row.holder_id,
    holderName: row.holder_name,
    deviceId: row.device_id,
    acquiredAt: row.acquired_at,
    expiresAt: row.expires_at,
  };
}

/** The lock row of a patient's chart, live or lapsed. */
export async function findChartLock(db: Db, practiceId: number, patientId: string): Promise<ChartLock | undefined> {
  const row = await db
    .selectFrom('chart_locks')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('patient_id', '=', patientId)
    .executeTakeFirst();
  return row ? toLock(row) : undefined;
}

export async function saveChartLock(db: Db, practiceId: number, lock: ChartLock): Promise<void> {
  const values = {
    holder_id: lock.holderId,
    holder_name: lock.holderName,
    device_id: lock.deviceId,
    acquired_at: lock.acquiredAt,
    expires_at: lock.expiresAt,
  };
  await db
    .insertInto('chart_locks')
    .values({ practice_id: practiceId, patient_id: lock.patientId, ...values })
    .onConflict((oc) => oc.columns(['practice_id', 'patient_id']).doUpdateSet(values))
    .execute();
}

export async function deleteChartLock(db: Db, practiceId: number, patientId: string): Promise<void> {
  await db
    .deleteFrom('chart_locks')
    .where('practice_id', '=', practiceId)
    .where('patient_id', '=', patientId)
    .execute();
}
