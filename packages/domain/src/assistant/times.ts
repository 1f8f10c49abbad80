import type { Token } from './normalise.ts';

const pad = (n: number) => String(n).padStart(2, '0');

export interface TimeHit {
  time: string;
  at: number;
}

/** Words after which a bare number is a clock hour: 'at 2', 'from 9 to 12', 'à 14h'. */
const TIME_LEADS: ReadonlySet<string> = new Set(['at', 'a', 'from', 'to', 'till', 'until', 'between', 'and', 'by']);
/** Words after a number that make it something other than a time: '2 weeks', 'room 3', '3 patients'. */
const DAY_WORDS = /^(today|tomorrow|tonight|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/;
const NOT_TIME_AFTER = /^(minutes|hours?|days?|weeks?|months?|years?|patients?|appointments?|times|st|nd|rd|th)$/;

/** Opening and closing minutes used to read a bare hour: '2' is 14:00 when the practice is open then. */
export interface ClinicSpan {
  open: number;
  close: number;
}

/** The clinic-hours reading of an hour typed without am or pm. */
function clinicHour(hour: number, span: ClinicSpan): number {
  if (hour >= 13 || hour === 0) return hour;
  if (hour === 12) return 12;
  const inside = (h: number) => h * 60 >= span.open && h * 60 < span.close;
  if (inside(hour)) return hour;
  if (inside(hour + 12)) return hour + 12;
  return hour < 7 ? hour + 12 : hour;
}

function clock(hour: number, minute: number): string | null {
  if (hour > 23 || minute > 59) return null;
  return `${pad(hour)}:${pad(minute)}`;
}

function meridiemOf(word: string | undefined): 'am' | 'pm' | null {
  if (word === 'am' || word === 'a') return 'am';
  if (word === 'pm' || word === 'p') return 'pm';
  return null;
}

/** Every clock time in the command, in order, their words marked used. */
export function extractTimes(tokens: Token[], span: ClinicSpan): TimeHit[] {
  const hits: TimeHit[] = [];
  const take = (from: number, length: number, time: string | null) => {
    if (!time) return;
    for (let k = from; k < from + length; k++) (tokens[k] as Token).used = true;
    let start = from;
    const before = tokens[start - 1];
    if (before && !before.used && (before.word === 'at' || before.word === 'a')) {
      before.used = true;
      start--;
    }
    hits.push({ time, at: start });
  };
  readRanges(tokens, span, take);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.used) continue;
    const word = token.word;
    if (word === 'noon') {
      take(i, 1, '12:00');
      continue;
    }
    const spoken = spokenTime(tokens, i, span);
    if (spoken) {
      take(i, spoken.length, spoken.time);
      continue;
    }
    // '1430', '0930': a 24-hour clock without its colon; an hour past 18 would be a year ('1984').
    const military = /^([01]\d)([0-5]\d)$/.exec(word);
    if (military && Number(military[1]) >= 6 && Number(military[1]) <= 18) {
      take(i, 1, clock(Number(military[1]), Number(military[2])));
      continue;
    }
    const match = /^(\d{1,2})(?:[:h](\d{2}))?(am|pm|a|p|h)?$/.exec(word);
    if (!match) continue;
    const hour = Number(match[1]);
    const minute = match[2] ? Number(match[2]) : 0;
    const suffix = match[3];
    const next = tokens[i + 1]?.word;
    const nextMeridiem = suffix ? null : meridiemOf(next === 'a' || next === 'p' ? undefined : next);
    const meridiem = suffix === 'am' || suffix === 'a' ? 'am' : suffix === 'pm' || suffix === 'p' ? 'pm' : nextMeridiem;
    if (meridiem) {
      if (hour < 1 || hour > 12) continue;
      const h24 = (hour % 12) + (meridiem === 'pm' ? 12 : 0);
      take(i, nextMeridiem ? 2 : 1, clock(h24, minute));
      continue;
    }
    if (suffix === 'h' || match[2]) {
      // '14h30', '14h', '2:30': a clock time; a small hour is read in clinic hours.
      if (suffix === 'h' && !match[2] && hour <= 4 && !TIME_LEADS.has(tokens[i - 1]?.word ?? '')) continue;
      take(i, 1, clock(clinicHour(hour, span), minute));
      continue;
    }
    if (next === "o'clock" || next === 'oclock') {
      take(i, 2, clock(clinicHour(hour, span), 0));
      continue;
    }
    const before = tokens[i - 1]?.word ?? '';
    // 'tomorrow 10', 'friday 2': a bare hour right after a day word is that day's time.
    const afterDay = tokens[i - 1]?.used === true && DAY_WORDS.test(before);
    if ((!TIME_LEADS.has(before) && !afterDay) || hour > 23) continue;
    if (next !== undefined && NOT_TIME_AFTER.test(next)) continue;
    // 'from 9 to 12' and 'between 1 and 3' need one side to be a time already or to follow.
    if ((before === 'to' || before === 'and') && hits.length === 0 && !isHourAt(tokens, i + 1)) {
      const lead = tokens[i - 2]?.word ?? '';
      if (!/^\d{1,2}$/.test(lead)) continue;
    }
    take(i, 1, clock(clinicHour(hour, span), 0));
  }
  return hits;
}

