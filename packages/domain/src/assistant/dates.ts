import { WEEKDAY_NAMES } from '../practices/hours.ts';
import type { Token } from './normalise.ts';
import { MONTH_NAMES } from './words.ts';

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  couple: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

const pad = (n: number) => String(n).padStart(2, '0');

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y ?? 1970, m ?? 1, d ?? 1];
}

function utc(date: string): Date {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d));
}

function iso(value: Date): string {
  return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
}

export function addDays(date: string, days: number): string {
  const value = utc(date);
  value.setUTCDate(value.getUTCDate() + days);
  return iso(value);
}

export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return iso(new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))));
}

export function weekdayOfDate(date: string): number {
  return utc(date).getUTCDay();
}

function validDay(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || d > 31) return null;
  const value = new Date(Date.UTC(y, m - 1, d));
  return value.getUTCMonth() === m - 1 ? iso(value) : null;
}

/** A month and day without a year: this year's, or next year's once this year's has passed. */
function upcoming(today: string, month: number, day: number, year?: number): string | null {
  const [thisYear] = parts(today);
  if (year !== undefined) return validDay(year < 100 ? 2000 + year : year, month, day);
  const date = validDay(thisYear, month, day);
  if (date && date >= today) return date;
  return validDay(thisYear + 1, month, day);
}

/** The first given weekday strictly after today: 'Thursday' said on a Thursday is next week's. */
function nextWeekday(today: string, weekday: number): string {
  const gap = (weekday - weekdayOfDate(today) + 7) % 7;
  return addDays(today, gap === 0 ? 7 : gap);
}

function ordinal(word: string): number | null {
  const match = /^(\d{1,2})(st|nd|rd|th|er|e)?$/.exec(word);
  return match ? Number(match[1]) : null;
}

function count(word: string | undefined): number | null {
  if (word === undefined) return null;
  if (/^\d{1,3}$/.test(word)) return Number(word);
  return NUMBER_WORDS[word] ?? null;
}

function yearAt(tokens: readonly Token[], index: number): number | undefined {
  const word = tokens[index]?.word;
  return word && /^20\d\d$/.test(word) ? Number(word) : undefined;
}

export interface DateHit {
  date: string;
  /** Index of its first token, so 'from Dec 3 to Dec 4' can be told apart. */
  at: number;
}

type Reader = (tokens: readonly Token[], i: number, today: string) => { date: string; length: number } | null;

const READERS: readonly Reader[] = [
  (tokens, i, today) =>
    tokens[i]?.word === 'day' && tokens[i + 1]?.word === 'after' && tokens[i + 2]?.word === 'tomorrow'
      ? { date: addDays(today, 2), length: 3 }
      : null,
  (tokens, i, today) => {
    const word = tokens[i]?.word;
    if (word === 'today' || word === 'tonight') return { date: today, length: 1 };
    if (word === 'tomorrow') return { date: addDays(today, 1), length: 1 };
    if (word === 'yesterday') return { date: addDays(today, -1), length: 1 };
    return null;
  },
  (tokens, i, today) => {
    const word = tokens[i]?.word ?? '';
    const weekday = (WEEKDAY_NAMES as readonly string[]).indexOf(word);
    if (weekday < 0) return null;
    return { date: nextWeekday(today, weekday), length: 1 };
  },
  // 'in 2 weeks', 'in a month', 'in 3 days'
  (tokens, i, today) => {
    if (tokens[i]?.word !== 'in') return null;
    let k = i + 1;
    if (tokens[k]?.word === 'a' && tokens[k + 1]?.word === 'couple') k++;
    if (tokens[k]?.word === 'couple' && tokens[k + 1]?.word === 'of') {
      k++;
    }
    const n = count(tokens[k]?.word === 'of' ? undefined : tokens[k]?.word);
    if (n === null) return null;
    const unit = tokens[k + 1]?.word ?? '';
    const length = k + 2 - i;
    if (/^days?$/.test(unit)) return { date: addDays(today, n), length };
    if (/^weeks?$/.test(unit)) return { date: addDays(today, 7 * n), length };
    if (/^months?$/.test(unit)) return { date: addMonths(today, n), length };
    return null;
  },
  // 'Dec 3', 'December 3rd, 2026'
  (tokens, i, today) => {
    const month = MONTH_NAMES.indexOf(tokens[i]?.word ?? '');
    if (month < 0) return null;
    let k = i + 1;
    if (tokens[k]?.word === 'the') k++;
    const day = ordinal(tokens[k]?.word ?? '');
    if (day === null) return null;
    const year = yearAt(tokens, k + 1);
    const date = upcoming(today, month + 1, day, year);
    return date ? { date, length: k + 1 - i + (year ? 1 : 0) } : null;
  },
  // '3 Dec', 'the 3rd of December', '3 déc.'
  (tokens, i, today) => {
    let k = i;
    if (tokens[k]?.word === 'the') k++;
    const day = ordinal(tokens[k]?.word ?? '');
    if (day === null) return null;
    k++;
    if (tokens[k]?.word === 'of') k++;
    const month = MONTH_NAMES.indexOf(tokens[k]?.word ?? '');
    if (month < 0) return null;
    const year = yearAt(tokens, k + 1);
    const date = upcoming(today, month + 1, day, year);
    return date ? { date, length: k + 1 - i + (year ? 1 : 0) } : null;
  },
  // '2026-12-03', '12/3', '12/3/2026'
  (tokens, i, today) => {
    const word = tokens[i]?.word ?? '';
    const isoMatch = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(word);
    if (isoMatch) {
      const date = validDay(Number(isoMatch[1]), Number(isoMatch[2]), Number(isoMatch[3]));
      return date ? { date, length: 1 } : null;
    }
    const slash = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?$/.exec(word);
    if (!slash) return null;
    const date = upcoming(today, Number(slash[1]), Number(slash[2]), slash[3] ? Number(slash[3]) : undefined);
    return date ? { date, length: 1 } : null;
  },
  // 'the 3rd': this month's, or next month's once passed
  (tokens, i, today) => {
    if (tokens[i]?.word !== 'the') return null;
    const match = /^(\d{1,2})(st|nd|rd|th)$/.exec(tokens[i + 1]?.word ?? '');
    if (!match) return null;
    const [y, m] = parts(today);
    const day = Number(match[1]);
    const date = validDay(y, m, day);
    if (date && date >= today) return { date, length: 2 };
    const next = addMonths(`${y}-${pad(m)}-01`, 1);
    const [ny, nm] = parts(next);
    const later = validDay(ny, nm, day);
    return later ? { date: later, length: 2 } : null;
  },
];

