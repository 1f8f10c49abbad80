import { DEFAULTS } from '../constants.ts';
import { INTL_LOCALE, type Language } from './language.ts';

// Intl formatters are costly to build and a schedule formats hundreds of times a render.
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let format = cache.get(key) as F | undefined;
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

function dateFormat(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(
    `d|${language}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(INTL_LOCALE[language], options),
  );
}

function numberFormat(language: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(
    `n|${language}|${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(INTL_LOCALE[language], options),
  );
}

/** A wall-clock 'HH:MM' as an instant on a fixed UTC day, to format with timeZone 'UTC'; null when it is not one. */
function wallClock(clock: string): Date | null {
  const match = /^(\d{1,2}):(\d{2})/.exec(clock);
  return match ? new Date(Date.UTC(2000, 0, 1, Number(match[1]) % 24, Number(match[2]))) : null;
}

/** A calendar day ('YYYY-MM-DD') as noon UTC, so no zone can move it to the day before or after. */
function calendarDay(date: string): Date {
  return new Date(`${date.slice(0, 10)}T12:00:00Z`);
}

/** 'Monday, November 23, 2026' · 'lundi 23 novembre 2026'. */
export function formatLongDate(date: string, language: Language): string {
  return dateFormat(language, { dateStyle: 'full', timeZone: 'UTC' }).format(calendarDay(date));
}

/** 'Nov 23, 2026' · '23 nov. 2026'. */
export function formatMediumDate(date: string, language: Language): string {
  return dateFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(calendarDay(date));
}

/** 'Mon, Nov 23' · 'lun. 23 nov.'. */
export function formatShortDay(date: string, language: Language): string {
  return dateFormat(language, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    calendarDay(date),
  );
}

/** A wall-clock time 'HH:MM' (24-hour): '2:30 PM' · '14 h 30'. */
export function formatClock(clock: string, language: Language): string {
  const at = wallClock(clock);
  return at ? dateFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(at) : clock;
}

/** The schedule's clock: 24-hour in English as its grid, lists and toasts read ('09:00'), '9 h 00' in French. */
const SCHEDULE_CLOCK: Readonly<Record<Language, Intl.DateTimeFormatOptions>> = {
  en: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' },
  fr: { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' },
};

/** A wall-clock time 'HH:MM' as the schedule shows it: '14:30' · '14 h 30'. */
export function formatScheduleClock(clock: string, language: Language): string {
  const at = wallClock(clock);
  return at ? dateFormat(language, SCHEDULE_CLOCK[language]).format(at) : clock;
}

/** An instant's long date in a zone, whatever the device's zone. */
export function formatInstantLongDate(instant: Date | string, timeZone: string, language: Language): string {
  return dateFormat(language, { dateStyle: 'full', timeZone }).format(new Date(instant));
}

/** An instant's time in a zone: '2:30 PM' · '14 h 30'. */
export function formatInstantTime(instant: Date | string, timeZone: string, language: Language): string {
  return dateFormat(language, { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(instant));
}

/** An instant's short date and time in a zone: 'Nov 22, 3:05 PM' · '22 nov., 15 h 05'. */
export function formatInstantShort(instant: Date | string, timeZone: string, language: Language): string {
  return dateFormat(language, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone }).format(
    new Date(instant),
  );
}

/** 'Jul 17, 2018, 1:37 PM' · '17 juil. 2018, 13 h 37': a moment of a record that spans years (a chart). */
export function formatInstantDated(instant: Date | string, timeZone: string, language: Language): string {
  return dateFormat(language, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(instant));
}

/** '$1,234.56' · '1 234,56 $'. English keeps the spec's currency display; French reads Canadian dollars. */
export function formatMoney(amount: number, language: Language): string {
  const currency = language === 'fr' ? 'CAD' : DEFAULTS.currency;
  return numberFormat(language, { style: 'currency', currency }).format(amount);
}

/** '1,234' · '1 234'. */
export function formatNumber(value: number, language: Language): string {
  return numberFormat(language, {}).format(value);
}

/** '12%' · '12 %'. */
export function formatPercent(ratio: number, language: Language): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(ratio);
}
