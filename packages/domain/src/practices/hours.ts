import * as v from 'valibot';
import { fill, type Text } from '../i18n/text.ts';
import { FIELD_TEXTS } from '../validation/fields.ts';
import { closedHolidayOn, type HolidayCalendar } from './holidays.ts';

export const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

/** One weekday of a practice's hours; times are HH:MM, 24-hour, in the practice's own zone. */
export interface DayHours {
  openTime: string | null;
  closeTime: string | null;
  isOpen: boolean;
  closed: boolean;
}

/**
 * The week's hours; `holidays`, when present, closes the practice on the holidays it chose (issue 21):
 * every rule that asks whether a date is open (openSpan) then sees a closed holiday as a closed day.
 */
export type WeeklyHours = Record<WeekdayName, DayHours> & { holidays?: HolidayCalendar | undefined };

export interface PracticeHoursResponse {
  practiceId: number;
  hours: WeeklyHours;
  cached: boolean;
  timestamp: string;
}

const MINUTES_PER_DAY = 24 * 60;

/** The weekday of a calendar date (YYYY-MM-DD), independent of any time zone. */
export function weekdayOf(date: string): WeekdayName {
  const [year, month, day] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)).getUTCDay();
  return WEEKDAY_NAMES[weekday] ?? 'sunday';
}

/** The hours that apply on a calendar date of the practice. */
export function hoursOn(hours: WeeklyHours, date: string): DayHours {
  return hours[weekdayOf(date)];
}

/** 'HH:MM' to minutes after midnight; NaN when it is not a clock time. */
export function minutesOfDay(clock: string): number {
  const match = /^(\d{1,2}):(\d{2})$/.exec(clock.trim());
  if (!match) return Number.NaN;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 24 || minutes > 59 || (hours === 24 && minutes > 0)) return Number.NaN;
  return hours * 60 + minutes;
}

/** Minutes after midnight to 'HH:MM' (24-hour). */
export function clockTime(minutes: number): string {
  const bounded = Math.max(0, Math.min(MINUTES_PER_DAY, Math.round(minutes)));
  return `${String(Math.floor(bounded / 60)).padStart(2, '0')}:${String(bounded % 60).padStart(2, '0')}`;
}

/** Opening and closing minutes of a date, or null when the practice is closed that day. */
export function openSpan(hours: WeeklyHours, date: string): { open: number; close: number } | null {
  if (closedHolidayOn(hours.holidays, date)) return null;
  const day = hoursOn(hours, date);
  if (!day.isOpen || day.closed || !day.openTime || !day.closeTime) return null;
  const open = minutesOfDay(day.openTime);
  const close = minutesOfDay(day.closeTime);
  if (!Number.isFinite(open) || !Number.isFinite(close) || close <= open) return null;
  return { open, close };
}

/**
 * The start times a booking may take on a date ('HH:MM', `step` minutes apart from opening, the
 * last one starting `step` minutes before closing); empty on a closed day.
 */
export function timeSlots(hours: WeeklyHours, date: string, step = 30): string[] {
  const span = openSpan(hours, date);
  if (!span || step <= 0) return [];
  const slots: string[] = [];
  for (let start = span.open; start + step <= span.close; start += step) slots.push(clockTime(start));
  return slots;
}

export type HoursCheck = { ok: true } | { ok: false; reason: 'closed' | 'outside'; message: string };

