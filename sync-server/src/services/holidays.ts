import type { Province } from '@dental/domain/constants';
import { invalidInput } from '@dental/domain/errors';
import {
  HOLIDAYS_ROW_ID,
  type Holiday,
  type HolidayCalendar,
  holidaysFor,
  isClosedHoliday,
  isProvince,
  type PracticeHoliday,
  type PracticeHolidaysResponse,
} from '@dental/domain/practices/holidays';
import type { WeeklyHours } from '@dental/domain/practices/hours';
import type { Db } from '../db/connection.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { recordChange } from '../repos/changes.ts';
import { holidayChoices, saveHolidayChoice } from '../repos/holiday-closures.ts';
import { weeklyHours } from '../repos/practice-hours.ts';
import { practicePlace } from '../repos/practices.ts';
import type { Caller } from './caller.ts';

/** The holidays of a province and year in the public shape of GET /api/holidays. */
export function publicHolidays(province: Province, year: number) {
  return holidaysFor(province, year).map(({ date, name, nameFr, observedFor }) =>
    observedFor ? { date, name, nameFr, observedFor } : { date, name, nameFr },
  );
}

async function practiceProvince(db: Db, practiceId: number): Promise<Province | undefined> {
  const place = await practicePlace(db, practiceId);
  return isProvince(place?.province) ? place.province : undefined;
}

/** The practice's holiday calendar (its province and its choices); undefined when its province is unknown. */
export async function practiceHolidayCalendar(db: Db, practiceId: number): Promise<HolidayCalendar | undefined> {
  const province = await practiceProvince(db, practiceId);
  if (!province) return undefined;
  return { province, choices: await holidayChoices(db, practiceId) };
}

/** The week's hours with the practice's closed holidays, as the booking rules judge them. */
export async function hoursWithHolidays(db: Db, practiceId: number): Promise<WeeklyHours> {
  const hours = await weeklyHours(db, practiceId);
  const holidays = await practiceHolidayCalendar(db, practiceId);
  return holidays ? { ...hours, holidays } : hours;
}

/** The calendar as the practice_hours sync table carries it (row id 'holidays'). */
export async function holidaysSyncRow(db: Db, practiceId: number): Promise<[string, object][]> {
  const calendar = await practiceHolidayCalendar(db, practiceId);
  return calendar ? [[HOLIDAYS_ROW_ID, { id: HOLIDAYS_ROW_ID, ...calendar }]] : [];
}

/**
 * Puts the practice's holiday calendar on every device's next pull. Call it in the transaction of any
 * change to what the calendar holds: the practice's choices, its province, a new practice.
 */
export async function versionHolidayCalendar(db: Db, practiceId: number, at: Date): Promise<void> {
  await recordChange(db, { practiceId, table: 'practice_hours', rowId: HOLIDAYS_ROW_ID, at });
}

/** The practice's province's holidays of a year, each with whether the practice is closed on it. */
export async function practiceHolidays(db: Db, practiceId: number, year: number): Promise<PracticeHolidaysResponse> {
  const province = await practiceProvince(db, practiceId);
  if (!province) return { province: null, year, holidays: [] };
  const choices = await holidayChoices(db, practiceId, { from: `${year}-01-01`, to: `${year}-12-31` });
  const holidays = holidaysFor(province, year).map(
    (holiday: Holiday): PracticeHoliday => ({ ...holiday, closed: isClosedHoliday(holiday, choices) }),
  );
  return { province, year, holidays };
}

/**
 * Records which of the year's holidays the practice closes on (`closed`, observed dates): every other
 * holiday of that year is open. Versions the calendar so every device's next pull delivers it; audited.
 */
export async function setPracticeHolidays(
  db: Db,
  caller: Caller,
  change: { practiceId: number; year: number; closed: readonly string[]; now: Date },
) {
  const { practiceId, year, now } = change;
  const province = await practiceProvince(db, practiceId);
  if (!province) {
    throw invalidInput([{ field: 'province', message: 'The practice has no Canadian province to take holidays from' }]);
  }
  const holidays = holidaysFor(province, year);
  const dates = new Set(holidays.map((holiday) => holiday.date));
  const stranger = change.closed.find((date) => !dates.has(date));
  if (stranger !== undefined) {
    throw invalidInput([
      { field: 'closed', message: `closed must list holidays of ${year} in ${province}: ${stranger} is not one` },
    ]);
  }
  const closed = new Set(change.closed);
  for (const holiday of holidays) {
    await saveHolidayChoice(db, practiceId, {
      date: holiday.date,
      key: holiday.key,
      closed: closed.has(holiday.date),
      at: now,
    });
  }
  await versionHolidayCalendar(db, practiceId, now);
  await writeAudit(db, {
    at: now,
    userId: caller.account.row.id,
    practiceId,
    action: 'practice_holidays.update',
    entity: 'practice_holiday_closures',
    entityId: practiceId,
    details: { year, closed: [...closed].sort() },
  });
  return practiceHolidays(db, practiceId, year);
}
