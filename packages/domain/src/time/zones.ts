import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

const HOUR_MS = 3_600_000;
/** Per zone: the UTC offset (minutes) of each UTC hour, or null for an hour with a change inside it. */
const offsetCache = new Map<string, Map<number, number | null>>();
const OFFSET_CACHE_HOURS = 50_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone's offset (minutes) at an instant, from one cached Intl formatter per zone: dayjs's
 * `tz()` builds a new one on every call (hundreds of microseconds), and a new device converts
 * thousands of appointment times as it stores them.
 */
function exactOffset(epochMs: number, timeZone: string): number {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    formatters.set(timeZone, format);
  }
  const fields: Record<string, string> = {};
  for (const part of format.formatToParts(epochMs)) fields[part.type] = part.value;
  const year = Number(fields.year) * (fields.era === 'BC' ? -1 : 1) + (fields.era === 'BC' ? 1 : 0);
  const wall = Date.UTC(
    year,
    Number(fields.month) - 1,
    Number(fields.day),
    Number(fields.hour),
    Number(fields.minute),
    Number(fields.second),
  );
  const whole = epochMs - (((epochMs % 1000) + 1000) % 1000);
  return Math.round((wall - whole) / 60_000);
}

/** The offset at an instant, remembered per hour; an hour whose two ends disagree is never cached. */
function offsetAt(epochMs: number, timeZone: string): number {
  let zone = offsetCache.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsetCache.set(timeZone, zone);
  }
  const hour = Math.floor(epochMs / HOUR_MS);
  const known = zone.get(hour);
  if (known !== undefined && known !== null) return known;
  if (known === null) return exactOffset(epochMs, timeZone);
  const start = exactOffset(hour * HOUR_MS, timeZone);
  const end = exactOffset((hour + 1) * HOUR_MS - 1, timeZone);
  if (zone.size >= OFFSET_CACHE_HOURS) zone.clear();
  zone.set(hour, start === end ? start : null);
  return start === end ? start : exactOffset(epochMs, timeZone);
}

/** The wall clock at an instant in a zone, as a Date whose UTC fields read that wall clock; null if invalid. */
function wallClock(instant: Date | string, timeZone: string): Date | null {
  const epochMs = instant instanceof Date ? instant.getTime() : Date.parse(instant);
  if (Number.isNaN(epochMs)) return null;
  return new Date(epochMs + offsetAt(epochMs, timeZone) * 60_000);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The practice's calendar date (YYYY-MM-DD) at an instant, whatever the device's own zone. */
export function localDate(instant: Date | string, timeZone: string): string {
  const wall = wallClock(instant, timeZone);
  if (!wall) return dayjs(instant).tz(timeZone).format('YYYY-MM-DD');
  return `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
}

/** The practice's wall-clock time (HH:mm, 24-hour) at an instant. */
export function localTime(instant: Date | string, timeZone: string): string {
  const wall = wallClock(instant, timeZone);
  if (!wall) return dayjs(instant).tz(timeZone).format('HH:mm');
  return `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
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

/**
 * The instant a calendar date of the practice begins (its local midnight), as ISO-8601 UTC: the start of
 * localDayRange, from the cached offsets rather than dayjs, so a report can turn a year of days into instants
 * at once. Canadian clocks change at 2 a.m., so midnight always exists and is never repeated.
 */
export function startOfLocalDay(date: string, timeZone: string): string {
  const wall = Date.parse(`${date}T00:00:00Z`);
  const guess = wall - offsetAt(wall, timeZone) * 60_000;
  return new Date(wall - offsetAt(guess, timeZone) * 60_000).toISOString();
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
