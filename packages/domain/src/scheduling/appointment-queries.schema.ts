import * as v from 'valibot';
import { SCHEDULING } from '../constants.ts';
import { jsonObject, positiveId, uuid } from '../validation/fields.ts';
import {
  blankToUndefined,
  dateField,
  dateQuery,
  durationSchema,
  INVALID_TIME_FORMAT,
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

function daysBetween(from: string, to: string): number {
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
      'Send either date or startDate and endDate, not both',
    ),
    ['date'],
  ),
  v.forward(
    v.check(
      (query) => query.endDate === undefined || query.startDate !== undefined,
      'startDate is required with endDate',
    ),
    ['startDate'],
  ),
  v.forward(
    v.check(
      (query) => query.startDate === undefined || query.endDate !== undefined,
      'endDate is required with startDate',
    ),
    ['endDate'],
  ),
  v.forward(
    v.check(
      (query) => !query.startDate || !query.endDate || daysBetween(query.startDate, query.endDate) >= 0,
      'endDate must not be before startDate',
    ),
    ['endDate'],
  ),
  v.forward(
    v.check(
      (query) =>
        !query.startDate || !query.endDate || daysBetween(query.startDate, query.endDate) < MAX_SLOT_RANGE_DAYS,
      `The range from startDate to endDate can cover at most ${MAX_SLOT_RANGE_DAYS} days`,
    ),
    ['endDate'],
  ),
);

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const availableRoomsQuerySchema = v.object({
  date: v.pipe(
    v.unknown(),
    v.check((value) => value !== undefined, 'date is required'),
    dateQuery,
  ),
  time: v.pipe(
    v.string('time is required'),
    v.regex(CLOCK_TIME, `${INVALID_TIME_FORMAT}: time must be HH:MM (24-hour)`),
  ),
  duration: v.optional(durationSchema, SCHEDULING.defaultDurationMinutes),
});
