import * as v from 'valibot';
import { SCHEDULING } from '../constants.ts';
import { jsonObject, optionalText, positiveId, UUID_PATTERN } from '../validation/fields.ts';
import { APPOINTMENT_STATUSES, type AppointmentStatus, STATUS_ALIASES } from './status-transitions.ts';

/** An appointment as GET /api/appointments lists it and as the pull sync delivers it. */
export interface Appointment {
  id: string;
  practiceId: number;
  patientId: string;
  providerId: number;
  assistantId: number | null;
  patient: { firstName: string; lastName: string };
  patientName: string;
  patientPhone: string | null;
  providerName: string;
  providerColor: string | null;
  /** The room code, such as 'Room 3'. */
  treatmentRoom: string;
  /** The start instant, ISO-8601 UTC. */
  appointmentDate: string;
  duration: number;
  status: AppointmentStatus;
  procedure: string;
  notes: string | null;
  appointmentType: string | null;
  checkedInAt: string | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

export const INVALID_TIME_FORMAT = 'Invalid Time Format';

function enumMessage(values: readonly string[]): string {
  return `Invalid enum value. Expected ${values.map((value) => `'${value}'`).join(' | ')}`;
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
function isoInstant(field: string) {
  const message = `${INVALID_TIME_FORMAT}: ${field} must be an ISO 8601 date and time with a time zone, such as 2026-11-23T14:00:00Z`;
  return v.pipe(
    v.string(`${field} is required`),
    v.trim(),
    v.nonEmpty(`${field} is required`),
    v.regex(ISO_INSTANT, message),
    v.check((value) => isCalendarDate(value.slice(0, 10)) && !Number.isNaN(Date.parse(value)), message),
    v.transform((value) => new Date(value).toISOString()),
  );
}

function requiredText(field: string, max: number) {
  return v.pipe(
    v.string(`${field} is required`),
    v.trim(),
    v.nonEmpty(`${field} is required`),
    v.maxLength(max, `${field} must be at most ${max} characters`),
  );
}

function requiredId(field: string) {
  return v.pipe(
    v.unknown(),
    v.check((value) => value !== undefined && value !== null && value !== '', `${field} is required`),
    positiveId(field),
  );
}

const patientIdSchema = v.pipe(
  v.string('patientId is required'),
  v.trim(),
  v.nonEmpty('patientId is required'),
  v.regex(UUID_PATTERN, 'patientId must be a valid id'),
  v.toLowerCase(),
);

const durationSchema = v.pipe(
  v.union(
    [
      v.number('duration must be a whole number of minutes'),
      v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number)),
    ],
    'duration must be a whole number of minutes',
  ),
  v.integer('duration must be a whole number of minutes'),
  v.minValue(SCHEDULING.minDurationMinutes, `duration must be at least ${SCHEDULING.minDurationMinutes} minutes`),
  v.maxValue(SCHEDULING.maxDurationMinutes, `duration must be at most ${SCHEDULING.maxDurationMinutes} minutes`),
  v.multipleOf(
    SCHEDULING.durationStepMinutes,
    `duration must be a multiple of ${SCHEDULING.durationStepMinutes} minutes`,
  ),
);

/** Spec 5: a blank duration means the default of 30 minutes. */
const blankToUndefined = v.transform((value: unknown) => (value === null || value === '' ? undefined : value));

const statusSchema = v.pipe(
  v.string(enumMessage(APPOINTMENT_STATUSES)),
  v.trim(),
  v.toLowerCase(),
  v.transform((value) => STATUS_ALIASES[value] ?? value),
  v.picklist(APPOINTMENT_STATUSES, enumMessage(APPOINTMENT_STATUSES)),
);

const assistantIdSchema = v.optional(v.nullable(positiveId('assistantId')));
const overrideSchema = v.optional(v.boolean('override must be true or false'));

export const createAppointmentSchema = jsonObject({
  /** A client-generated id, so an appointment booked offline keeps its id after sync. */
  id: v.optional(
    v.pipe(v.string('id must be a valid id'), v.regex(UUID_PATTERN, 'id must be a valid id'), v.toLowerCase()),
  ),
  patientId: patientIdSchema,
  providerId: requiredId('providerId'),
  assistantId: assistantIdSchema,
  treatmentRoom: requiredText('treatmentRoom', 50),
  appointmentDate: isoInstant('appointmentDate'),
  duration: v.pipe(v.unknown(), blankToUndefined, v.optional(durationSchema, SCHEDULING.defaultDurationMinutes)),
  status: v.optional(statusSchema, 'scheduled'),
  procedure: requiredText('procedure', 200),
  notes: optionalText('notes', 2000),
  appointmentType: optionalText('appointmentType', 50),
  /** Book despite conflicts: the caller has seen them and decided. */
  override: overrideSchema,
});
export type CreateAppointmentBody = v.InferOutput<typeof createAppointmentSchema>;

const PATCHABLE_KEYS = [
  'patientId',
  'providerId',
  'assistantId',
  'treatmentRoom',
  'appointmentDate',
  'duration',
  'status',
  'procedure',
  'notes',
  'appointmentType',
  'checkedInAt',
  'completedAt',
] as const;
export type PatchableAppointmentField = (typeof PATCHABLE_KEYS)[number];

export const patchAppointmentSchema = v.pipe(
  jsonObject({
    patientId: v.optional(patientIdSchema),
    providerId: v.optional(requiredId('providerId')),
    assistantId: assistantIdSchema,
    treatmentRoom: v.optional(requiredText('treatmentRoom', 50)),
    appointmentDate: v.optional(isoInstant('appointmentDate')),
    duration: v.optional(durationSchema),
    status: v.optional(statusSchema),
    procedure: v.optional(requiredText('procedure', 200)),
    notes: optionalText('notes', 2000),
    appointmentType: optionalText('appointmentType', 50),
    checkedInAt: v.optional(v.nullable(isoInstant('checkedInAt'))),
    completedAt: v.optional(v.nullable(isoInstant('completedAt'))),
    override: overrideSchema,
  }),
  v.check(
    (body) => PATCHABLE_KEYS.some((key) => body[key] !== undefined),
    `The request must change at least one of: ${PATCHABLE_KEYS.join(', ')}`,
  ),
);
export type PatchAppointmentBody = v.InferOutput<typeof patchAppointmentSchema>;

/** The fields a PATCH body actually sets. */
export function changedFields(body: PatchAppointmentBody): PatchableAppointmentField[] {
  return PATCHABLE_KEYS.filter((key) => body[key] !== undefined);
}

const dateQuery = v.pipe(
  v.string('date must be a date (YYYY-MM-DD)'),
  v.check(isCalendarDate, 'date must be a date (YYYY-MM-DD)'),
);

export const appointmentListQuerySchema = v.object({
  /** A day in the practice's own time zone; today there when left out. */
  date: v.optional(dateQuery),
  providerId: v.optional(positiveId('providerId')),
});

export const scheduleDateQuerySchema = v.object({ date: v.optional(dateQuery) });

export const appointmentIdParamsSchema = v.object({
  id: v.pipe(v.string('id must be a valid id'), v.regex(UUID_PATTERN, 'id must be a valid id'), v.toLowerCase()),
});