const CLOCK = /^(\d{1,2})(?:[:h](\d{2}))?(am|pm)?$/;
const RANGE_JOINS: ReadonlySet<string> = new Set(['to', 'till', 'until', 'and']);

/**
 * 'from 9 to 12', '12 to 2', '1-2pm', 'between 1 and 3': both ends are clock times; an am or pm on the
 * second end also applies to the first, and bare hours are read in clinic hours.
 */
function readRanges(
  tokens: Token[],
  span: ClinicSpan,
  take: (from: number, length: number, time: string | null) => void,
) {
  for (let i = 0; i + 2 < tokens.length; i++) {
    const a = tokens[i] as Token;
    const join = tokens[i + 1] as Token;
    const b = tokens[i + 2] as Token;
    if (a.used || b.used || !RANGE_JOINS.has(join.word)) continue;
    const start = CLOCK.exec(a.word);
    const end = CLOCK.exec(b.word);
    if (!start || !end) continue;
    if (join.word === 'and' && tokens[i - 1]?.word !== 'between') continue;
    const after = tokens[i + 3]?.word;
    if (after !== undefined && NOT_TIME_AFTER.test(after)) continue;
    const endMeridiem = (end[3] ?? (after === 'am' || after === 'pm' ? after : undefined)) as 'am' | 'pm' | undefined;
    const startMeridiem = (start[3] as 'am' | 'pm' | undefined) ?? endMeridiem;
    const read = (match: RegExpExecArray, meridiem: 'am' | 'pm' | undefined) => {
      const hour = Number(match[1]);
      const minute = match[2] ? Number(match[2]) : 0;
      if (meridiem) return hour >= 1 && hour <= 12 ? clock((hour % 12) + (meridiem === 'pm' ? 12 : 0), minute) : null;
      return clock(clinicHour(hour, span), minute);
    };
    const to = read(end, endMeridiem);
    let from = read(start, startMeridiem);
    // '10:30 to 2pm', '11 to 1pm': the end's pm does not carry back over noon.
    if (from && to && !start[3] && from >= to) from = read(start, undefined);
    if (!from || !to) continue;
    take(i, 1, from);
    join.used = true;
    take(i + 2, !end[3] && (after === 'am' || after === 'pm') ? 2 : 1, to);
    i += 2;
  }
}

/** 'quarter past 2', 'half past 10', 'quarter to 4': hours read in clinic hours. */
function spokenTime(
  tokens: readonly Token[],
  i: number,
  span: ClinicSpan,
): { time: string | null; length: number } | null {
  const first = tokens[i]?.word;
  let k = i;
  if (first === 'a' && tokens[i + 1]?.word === 'quarter') k++;
  const part = tokens[k]?.word;
  const relation = tokens[k + 1]?.word;
  if ((part !== 'quarter' && part !== 'half') || (relation !== 'past' && relation !== 'after' && relation !== 'to'))
    return null;
  if (part === 'half' && relation !== 'past') return null;
  const hour = /^(\d{1,2})$/.exec(tokens[k + 2]?.word ?? '');
  if (!hour) return null;
  const meridiem = meridiemOf(tokens[k + 3]?.word);
  const h = Number(hour[1]);
  const h24 = meridiem ? (h % 12) + (meridiem === 'pm' ? 12 : 0) : clinicHour(h, span);
  const length = k + 3 - i + (meridiem ? 1 : 0);
  if (relation === 'to') return { time: clock((h24 + 23) % 24, 45), length };
  return { time: clock(h24, part === 'half' ? 30 : 15), length };
}

