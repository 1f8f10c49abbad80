import * as v from 'valibot';
import { SCHEDULING } from '../constants.ts';
import { fill, type Text } from '../i18n/text.ts';
import { enumMessage, FIELD_TEXTS, positiveId, UUID_PATTERN } from '../validation/fields.ts';
import { DURATION_MESSAGES, durationIssue, FOLLOW_UP_APPOINTMENT_TYPE, isAllowedDuration } from './booking-rules.ts';
import { APPOINTMENT_STATUSES, STATUS_ALIASES } from './status-transitions.ts';

// The field rules the appointment bodies and queries are built from, worded as the spec and the forms word them.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

export const APPOINTMENT_FIELD_TEXTS = {
  invalidTimeFormat: /*i18n*/ { id: 'validation.invalidTimeFormat', message: 'Invalid Time Format' },
  clockTime: /*i18n*/ {
    id: 'validation.invalidTimeFormat.clockTime',
    message: 'Invalid Time Format: {field} must be HH:MM (24-hour)',
  },
  isoInstant: /*i18n*/ {
    id: 'validation.invalidTimeFormat.isoInstant',
    message:
      'Invalid Time Format: {field} must be an ISO 8601 date and time with a time zone, such as 2026-11-23T14:00:00Z',
  },
  money: /*i18n*/ {
    id: 'validation.money',
    message: '{field} must be an amount from 0 to 1,000,000.00 with at most 2 decimals',
  },
} as const satisfies Record<string, Text>;

export const INVALID_TIME_FORMAT = APPOINTMENT_FIELD_TEXTS.invalidTimeFormat.message;

/** 'Invalid Time Format: newTime must be HH:MM (24-hour)'. */
export function clockTimeMessage(field: string): string {
  return fill(APPOINTMENT_FIELD_TEXTS.clockTime, { field });
}

/** The largest amount a form may send: a bound, so no field can carry an absurd or overflowing figure. */
export const MONEY_MAX = 1_000_000;

/** Money as the forms send it (spec 5: step 0.01): a number or decimal text, 0 to 1,000,000.00, at most 2 decimals. */
export function moneyAmount(field: string) {
  const message = fill(APPOINTMENT_FIELD_TEXTS.money, { field });
  return v.pipe(
    v.union(
      [
        v.number(message),
        v.pipe(v.string(message), v.trim(), v.regex(/^\d{1,7}(\.\d{1,2})?$/, message), v.transform(Number)),
      ],
      message,
    ),
    v.check(
      (amount) =>
        Number.isFinite(amount) &&
        amount >= 0 &&
        amount <= MONEY_MAX &&
        Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6,
      message,
    ),
  );
}

/** A calendar date that exists (no 31 February), within the spec's valid years. */
export function isCalendarDate(value: string): boolean {
  const match = DATE_ONLY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < SCHEDULING.validYearMin || year > SCHEDULING.validYearMax) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * An instant with an explicit zone ('Z' or an offset): a wall-clock time without one would mean
 * different moments on the server and on each device.
 */
export function isoInstant(field: string) {
  const message = fill(APPOINTMENT_FIELD_TEXTS.isoInstant, { field });
  return v.pipe(
    v.string(fill(FIELD_TEXTS.required, { field })),
    v.trim(),
    v.nonEmpty(fill(FIELD_TEXTS.required, { field })),
    v.regex(ISO_INSTANT, message),
    v.check((value) => isCalendarDate(value.slice(0, 10)) && !Number.isNaN(Date.parse(value)), message),
    v.transform((value) => new Date(value).toISOString()),
  );
}

export function requiredText(field: string, max: number) {
  return v.pipe(
    v.string(fill(FIELD_TEXTS.required, { field })),
    v.trim(),
    v.nonEmpty(fill(FIELD_TEXTS.required, { field })),
    v.maxLength(max, fill(FIELD_TEXTS.maxLength, { field, max })),
  );
}

export function requiredId(field: string) {
  return v.pipe(
    v.unknown(),
    v.check((value) => value !== undefined && value !== null && value !== '', fill(FIELD_TEXTS.required, { field })),
    positiveId(field),
  );
}

