import { type DayHours, WEEKDAY_NAMES, type WeekdayName, type WeeklyHours } from '@dental/domain/practices/hours';
import type { Db } from '../db/connection.ts';
import { recordChange } from './changes.ts';

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
  ) as WeeklyHours;
}

const sameDay = (a: DayHours, b: DayHours) =>
  a.isOpen === b.isOpen && a.openTime === b.openTime && a.closeTime === b.closeTime;

/**
 * Replaces the week's hours and versions each weekday row that changed, so every device's next
 * pull delivers it (the row id of practice_hours is the weekday number). Run it in the route's
 * transaction. Returns the weekdays that changed.
 */
export async function replaceWeeklyHours(
  db: Db,
  practiceId: number,
  hours: WeeklyHours,
  at: Date,
): Promise<WeekdayName[]> {
  const before = await weeklyHours(db, practiceId);
  const changed: WeekdayName[] = [];
  for (const [weekday, name] of WEEKDAY_NAMES.entries()) {
    const day = hours[name];
    if (sameDay(before[name], day)) continue;
    const values = {
      is_open: day.isOpen ? 1 : 0,
      open_time: day.isOpen ? day.openTime : null,
      close_time: day.isOpen ? day.closeTime : null,
    };
    await db
      .insertInto('practice_hours')
      .values({ practice_id: practiceId, weekday, ...values })
      .onConflict((oc) => oc.columns(['practice_id', 'weekday']).doUpdateSet(values))
      .execute();
    await recordChange(db, { practiceId, table: 'practice_hours', rowId: weekday, at });
    changed.push(name);
  }
  return changed;
}