/** The practice hours' messages, display words and refusals; `{day}` is the weekday's key (monday). */
export const HOURS_TEXTS = {
  closedDay: /*i18n*/ { id: 'hours.closedDay', message: 'The practice is closed on this day.' },
  closedHoliday: /*i18n*/ { id: 'hours.closedHoliday', message: 'The practice is closed on this day: {holiday}.' },
  outside: /*i18n*/ {
    id: 'hours.outside',
    message: 'Appointments must fall within practice hours ({open} to {close}).',
  },
  closed: /*i18n*/ { id: 'hours.closed', message: 'Closed' },
  sun: /*i18n*/ { id: 'hours.day.sun', message: 'Sun' },
  mon: /*i18n*/ { id: 'hours.day.mon', message: 'Mon' },
  tue: /*i18n*/ { id: 'hours.day.tue', message: 'Tue' },
  wed: /*i18n*/ { id: 'hours.day.wed', message: 'Wed' },
  thu: /*i18n*/ { id: 'hours.day.thu', message: 'Thu' },
  fri: /*i18n*/ { id: 'hours.day.fri', message: 'Fri' },
  sat: /*i18n*/ { id: 'hours.day.sat', message: 'Sat' },
  clockField: /*i18n*/ {
    id: 'hours.clockField',
    message: '{day} {field} must be a time in HH:MM (24-hour) form, such as 08:00',
  },
  dayRequired: /*i18n*/ { id: 'hours.dayRequired', message: '{day} is required: send all seven days' },
  dayObject: /*i18n*/ { id: 'hours.dayObject', message: '{day} must be an object with openTime, closeTime and isOpen' },
  isOpenBoolean: /*i18n*/ { id: 'hours.isOpenBoolean', message: '{day} isOpen must be true or false' },
  closedBoolean: /*i18n*/ { id: 'hours.closedBoolean', message: '{day} closed must be true or false' },
  isOpenRequired: /*i18n*/ { id: 'hours.isOpenRequired', message: '{day} isOpen is required (true or false)' },
  contradict: /*i18n*/ { id: 'hours.contradict', message: '{day} isOpen and closed contradict each other' },
  openTimeRequired: /*i18n*/ { id: 'hours.openTimeRequired', message: '{day} openTime is required on an open day' },
  closeTimeRequired: /*i18n*/ { id: 'hours.closeTimeRequired', message: '{day} closeTime is required on an open day' },
  closeAfterOpen: /*i18n*/ { id: 'hours.closeAfterOpen', message: '{day} closeTime must be after openTime' },
  weekObject: /*i18n*/ {
    id: 'hours.weekObject',
    message: 'hours must be an object keyed by weekday (sunday to saturday)',
  },
} as const satisfies Record<string, Text>;

export const PRACTICE_CLOSED_MESSAGE = HOURS_TEXTS.closedDay.message;

/** Why a date is closed: the closed holiday, named, or the closed weekday. */
export function closedDayMessage(hours: WeeklyHours, date: string): string {
  const holiday = closedHolidayOn(hours.holidays, date);
  return holiday ? fill(HOURS_TEXTS.closedHoliday, { holiday: holiday.name }) : PRACTICE_CLOSED_MESSAGE;
}

/** Whether a booking from `start` ('HH:MM' local) lasting `duration` minutes fits the date's hours. */
export function checkWithinHours(hours: WeeklyHours, date: string, start: string, duration: number): HoursCheck {
  const span = openSpan(hours, date);
  if (!span) return { ok: false, reason: 'closed', message: closedDayMessage(hours, date) };
  const from = minutesOfDay(start);
  if (Number.isFinite(from) && from >= span.open && from + duration <= span.close) return { ok: true };
  return {
    ok: false,
    reason: 'outside',
    message: fill(HOURS_TEXTS.outside, { open: clockTime(span.open), close: clockTime(span.close) }),
  };
}

/** Monday first, as Canadian practices list their week. */
const DISPLAY_ORDER: readonly WeekdayName[] = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
];

const SHORT_NAMES: Record<WeekdayName, string> = {
  sunday: HOURS_TEXTS.sun.message,
  monday: HOURS_TEXTS.mon.message,
  tuesday: HOURS_TEXTS.tue.message,
  wednesday: HOURS_TEXTS.wed.message,
  thursday: HOURS_TEXTS.thu.message,
  friday: HOURS_TEXTS.fri.message,
  saturday: HOURS_TEXTS.sat.message,
};

