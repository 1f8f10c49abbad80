import * as v from 'valibot';
import { SCHEDULING } from '../constants.ts';
import { fill, type Text } from '../i18n/text.ts';
import { FIELD_TEXTS, jsonObject, positiveId, uuid } from '../validation/fields.ts';
import {
  blankToUndefined,
  clockTimeMessage,
  dateField,
  dateQuery,
  durationSchema,
  isoInstant,
  optionalDuration,
  patientIdSchema,
  requiredId,
  requiredText,
  statusSchema,
} from './appointment-fields.ts';

export const appointmentListQuerySchema = v.object({
  /** A day in the practice's own time zone; today there when left out. */
  date: v.optional(dateQuery),
  providerId: v.optional(positiveId('providerId')),
});

export const scheduleDateQuerySchema = v.object({ date: v.optional(dateQuery) });

export const appointmentIdParamsSchema = v.object({
  id: uuid('id'),
});

/** The appointment form's data as the conflict analysis reads it; other form fields are ignored. */
export const analyzeConflictsSchema = jsonObject({
  /** The appointment being edited, if it is one: it never conflicts with itself. */
  id: v.optional(v.nullable(uuid('id'))),
  patientId: v.pipe(v.unknown(), blankToUndefined, v.optional(patientIdSchema)),
  providerId: requiredId('providerId'),
  treatmentRoom: requiredText('treatmentRoom', 50),
  appointmentDate: isoInstant('appointmentDate'),
  duration: optionalDuration,
  status: v.optional(statusSchema),
  excludeAppointmentId: v.optional(v.nullable(uuid('excludeAppointmentId'))),
});
export type AnalyzeConflictsBody = v.InferOutput<typeof analyzeConflictsSchema>;

/** Longest range GET /api/appointments/available-slots answers for in one call. */
export const MAX_SLOT_RANGE_DAYS = 31;

/** The refusals of a range query. */
export const SLOT_QUERY_TEXTS = {
  dateOrRange: /*i18n*/ { id: 'slots.dateOrRange', message: 'Send either date or startDate and endDate, not both' },
  startWithEnd: /*i18n*/ { id: 'slots.startWithEnd', message: 'startDate is required with endDate' },
  endWithStart: /*i18n*/ { id: 'slots.endWithStart', message: 'endDate is required with startDate' },
  rangeTooLong: /*i18n*/ {
    id: 'slots.rangeTooLong',
    message: 'The range from startDate to endDate can cover at most {days} days',
  },
} as const satisfies Record<string, Text>;

/** Whole days from one calendar date (YYYY-MM-DD) to another; negative when `to` comes first. */
export function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

export const availableSlotsQuerySchema = v.pipe(
  v.object({
    date: v.optional(dateQuery),
    startDate: v.optional(dateField('startDate')),
    endDate: v.optional(dateField('endDate')),
    duration: v.optional(durationSchema, SCHEDULING.defaultDurationMinutes),
    excludeProviderId: v.optional(positiveId('excludeProviderId')),
  }),
  v.forward(
    v.check(
      (query) => query.date === undefined || (query.startDate === undefined && query.endDate === undefined),
      SLOT_QUERY_TEXTS.dateOrRange.message,
    ),
    ['date'],
  ),
  v.forward(
    v.check(
      (query) => query.endDate === undefined || query.startDate !== undefined,
      SLOT_QUERY_TEXTS.startWithEnd.message,
    ),
    ['startDate'],
  ),
  v.forward(
    v.check(
      (query) => query.startDate === undefined || query.endDate !== undefined,
      SLOT_QUERY_TEXTS.endWithStart.message,
    ),
    ['endDate'],
  ),
  v.forward(
    v.check(
      (query) => !query.startDate || !query.endDate || daysBetween(query.startDate, query.endDate) >= 0,
      FIELD_TEXTS.endBeforeStart.message,
    ),
    ['endDate'],
  ),
  v.forward(
    v.check(
      (query) =>
        !query.startDate || !query.endDate || daysBetween(query.startDate, query.endDate) < MAX_SLOT_RANGE_DAYS,
      fill(SLOT_QUERY_TEXTS.rangeTooLong, { days: MAX_SLOT_RANGE_DAYS }),
    ),
    ['endDate'],
  ),
);

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const availableRoomsQuerySchema = v.object({
  date: v.pipe(
    v.unknown(),
    v.check((value) => value !== undefined, fill(FIELD_TEXTS.required, { field: 'date' })),
    dateQuery,
  ),
  time: v.pipe(v.string(fill(FIELD_TEXTS.required, { field: 'time' })), v.regex(CLOCK_TIME, clockTimeMessage('time'))),
  duration: v.optional(durationSchema, SCHEDULING.defaultDurationMinutes),
});
