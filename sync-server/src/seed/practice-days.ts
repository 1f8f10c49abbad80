import { SCHEDULING } from '@dental/domain/constants';
import { closedHolidayOn } from '@dental/domain/practices/holidays';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { PracticeSeed } from './practices.ts';
import { addDays } from './random.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

export const SLOT_MINUTES = SCHEDULING.durationStepMinutes;
export const MINUTE_MS = 60_000;

/** One open day of a practice, cut into bookable slots from opening to closing time. */
export interface PracticeDay {
  /** The practice's local calendar date, YYYY-MM-DD. */
  date: string;
  weekday: number;
  /** Whole days from the practice's local today: negative in the past. */
  offset: number;
  /** The opening instant, as milliseconds since the epoch. */
  openMs: number;
  openMinutes: number;
  slots: number;
}

export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/**
 * The open days from `daysBefore` days before the practice's local today to `daysAfter` after: not its
 * closed weekdays, nor the statutory holidays of its province (closed by default, as a new practice is).
 * Opening times are wall-clock times in the practice's zone; daylight-saving changes happen at
 * 2 a.m., before any practice opens, so the offset at opening holds for the whole day.
 */
export function practiceDays(practice: PracticeSeed, now: Date, daysBefore: number, daysAfter: number): PracticeDay[] {
  const today = dayjs(now).tz(practice.timezone).format('YYYY-MM-DD');
  const days: PracticeDay[] = [];
  for (let offset = -daysBefore; offset <= daysAfter; offset++) {
    const date = addDays(today, offset);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const hours = practice.hours[weekday];
    if (!hours || closedHolidayOn({ province: practice.province, choices: {} }, date)) continue;
    const openMinutes = minutesOf(hours.open);
    const slots = Math.floor((minutesOf(hours.close) - openMinutes) / SLOT_MINUTES);
    const openMs = dayjs.tz(`${date} ${hours.open}`, practice.timezone).valueOf();
    days.push({ date, weekday, offset, openMs, openMinutes, slots });
  }
  return days;
}
