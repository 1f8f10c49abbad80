import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A change of a zone's UTC offset: the instant and the offsets (minutes east of UTC) before and after. */
export interface ZoneTransition {
  at: string;
  offsetBefore: number;
  offsetAfter: number;
  /** 'daylight' when clocks go forward, 'standard' when they go back. */
  kind: 'daylight' | 'standard';
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const offsetAt = (timeZone: string, epochMs: number): number => dayjs(epochMs).tz(timeZone).utcOffset();

/**
 * The zone's next offset changes after `from`, at most `count`, within `horizonDays`, computed from the
 * platform's zone data through dayjs timezone: a day-by-day walk, then a search to the minute.
 * Empty for a zone whose clocks never change (Saskatchewan, Yukon).
 */
export function nextTransitions(timeZone: string, from: Date, count = 2, horizonDays = 800): ZoneTransition[] {
  const found: ZoneTransition[] = [];
  let start = from.getTime();
  let before = offsetAt(timeZone, start);
  for (let day = 1; day <= horizonDays && found.length < count; day += 1) {
    const end = from.getTime() + day * DAY;
    const after = offsetAt(timeZone, end);
    if (after !== before) {
      let low = start;
      let high = end;
      while (high - low > 1000) {
        const middle = Math.floor((low + high) / 2);
        if (offsetAt(timeZone, middle) === before) low = middle;
        else high = middle;
      }
      // Changes fall on whole minutes: the change is the minute within the last second searched.
      found.push({
        at: new Date(Math.floor(high / MINUTE) * MINUTE).toISOString(),
        offsetBefore: before,
        offsetAfter: after,
        kind: after > before ? 'daylight' : 'standard',
      });
    }
    start = end;
    before = after;
  }
  return found;
}