export function patientIdField(field: string) {
  return v.pipe(
    v.string(fill(FIELD_TEXTS.required, { field })),
    v.trim(),
    v.nonEmpty(fill(FIELD_TEXTS.required, { field })),
    v.regex(UUID_PATTERN, fill(FIELD_TEXTS.validId, { field })),
    v.toLowerCase(),
  );
}

export const patientIdSchema = patientIdField('patientId');

const wholeMinutes = v.pipe(
  v.union(
    [v.number(DURATION_MESSAGES.whole), v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number))],
    DURATION_MESSAGES.whole,
  ),
  v.integer(DURATION_MESSAGES.whole),
);

export const durationSchema = v.pipe(
  wholeMinutes,
  v.minValue(SCHEDULING.minDurationMinutes, DURATION_MESSAGES.min),
  v.maxValue(SCHEDULING.maxDurationMinutes, DURATION_MESSAGES.max),
  v.multipleOf(SCHEDULING.durationStepMinutes, DURATION_MESSAGES.step),
);

/**
 * A duration whose allowed values depend on the appointment type (follow-ups may last 15 or 45
 * minutes), so the field only checks it is whole and the body checks it with its type.
 */
export const typedDurationSchema = wholeMinutes;

interface TypedDuration {
  duration?: number | undefined;
  appointmentType?: string | null | undefined;
}

/** The body-level duration rule, worded like the field rule and reported on the field. */
export function typedDurationIssue(body: TypedDuration): string | null {
  return body.duration === undefined ? null : durationIssue(body.duration, body.appointmentType);
}

/**
 * A patch that leaves the type out is judged against the stored appointment's type by the server and
 * the local store; here it only has to be a length some appointment may have.
 */
export function patchDurationIssue(body: TypedDuration): string | null {
  if (body.appointmentType !== undefined || body.duration === undefined) return typedDurationIssue(body);
  return isAllowedDuration(body.duration, FOLLOW_UP_APPOINTMENT_TYPE) ? null : durationIssue(body.duration);
}

/** Spec 5: a blank duration means the default of 30 minutes. */
export const blankToUndefined = v.transform((value: unknown) => (value === null || value === '' ? undefined : value));

export const optionalDuration = v.pipe(
  v.unknown(),
  blankToUndefined,
  v.optional(durationSchema, SCHEDULING.defaultDurationMinutes),
);

export const optionalTypedDuration = v.pipe(
  v.unknown(),
  blankToUndefined,
  v.optional(typedDurationSchema, SCHEDULING.defaultDurationMinutes),
);

export function enumField<const T extends readonly string[]>(field: string, values: T) {
  return v.optional(v.nullable(v.picklist(values, enumMessage(values, field))));
}

export function flag(field: string) {
  return v.optional(v.nullable(v.boolean(fill(FIELD_TEXTS.boolean, { field }))));
}

export const statusSchema = v.pipe(
  v.string(enumMessage(APPOINTMENT_STATUSES)),
  v.trim(),
  v.toLowerCase(),
  v.transform((value) => STATUS_ALIASES[value] ?? value),
  v.picklist(APPOINTMENT_STATUSES, enumMessage(APPOINTMENT_STATUSES)),
);

export const assistantIdSchema = v.optional(v.nullable(positiveId('assistantId')));
export const overrideSchema = v.optional(v.boolean(fill(FIELD_TEXTS.boolean, { field: 'override' })));

const DATE_TIME_PREFIX = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}/;

/**
 * A calendar date. A full ISO date-time (what `Date#toISOString()` gives a client) is read as the
 * date written at its start, so such a client is understood rather than refused.
 */
export function dateField(field: string) {
  const message = fill(FIELD_TEXTS.date, { field });
  return v.pipe(
    v.string(message),
    v.trim(),
    v.transform((value) => DATE_TIME_PREFIX.exec(value)?.[1] ?? value),
    v.check(isCalendarDate, message),
  );
}

export const dateQuery = dateField('date');