/** Qualifiers read with a date and dropped: 'this Friday', 'next Tuesday', 'on Dec 3'. */
const DATE_LEADS: ReadonlySet<string> = new Set(['this', 'next', 'coming', 'on', 'le']);

/** Every date in the command, in order, their words marked used. */
export function extractDates(tokens: Token[], today: string): DateHit[] {
  const hits: DateHit[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]?.used) continue;
    for (const read of READERS) {
      const found = read(tokens, i, today);
      if (!found) continue;
      for (let k = i; k < i + found.length; k++) (tokens[k] as Token).used = true;
      let start = i;
      while (start > 0 && DATE_LEADS.has(tokens[start - 1]?.word ?? '') && !tokens[start - 1]?.used) {
        start--;
        (tokens[start] as Token).used = true;
      }
      hits.push({ date: found.date, at: start });
      i += found.length - 1;
      const end = dayRangeEnd(tokens, i, found.date);
      if (end) {
        hits.push({ date: end, at: i + 1 });
        i += 2;
      }
      break;
    }
  }
  return hits;
}

const RANGE_WORDS: ReadonlySet<string> = new Set(['to', 'through', 'thru', 'till', 'until']);

/**
 * 'Dec 7 to 11', 'Dec 7-11': a bare day after a month and day ends a range in that month. `last` is the
 * index of the date's last word; the words read are marked used.
 */
function dayRangeEnd(tokens: Token[], last: number, start: string): string | null {
  if (!/^\d{1,2}(st|nd|rd|th)?$/.test(tokens[last]?.word ?? '')) return null;
  const join = tokens[last + 1];
  const end = tokens[last + 2];
  // 'Dec 14 and 15' is two days in a row; 'Dec 14 and 18' is not a range.
  const pair = join?.word === 'and';
  if (!join || !end || !(RANGE_WORDS.has(join.word) || pair)) return null;
  const day = ordinal(end.word);
  const after = tokens[last + 3]?.word ?? '';
  if (day === null || /^(am|pm|a|p|h|oclock|o'clock)$/.test(after) || MONTH_NAMES.includes(after)) return null;
  const [y, m, d] = parts(start);
  const date = day > d && (!pair || day === d + 1) ? validDay(y, m, day) : null;
  if (!date) return null;
  join.used = true;
  end.used = true;
  return date;
}

const PERIODS: readonly [string, string][] = [
  ['this week', 'this_week'],
  ['current week', 'this_week'],
  ['next week', 'next_week'],
  ['last week', 'last_week'],
  ['past week', 'last_week'],
  ['previous week', 'last_week'],
  ['this month', 'this_month'],
  ['current month', 'this_month'],
  ['next month', 'next_month'],
  ['last month', 'last_month'],
  ['past month', 'last_month'],
  ['previous month', 'last_month'],
  ['this year', 'this_year'],
  ['year to date', 'this_year'],
  ['ytd', 'this_year'],
  ['weekly', 'this_week'],
  ['monthly', 'this_month'],
];

/** A named period ('next week', 'last month'), its words marked used. */
export function extractPeriod(tokens: Token[]): string | undefined {
  for (const [phrase, period] of PERIODS) {
    const words = phrase.split(' ');
    for (let i = 0; i + words.length <= tokens.length; i++) {
      if (words.every((word, k) => tokens[i + k]?.word === word && !tokens[i + k]?.used)) {
        for (let k = 0; k < words.length; k++) (tokens[i + k] as Token).used = true;
        return period;
      }
    }
  }
  return undefined;
}

/** The first day of a named period still ahead: 'next week' is next Monday, 'this week' today. */
export function periodStart(period: string, today: string): string {
  const monday = addDays(today, -((weekdayOfDate(today) + 6) % 7));
  const [y, m] = parts(today);
  const firstOfMonth = `${y}-${pad(m)}-01`;
  switch (period) {
    case 'next_week':
      return addDays(monday, 7);
    case 'last_week':
      return addDays(monday, -7);
    case 'next_month':
      return addMonths(firstOfMonth, 1);
    case 'last_month':
      return addMonths(firstOfMonth, -1);
    default:
      return today;
  }
}

const LONG_DATE = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** 'Friday, November 27, 2026', for previews. */
export function longDate(date: string): string {
  return LONG_DATE.format(utc(date));
}