/** Each weekday's short name, by its number: 0 is Sunday, as Date.getDay() and the hours rows count. */
export const WEEKDAY_SHORT_TEXTS: readonly Text[] = [
  HOURS_TEXTS.sun,
  HOURS_TEXTS.mon,
  HOURS_TEXTS.tue,
  HOURS_TEXTS.wed,
  HOURS_TEXTS.thu,
  HOURS_TEXTS.fri,
  HOURS_TEXTS.sat,
];

/** Weekday numbers as a practice's week is shown: Monday first, the weekend after. */
export const WEEK_DISPLAY_ORDER: readonly number[] = [1, 2, 3, 4, 5, 6, 0];

/** 'HH:MM' (24-hour) to '8:00 AM'; midnight is 12:00 AM and noon 12:00 PM. */
export function twelveHourTime(clock: string): string {
  const minutes = minutesOfDay(clock);
  if (!Number.isFinite(minutes)) return clock;
  const hour = Math.floor(minutes / 60) % 24;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minutes % 60).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** One day's part of the display text: '8:00 AM - 5:00 PM' or 'Closed'. */
function dayText(hours: WeeklyHours, day: WeekdayName): string {
  const { isOpen, closed, openTime, closeTime } = hours[day];
  const open = openTime ? minutesOfDay(openTime) : Number.NaN;
  const close = closeTime ? minutesOfDay(closeTime) : Number.NaN;
  // Same test as openSpan: a day the scheduler treats as closed must read as closed.
  if (!isOpen || closed || !openTime || !closeTime || !(close > open)) return HOURS_TEXTS.closed.message;
  return `${twelveHourTime(openTime)} - ${twelveHourTime(closeTime)}`;
}

/**
 * The week as one line: 'Mon-Fri 8:00 AM - 5:00 PM, Sat 9:00 AM - 2:00 PM, Sun Closed'.
 * Only neighbouring days with the same hours are joined, so the line still reads in week order.
 */
export function hoursDisplay(hours: WeeklyHours): string {
  const groups: { first: WeekdayName; last: WeekdayName; text: string }[] = [];
  for (const day of DISPLAY_ORDER) {
    const text = dayText(hours, day);
    const previous = groups.at(-1);
    if (previous && previous.text === text) previous.last = day;
    else groups.push({ first: day, last: day, text });
  }
  return groups
    .map(({ first, last, text }) => {
      const days = first === last ? SHORT_NAMES[first] : `${SHORT_NAMES[first]}-${SHORT_NAMES[last]}`;
      return `${days} ${text}`;
    })
    .join(', ');
}

