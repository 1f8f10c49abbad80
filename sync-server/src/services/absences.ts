import type { AbsenceWindow } from '@dental/domain/scheduling/conflicts';
import type { Db } from '../db/connection.ts';

/** Absences of the practice touching any day from startDate to endDate (practice dates), optionally of one provider. */
export async function absencesBetween(
  db: Db,
  practiceId: number,
  startDate: string,
  endDate: string,
  providerId?: number,
): Promise<AbsenceWindow[]> {
  let query = db
    .selectFrom('provider_absences')
    .select(['id', 'provider_id', 'start_date', 'end_date', 'reason'])
    .where('practice_id', '=', practiceId)
    .where('start_date', '<=', endDate)
    .where('end_date', '>=', startDate);
  if (providerId !== undefined) query = query.where('provider_id', '=', providerId);
  const rows = await query.orderBy('start_date').orderBy('id').execute();
  return rows.map((row) => ({
    id: row.id,
    providerId: row.provider_id,
    startDate: row.start_date,
    endDate: row.end_date,
    reason: row.reason,
  }));
}
