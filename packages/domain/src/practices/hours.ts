import * as v from 'valibot';

export const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

/** One weekday of a practice's hours; times are HH:MM, 24-hour, in the practice's own zone. */
export interface DayHours {
  openTime: string | null;
  closeTime: string | null;
  isOpen: boolean;
  closed: boolean;
}

export type WeeklyHours = Record<WeekdayName, DayHours>;

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

export const PRACTICE_CLOSED_MESSAGE = 'The practice is closed on this day.';

/** Whether a booking from `start` ('HH:MM' local) lasting `duration` minutes fits the date's hours. */
export function checkWithinHours(hours: WeeklyHours, date: string, start: string, duration: number): HoursCheck {
  const span = openSpan(hours, date);
  if (!span) return { ok: false, reason: 'closed', message: PRACTICE_CLOSED_MESSAGE };
  const from = minutesOfDay(start);
  if (Number.isFinite(from) && from >= span.open && from + duration <= span.close) return { ok: true };
  return {
    ok: false,
    reason: 'outside',
    message: `Appointments must fall within practice hours (${clockTime(span.open)} to ${clockTime(span.close)}).`,
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
  sunday: 'Sun',
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
};

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
  if (!isOpen || closed || !openTime || !closeTime || !(close > open)) return 'Closed';
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
  const message = `${day} ${field} must be a time in HH:MM (24-hour) form, such as 08:00`;
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
    v.check((value) => value !== undefined, `${day} is required: send all seven days`),
    v.check(isPlainObject, `${day} must be an object with openTime, closeTime and isOpen`),
    v.object({
      openTime: clockField(day, 'openTime'),
      closeTime: clockField(day, 'closeTime'),
      isOpen: v.optional(v.boolean(`${day} isOpen must be true or false`)),
      closed: v.optional(v.boolean(`${day} closed must be true or false`)),
    }),
    v.check(
      (entry) => entry.isOpen !== undefined || entry.closed !== undefined,
      `${day} isOpen is required (true or false)`,
    ),
    v.forward(
      v.check(
        (entry) => entry.isOpen === undefined || entry.closed === undefined || entry.isOpen !== entry.closed,
        `${day} isOpen and closed contradict each other`,
      ),
      ['closed'],
    ),
    v.forward(
      v.check((entry) => !isOpenEntry(entry) || !!entry.openTime, `${day} openTime is required on an open day`),
      ['openTime'],
    ),
    v.forward(
      v.check((entry) => !isOpenEntry(entry) || !!entry.closeTime, `${day} closeTime is required on an open day`),
      ['closeTime'],
    ),
    v.forward(
      v.check(
        (entry) =>
          !isOpenEntry(entry) ||
          !entry.openTime ||
          !entry.closeTime ||
          minutesOfDay(entry.closeTime) > minutesOfDay(entry.openTime),
        `${day} closeTime must be after openTime`,
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
  v.custom<Record<string, unknown>>(isPlainObject, 'hours must be an object keyed by weekday (sunday to saturday)'),
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
  v.custom<Record<string, unknown>>(isPlainObject, 'The request body must be a JSON object'),
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
