import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The practice's calendar date (YYYY-MM-DD) at an instant, whatever the device's own zone. */
export function localDate(instant: Date | string, timeZone: string): string {
  return dayjs(instant).tz(timeZone).format('YYYY-MM-DD');
}

/** The practice's wall-clock time (HH:mm, 24-hour) at an instant. */
export function localTime(instant: Date | string, timeZone: string): string {
  return dayjs(instant).tz(timeZone).format('HH:mm');
}

/** The instant of a wall-clock date and time in the practice's zone, as ISO-8601 UTC. */
export function instantAt(date: string, time: string, timeZone: string): string {
  return dayjs.tz(`${date} ${time}`, timeZone).toDate().toISOString();
}

/**
 * A local calendar day as [start, end) instants. Computed from each midnight rather than by adding
 * 24 hours: days with a daylight-saving change last 23 or 25 hours.
 */
export function localDayRange(date: string, timeZone: string): { start: string; end: string } {
  const next = dayjs.utc(date).add(1, 'day').format('YYYY-MM-DD');
  return { start: instantAt(date, '00:00', timeZone), end: instantAt(next, '00:00', timeZone) };
}

/** Long date in the practice's zone, whatever the device's zone: "Sunday, November 22, 2026". */
export function longDate(instant: Date | string, timeZone: string): string {
  return dayjs(instant).tz(timeZone).format('dddd, MMMM D, YYYY');
}

/** Whether the platform knows a zone name: a bad stored setting must not throw deep inside a formatter. */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Short date and time on the practice's clock, for "last synced" and notification times: "Nov 22, 3:05 PM". */
export function shortDateTime(instant: Date | string, timeZone: string): string {
  return dayjs(instant).tz(timeZone).format('MMM D, h:mm A');
}
