import {
  formatClock,
  formatInstantDated,
  formatInstantLongDate,
  formatInstantShort,
  formatInstantTime,
  formatLongDate,
  formatMediumDate,
  formatMoney,
  formatNumber,
  formatPercent,
  formatScheduleClock,
  formatShortDay,
} from '@dental/domain/i18n/formats';
import type { Language } from '@dental/domain/i18n/language';
import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { activeLanguage } from './i18n.ts';

/** The shared formatters bound to one language, so a screen never passes the language around. */
export function formatsFor(language: Language) {
  return {
    language,
    /** 'YYYY-MM-DD' → 'Monday, November 23, 2026' · 'lundi 23 novembre 2026'. */
    longDate: (date: string) => formatLongDate(date, language),
    /** 'YYYY-MM-DD' → 'Nov 23, 2026' · '23 nov. 2026'. */
    mediumDate: (date: string) => formatMediumDate(date, language),
    /** 'YYYY-MM-DD' → 'Mon, Nov 23' · 'lun. 23 nov.'. */
    shortDay: (date: string) => formatShortDay(date, language),
    /** 'HH:MM' → '2:30 PM' · '14 h 30'. */
    clock: (time: string) => formatClock(time, language),
    /** 'HH:MM' as the schedule shows it → '14:30' · '14 h 30'. */
    scheduleClock: (time: string) => formatScheduleClock(time, language),
    instantLongDate: (instant: Date | string, timeZone: string) => formatInstantLongDate(instant, timeZone, language),
    instantTime: (instant: Date | string, timeZone: string) => formatInstantTime(instant, timeZone, language),
    instantShort: (instant: Date | string, timeZone: string) => formatInstantShort(instant, timeZone, language),
    /** With the year, for records that span years: 'Jul 17, 2018, 1:37 PM'. */
    instantDated: (instant: Date | string, timeZone: string) => formatInstantDated(instant, timeZone, language),
    /** '$1,234.56' · '1 234,56 $'. */
    money: (amount: number) => formatMoney(amount, language),
    number: (value: number) => formatNumber(value, language),
    percent: (ratio: number) => formatPercent(ratio, language),
  };
}

export type Formats = ReturnType<typeof formatsFor>;

/** In components: re-renders with the language. */
export function useFormats(): Formats {
  const language = activeLanguage(useLingui().i18n.locale);
  return useMemo(() => formatsFor(language), [language]);
}

/** Outside components (toasts, models): the language active when called. */
export function formats(): Formats {
  return formatsFor(activeLanguage());
}
