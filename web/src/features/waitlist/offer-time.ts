import { formatScheduleClock, formatShortDay } from '@dental/domain/i18n/formats';
import type { Language } from '@dental/domain/i18n/language';
import { localDate, localTime } from '@dental/domain/time/zones';

/** An offer's slot as the schedule reads it: 'Mon, Feb 1 · 10:30'. */
export function slotLabel(start: string, timeZone: string, language: Language): string {
  return `${formatShortDay(localDate(start, timeZone), language)} · ${slotClock(start, timeZone, language)}`;
}

/** The slot's start on the schedule's clock: '10:30' · '10 h 30'. */
export function slotClock(start: string, timeZone: string, language: Language): string {
  return formatScheduleClock(localTime(start, timeZone), language);
}