/** A weekday name ('Monday', 'mon' is not one) in any case, or undefined. */
export function parseWeekdayName(input: string): WeekdayName | undefined {
  const name = input.trim().toLowerCase();
  return (WEEKDAY_NAMES as readonly string[]).includes(name) ? (name as WeekdayName) : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const CLOCK_24H = /^([01]?\d|2[0-3]):([0-5]\d)$/;

function clockField(day: WeekdayName, field: 'openTime' | 'closeTime') {
  const message = fill(HOURS_TEXTS.clockField, { day, field });
  return v.optional(
    v.nullable(
      v.pipe(
        v.string(message),
        v.trim(),
        v.regex(CLOCK_24H, message),
        // Stored and compared as text, so '8:00' is kept as '08:00'.
        v.transform((value) => value.padStart(5, '0')),
      ),
    ),
  );
}

function dayHoursSchema(day: WeekdayName) {
  return v.pipe(
    v.unknown(),
    v.check((value) => value !== undefined, fill(HOURS_TEXTS.dayRequired, { day })),
    v.check(isPlainObject, fill(HOURS_TEXTS.dayObject, { day })),
    v.object({
      openTime: clockField(day, 'openTime'),
      closeTime: clockField(day, 'closeTime'),
      isOpen: v.optional(v.boolean(fill(HOURS_TEXTS.isOpenBoolean, { day }))),
      closed: v.optional(v.boolean(fill(HOURS_TEXTS.closedBoolean, { day }))),
    }),
    v.check(
      (entry) => entry.isOpen !== undefined || entry.closed !== undefined,
      fill(HOURS_TEXTS.isOpenRequired, { day }),
    ),
    v.forward(
      v.check(
        (entry) => entry.isOpen === undefined || entry.closed === undefined || entry.isOpen !== entry.closed,
        fill(HOURS_TEXTS.contradict, { day }),
      ),
      ['closed'],
    ),
    v.forward(
      v.check((entry) => !isOpenEntry(entry) || !!entry.openTime, fill(HOURS_TEXTS.openTimeRequired, { day })),
      ['openTime'],
    ),
    v.forward(
      v.check((entry) => !isOpenEntry(entry) || !!entry.closeTime, fill(HOURS_TEXTS.closeTimeRequired, { day })),
      ['closeTime'],
    ),
    v.forward(
      v.check(
        (entry) =>
          !isOpenEntry(entry) ||
          !entry.openTime ||
          !entry.closeTime ||
          minutesOfDay(entry.closeTime) > minutesOfDay(entry.openTime),
        fill(HOURS_TEXTS.closeAfterOpen, { day }),
      ),
      ['closeTime'],
    ),
    v.transform((entry): DayHours => {
      const isOpen = isOpenEntry(entry);
      return {
        openTime: isOpen ? (entry.openTime ?? null) : null,
        closeTime: isOpen ? (entry.closeTime ?? null) : null,
        isOpen,
        closed: !isOpen,
      };
    }),
  );
}

function isOpenEntry(entry: { isOpen?: boolean | undefined; closed?: boolean | undefined }): boolean {
  return entry.isOpen ?? entry.closed === false;
}

/** All seven days; keys other than the weekday names (such as a whole GET response's) are ignored. */
export const weeklyHoursSchema = v.pipe(
  v.custom<Record<string, unknown>>(isPlainObject, HOURS_TEXTS.weekObject.message),
  // A missing day then reports its own 'monday is required' rather than a generic missing-key issue.
  v.transform((input) => ({ ...Object.fromEntries(WEEKDAY_NAMES.map((day) => [day, undefined])), ...input })),
  v.object({
    sunday: dayHoursSchema('sunday'),
    monday: dayHoursSchema('monday'),
    tuesday: dayHoursSchema('tuesday'),
    wednesday: dayHoursSchema('wednesday'),
    thursday: dayHoursSchema('thursday'),
    friday: dayHoursSchema('friday'),
    saturday: dayHoursSchema('saturday'),
  }),
  v.transform((week): WeeklyHours => week),
);

/**
 * PUT /api/practice-hours-unified/{practiceId}: the spec says the body is "the hours", so both
 * `{ monday: {...}, ... }` and `{ hours: { monday: {...}, ... } }` (a GET response sent back) are
 * accepted; issues name the field as sent, such as `hours.monday.closeTime`.
 */
export const putPracticeHoursBodySchema = v.pipe(
  v.custom<Record<string, unknown>>(isPlainObject, FIELD_TEXTS.jsonObject.message),
  v.lazy((input) =>
    isPlainObject(input) && 'hours' in input
      ? v.pipe(
          v.object({ hours: weeklyHoursSchema }),
          v.transform((body) => body.hours),
        )
      : weeklyHoursSchema,
  ),
);
export type PutPracticeHoursBody = v.InferOutput<typeof putPracticeHoursBodySchema>;

/** The first calendar date on or after `from` (YYYY-MM-DD) that falls on `weekday`. */
export function nextDateOn(from: string, weekday: WeekdayName): string {
  const [year, month, day] = from.split('-').map(Number);
  const start = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
  const ahead = (WEEKDAY_NAMES.indexOf(weekday) - start.getUTCDay() + 7) % 7;
  start.setUTCDate(start.getUTCDate() + ahead);
  return start.toISOString().slice(0, 10);
}
