import { DEFAULTS } from '@dental/domain/constants';
import {
  type DayHours,
  nextDateOn,
  parseWeekdayName,
  timeSlots,
  WEEKDAY_NAMES,
  type WeekdayName,
  type WeeklyHours,
  weekdayOf,
} from '@dental/domain/practices/hours';
import { localDate } from '@dental/domain/time/zones';
import type { Db } from '../db/connection.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { announceHoursChange } from '../repos/change-signals.ts';
import { recordChange } from '../repos/changes.ts';
import { saveDayHours, weeklyHours } from '../repos/practice-hours.ts';
import { type Caller, requirePracticeAccess } from './caller.ts';
import type { HoursLookup, PracticeHoursCache } from './practice-hours-cache.ts';
import { practiceTimezone } from './practice-time.ts';

const sameDay = (a: DayHours, b: DayHours) =>
  a.isOpen === b.isOpen && a.openTime === b.openTime && a.closeTime === b.closeTime;

/**
 * Replaces the week's hours and versions each weekday row that changed, so every device's next
 * pull delivers it (the row id of practice_hours is the weekday number). Run it in the request's
 * transaction. Returns the weekdays that changed.
 */
async function replaceWeeklyHours(db: Db, practiceId: number, hours: WeeklyHours, at: Date): Promise<WeekdayName[]> {
  const before = await weeklyHours(db, practiceId);
  const changed: WeekdayName[] = [];
  for (const [weekday, name] of WEEKDAY_NAMES.entries()) {
    const day = hours[name];
    if (sameDay(before[name], day)) continue;
    await saveDayHours(db, practiceId, weekday, {
      is_open: day.isOpen ? 1 : 0,
      open_time: day.isOpen ? day.openTime : null,
      close_time: day.isOpen ? day.closeTime : null,
    });
    await recordChange(db, { practiceId, table: 'practice_hours', rowId: weekday, at });
    changed.push(name);
  }
  return changed;
}

/** The practice's hours from the cache, or read now; only for a practice the caller may access. */
export function hoursOfPractice(
  db: Db,
  caller: Caller,
  practiceId: number,
  cache: PracticeHoursCache,
): Promise<HoursLookup> {
  requirePracticeAccess(caller, practiceId);
  return cache.get(practiceId, () => weeklyHours(db, practiceId));
}

/** Replaces the week's hours, drops the cached copy and audits which days changed. */
export async function updatePracticeHours(
  db: Db,
  caller: Caller,
  change: { practiceId: number; hours: WeeklyHours; now: Date },
  cache: PracticeHoursCache,
): Promise<WeeklyHours> {
  const { practiceId, now } = change;
  requirePracticeAccess(caller, practiceId);
  const changedDays = await replaceWeeklyHours(db, practiceId, change.hours, now);
  cache.invalidate(practiceId);
  await announceHoursChange(db, practiceId);
  await writeAudit(db, {
    at: now,
    userId: caller.account.row.id,
    practiceId,
    action: 'practice_hours.update',
    entity: 'practice_hours',
    entityId: practiceId,
    details: { changedDays },
  });
  return weeklyHours(db, practiceId);
}

/** Drops the practice's cached hours, audited; true when there were live ones. */
export async function clearCachedHours(
  db: Db,
  caller: Caller,
  practiceId: number,
  now: Date,
  cache: PracticeHoursCache,
): Promise<boolean> {
  requirePracticeAccess(caller, practiceId);
  const cleared = cache.invalidate(practiceId);
  await announceHoursChange(db, practiceId);
  await writeAudit(db, {
    at: now,
    userId: caller.account.row.id,
    practiceId,
    action: 'practice_hours.cache_clear',
    entity: 'practice_hours',
    entityId: practiceId,
    details: { cleared },
  });
  return cleared;
}

/** One-hour rows for the schedule's 1-hour view (spec 9 row heights); 30-minute slots otherwise. */
const COMPRESSED_STEP_MINUTES = 60;

/**
 * Bookable start times of a day: a date of the practice, or a weekday name meaning its next
 * occurrence (only the weekday matters to the slots); today on the practice's clock when left out.
 */
export async function practiceTimeSlots(
  db: Db,
  caller: Caller,
  request: { practiceId: number; day?: string | undefined; compressed: boolean; now: Date },
  cache: PracticeHoursCache,
) {
  const { practiceId } = request;
  const { hours, cached } = await hoursOfPractice(db, caller, practiceId, cache);
  const today = localDate(request.now, await practiceTimezone(db, practiceId));
  const weekday: WeekdayName | undefined = request.day ? parseWeekdayName(request.day) : undefined;
  const date = weekday ? nextDateOn(today, weekday) : (request.day ?? today);
  const stepMinutes = request.compressed ? COMPRESSED_STEP_MINUTES : DEFAULTS.timeSlotMinutes;
  return {
    practiceId,
    day: weekdayOf(date),
    date,
    compressed: request.compressed,
    stepMinutes,
    timeSlots: timeSlots(hours, date, stepMinutes),
    cached,
  };
}