function isHourAt(tokens: readonly Token[], i: number): boolean {
  return /^(\d{1,2})(?:[:h]\d{2})?(am|pm)?$/.test(tokens[i]?.word ?? '');
}

/** A length of time in minutes ('90 min', '1 hour', '1.5 hours', '45mins', 'an hour and a half'), words marked used. */
export function extractDuration(tokens: Token[]): number | undefined {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.used) continue;
    const word = token.word;
    const glued = /^(\d+(?:\.\d+)?)(m|min|mins|minutes|h|hr|hrs|hours?)$/.exec(word);
    if (glued) {
      const unitMinutes = glued[2]?.startsWith('m') ? 1 : 60;
      // '2h' after 'at', and '14h' anywhere, are clock times (French style), read by extractTimes.
      if (unitMinutes === 60 && (tokens[i - 1]?.word === 'at' || tokens[i - 1]?.word === 'a')) continue;
      if (glued[2] === 'h' && Number(glued[1]) > 4) continue;
      token.used = true;
      return Math.round(Number(glued[1]) * unitMinutes);
    }
    const hourMinutes = /^(\d)h(\d{2})$/.exec(word);
    if (hourMinutes && tokens[i - 1]?.word === 'for') {
      token.used = true;
      return Number(hourMinutes[1]) * 60 + Number(hourMinutes[2]);
    }
    const amount = /^\d+(?:\.\d+)?$/.test(word)
      ? Number(word)
      : word === 'an' || word === 'a' || word === 'one'
        ? 1
        : word === 'half'
          ? 0.5
          : null;
    if (amount === null) continue;
    let k = i + 1;
    if (word === 'half' && (tokens[k]?.word === 'an' || tokens[k]?.word === 'a')) k++;
    const unit = tokens[k]?.word ?? '';
    let minutes: number | null = null;
    if (unit === 'minutes') minutes = amount;
    else if (unit === 'hour' || unit === 'hours') minutes = amount * 60;
    if (minutes === null) continue;
    for (let m = i; m <= k; m++) (tokens[m] as Token).used = true;
    // 'an hour and a half'
    if (tokens[k + 1]?.word === 'and' && tokens[k + 2]?.word === 'a' && tokens[k + 3]?.word === 'half') {
      for (let m = k + 1; m <= k + 3; m++) (tokens[m] as Token).used = true;
      minutes += 30;
    }
    return Math.round(minutes);
  }
  return undefined;
}

/** The schedule's grid: '1h view', 'hourly', '30 min view'. */
export function extractView(tokens: Token[]): '1h' | '30min' | undefined {
  const viewAt = tokens.findIndex((token) =>
    ['view', 'slots', 'intervals', 'increments', 'grid', 'blocks'].includes(token.word),
  );
  const hourly = tokens.find((token) => token.word === 'hourly');
  if (hourly) {
    hourly.used = true;
    return '1h';
  }
  if (viewAt < 0) return undefined;
  for (let i = Math.max(0, viewAt - 3); i < viewAt; i++) {
    const word = tokens[i]?.word ?? '';
    const thirty = word === '30' || word === '30min' || word === '30m' || word === 'half';
    const sixty =
      word === '1h' || word === '60' || word === '60min' || word === '1' || word === 'hour' || word === 'one';
    if (!thirty && !sixty) continue;
    for (let k = i; k <= viewAt; k++) (tokens[k] as Token).used = true;
    return thirty ? '30min' : '1h';
  }
  return undefined;
}

export type PartOfDay = 'morning' | 'afternoon' | 'evening';

export function extractPartOfDay(tokens: Token[]): PartOfDay | undefined {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    const word = token.word;
    if (word === 'morning' || word === 'mornings' || word === 'am') {
      token.used = true;
      return 'morning';
    }
    if (
      word === 'afternoon' ||
      word === 'afternoons' ||
      word === 'pm' ||
      (word === 'apres' && tokens[i + 1]?.word === 'noon')
    ) {
      token.used = true;
      if (word === 'apres') (tokens[i + 1] as Token).used = true;
      return 'afternoon';
    }
    if (word === 'evening' || word === 'evenings' || word === 'tonight' || word === 'late') {
      token.used = true;
      return 'evening';
    }
  }
  return undefined;
}

/** '14:30' to '2:30 PM', for previews. */
export function twelveHour(time: string): string {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}
