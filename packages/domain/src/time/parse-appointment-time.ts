import * as v from 'valibot';
import { SCHEDULING } from '../constants.ts';
import { fill, type Text } from '../i18n/text.ts';
import { FIELD_TEXTS, jsonObject } from '../validation/fields.ts';
import { instantAt, localDate, localTime } from './zones.ts';

export type AppointmentTimeField = 'dateString' | 'timeString';

export type AppointmentTimeResult =
  | { ok: true; dateTime: string; date: string; time: string }
  | { ok: false; field: AppointmentTimeField; message: string };

type PartResult<T> = { ok: true; value: T } | { ok: false; message: string };

export const APPOINTMENT_TIME_TEXTS = {
  dateFormat: /*i18n*/ { id: 'time.dateFormat', message: 'The date must be numbers only, in the form YYYY-MM-DD' },
  timeFormat: /*i18n*/ {
    id: 'time.timeFormat',
    message: 'The time must be numbers only, as HH:MM (24-hour) or h:mm AM/PM',
  },
  year: /*i18n*/ { id: 'time.year', message: 'Year must be from {min} to {max}' },
  month: /*i18n*/ { id: 'time.month', message: 'Month must be from 1 to 12' },
  day: /*i18n*/ { id: 'time.day', message: 'Day must be from 1 to 31' },
  notReal: /*i18n*/ { id: 'time.notReal', message: '{date} is not a real calendar date' },
  hour12: /*i18n*/ { id: 'time.hour12', message: 'Hour must be from 1 to 12 with AM or PM' },
  hour24: /*i18n*/ { id: 'time.hour24', message: 'Hour must be from 0 to 23' },
  minute: /*i18n*/ { id: 'time.minute', message: 'Minute must be from 0 to 59' },
  skipped: /*i18n*/ {
    id: 'time.skipped',
    message: '{time} does not exist on {date} in {zone}: the clocks move forward an hour',
  },
  textSuchAs: /*i18n*/ { id: 'time.textSuchAs', message: "{field} must be text, such as '{example}'" },
} as const satisfies Record<string, Text>;

export const DATE_FORMAT_MESSAGE = APPOINTMENT_TIME_TEXTS.dateFormat.message;
export const TIME_FORMAT_MESSAGE = APPOINTMENT_TIME_TEXTS.timeFormat.message;

const pad = (n: number) => String(n).padStart(2, '0');

/** Spec 5: numbers only; year 1900 to 2100, month 1 to 12, day 1 to 31 and a day the month has. */
export function parseDateString(input: string): PartResult<string> {
  const match = /^(\d{1,4})-(\d{1,2})-(\d{1,2})$/.exec(input.trim());
  if (!match) return { ok: false, message: DATE_FORMAT_MESSAGE };
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const { validYearMin, validYearMax } = SCHEDULING;
  if (year < validYearMin || year > validYearMax) {
    return { ok: false, message: fill(APPOINTMENT_TIME_TEXTS.year, { min: validYearMin, max: validYearMax }) };
  }
  if (month < 1 || month > 12) return { ok: false, message: APPOINTMENT_TIME_TEXTS.month.message };
  if (day < 1 || day > 31) return { ok: false, message: APPOINTMENT_TIME_TEXTS.day.message };
  const date = `${year}-${pad(month)}-${pad(day)}`;
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1) return { ok: false, message: fill(APPOINTMENT_TIME_TEXTS.notReal, { date }) };
  return { ok: true, value: date };
}

/** 'HH:MM' (24-hour) or 'h:mm AM/PM' (also 'am', 'p.m.') to 'HH:MM'; hour 0 to 23, minute 0 to 59. */
export function parseTimeString(input: string): PartResult<string> {
  const match = /^(\d{1,2}):(\d{2})(?:\s*([ap])\.?\s*m\.?)?$/i.exec(input.trim());
  if (!match) return { ok: false, message: TIME_FORMAT_MESSAGE };
  let hour = Number(match[1]);
  const minute = Number(match[2]);
  const meridiem = match[3]?.toLowerCase();
  if (meridiem) {
    if (hour < 1 || hour > 12) return { ok: false, message: APPOINTMENT_TIME_TEXTS.hour12.message };
    hour = (hour % 12) + (meridiem === 'p' ? 12 : 0);
  } else if (hour > 23) {
    return { ok: false, message: APPOINTMENT_TIME_TEXTS.hour24.message };
  }
  if (minute > 59) return { ok: false, message: APPOINTMENT_TIME_TEXTS.minute.message };
  return { ok: true, value: `${pad(hour)}:${pad(minute)}` };
}

/** '14:30' to '2:30 PM', for messages people read. */
function twelveHour(time: string): string {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * A wall-clock date and time in the practice's zone as an ISO-8601 UTC instant. A time skipped
 * when clocks move forward is refused rather than silently shifted; a time that happens twice
 * when they move back resolves as `instantAt` does everywhere else, so client and server agree.
 */
export function parseAppointmentTime(dateString: string, timeString: string, timeZone: string): AppointmentTimeResult {
  const date = parseDateString(dateString);
  if (!date.ok) return { ok: false, field: 'dateString', message: date.message };
  const time = parseTimeString(timeString);
  if (!time.ok) return { ok: false, field: 'timeString', message: time.message };
  const dateTime = instantAt(date.value, time.value, timeZone);
  if (localDate(dateTime, timeZone) !== date.value || localTime(dateTime, timeZone) !== time.value) {
    return {
      ok: false,
      field: 'timeString',
      message: fill(APPOINTMENT_TIME_TEXTS.skipped, { time: twelveHour(time.value), date: date.value, zone: timeZone }),
    };
  }
  return { ok: true, dateTime, date: date.value, time: time.value };
}

function requiredString(field: AppointmentTimeField, example: string) {
  return v.pipe(
    v.unknown(),
    v.check((value) => value !== undefined && value !== null && value !== '', fill(FIELD_TEXTS.required, { field })),
    v.string(fill(APPOINTMENT_TIME_TEXTS.textSuchAs, { field, example })),
    v.trim(),
    v.nonEmpty(fill(FIELD_TEXTS.required, { field })),
    v.maxLength(32, fill(FIELD_TEXTS.maxLength, { field, max: 32 })),
  );
}

/** POST /api/timezone/parse-appointment-time: the shape only; the values are checked by parseAppointmentTime. */
export const parseAppointmentTimeBodySchema = jsonObject({
  dateString: requiredString('dateString', '2026-11-23'),
  timeString: requiredString('timeString', '9:30 AM'),
});
export type ParseAppointmentTimeBody = v.InferOutput<typeof parseAppointmentTimeBodySchema>;
