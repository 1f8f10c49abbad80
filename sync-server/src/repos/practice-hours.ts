import { type DayHours, WEEKDAY_NAMES, type WeekdayName, type WeeklyHours } from '@dental/domain/practices/hours';
import type { PracticeHoursDay } from '@dental/domain/sync/protocol';
import type { Db } from '../db/connection.ts';
import type { PracticeHoursTable } from '../db/schema.ts';

/** A practice's opening hours by weekday; a weekday without a row is closed. */
export async function weeklyHours(db: Db, practiceId: number): Promise<WeeklyHours> {
  const rows = await db.selectFrom('practice_hours').selectAll().where('practice_id', '=', practiceId).execute();
  return Object.fromEntries(
    WEEKDAY_NAMES.map((name, weekday) => {
      const row = rows.find((candidate) => candidate.weekday === weekday);
      const isOpen = row?.is_open === 1;
      return [
        name,
        {
          openTime: isOpen ? (row?.open_time ?? null) : null,
          closeTime: isOpen ? (row?.close_time ?? null) : null,
          isOpen,
          closed: !isOpen,
        },
      ];
    }),
  ) as Record<WeekdayName, DayHours>;
}

export type DayHoursColumns = Pick<PracticeHoursTable, 'is_open' | 'open_time' | 'close_time'>;

export async function saveDayHours(db: Db, practiceId: number, weekday: number, values: DayHoursColumns) {
  await db
    .insertInto('practice_hours')
    .values({ practice_id: practiceId, weekday, ...values })
    .onConflict((oc) => oc.columns(['practice_id', 'weekday']).doUpdateSet(values))
    .execute();
}

/** The given weekdays' rows in the shape the pull feed sends, keyed by weekday number. */
export async function practiceHoursDays(
  db: Db,
  practiceId: number,
  weekdays: readonly number[],
): Promise<[string, PracticeHoursDay][]> {
  if (weekdays.length === 0) return [];
  const rows = await db
    .selectFrom('practice_hours')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('weekday', 'in', weekdays)
    .execute();
  return rows.map((row): [string, PracticeHoursDay] => {
    const isOpen = row.is_open === 1;
    return [
      String(row.weekday),
      {
        weekday: row.weekday,
        name: WEEKDAY_NAMES[row.weekday] ?? 'sunday',
        openTime: isOpen ? row.open_time : null,
        closeTime: isOpen ? row.close_time : null,
        isOpen,
        closed: !isOpen,
      },
    ];
  });
}
