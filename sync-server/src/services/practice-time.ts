import { DEFAULTS } from '@dental/domain/constants';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { Db } from '../db/connection.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

export async function practiceTimezone(db: Db, practiceId: number): Promise<string> {
  const row = await db.selectFrom('practices').select('timezone').where('id', '=', practiceId).executeTakeFirst();
  return row?.timezone ?? DEFAULTS.timezone;
}

/** The practice's local calendar date at this instant. */
export function localDate(now: Date, timeZone: string): string {
  return dayjs(now).tz(timeZone).format('YYYY-MM-DD');
}

/**
 * A local calendar day as [start, end) instants. Computed from each midnight rather than by adding
 * 24 hours: days with a daylight-saving change last 23 or 25 hours.
 */
export function localDayRange(date: string, timeZone: string): { start: string; end: string } {
  const start = dayjs.tz(`${date} 00:00`, timeZone);
  const next = dayjs.utc(date).add(1, 'day').format('YYYY-MM-DD');
  const end = dayjs.tz(`${next} 00:00`, timeZone);
  return { start: start.toDate().toISOString(), end: end.toDate().toISOString() };
}
