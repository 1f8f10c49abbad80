import type { Db } from '../db/connection.ts';

/** The practice's decisions about its holidays, observed date → closed, for the dates between from and to. */
export async function holidayChoices(
  db: Db,
  practiceId: number,
  range?: { from: string; to: string },
): Promise<Record<string, boolean>> {
  let query = db
    .selectFrom('practice_holiday_closures')
    .select(['holiday_date', 'closed'])
    .where('practice_id', '=', practiceId);
  if (range) query = query.where('holiday_date', '>=', range.from).where('holiday_date', '<=', range.to);
  const rows = await query.execute();
  return Object.fromEntries(rows.map((row) => [row.holiday_date, row.closed === 1]));
}

export async function saveHolidayChoice(
  db: Db,
  practiceId: number,
  choice: { date: string; key: string; closed: boolean; at: Date },
): Promise<void> {
  const values = { holiday_key: choice.key, closed: choice.closed ? 1 : 0, updated_at: choice.at.toISOString() };
  await db
    .insertInto('practice_holiday_closures')
    .values({ practice_id: practiceId, holiday_date: choice.date, ...values })
    .onConflict((oc) => oc.columns(['practice_id', 'holiday_date']).doUpdateSet(values))
    .execute();
}
