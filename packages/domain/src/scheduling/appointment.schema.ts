import * as v from 'valibot';
import { CHECKOUT, SCHEDULING } from '../constants.ts';
import { jsonObject, optionalText, positiveId, UUID_PATTERN, uuid } from '../validation/fields.ts';
import { DURATION_MESSAGES, durationIssue, FOLLOW_UP_APPOINTMENT_TYPE, isAllowedDuration } from './booking-rules.ts';
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
  /** Quick check-in (spec 7): 'HH:MM' on the practice's clock. */
  arrivalTime?: string | null;
  waitingArea?: WaitingArea | null;
  checkInNotes?: string | null;
  insuranceVerified?: boolean | null;
  emergencyContactConfirmed?: boolean | null;
  medicalHistoryUpdated?: boolean | null;
  paymentMethodOnFile?: boolean | null;
  /** Check-out (express and full). */
  treatmentCompleted?: boolean | null;
  patientSatisfaction?: number | null;
  visitRating?: VisitRating | null;
  paymentCollected?: boolean | null;
  paymentAmount?: number | null;
  paymentMethod?: PaymentMethod | null;
}

export type WaitingArea = (typeof CHECKOUT.waitingAreas)[number];
export type VisitRating = (typeof CHECKOUT.fullCheckoutSatisfaction)[number];
export type PaymentMethod = (typeof CHECKOUT.paymentMethods)[number];

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

export const INVALID_TIME_FORMAT = 'Invalid Time Format';

function enumMessage(values: readonly string[]): string {
  return `Invalid enum value. Expected ${values.map((value) => `'${value}'`).join(' | ')}`;
}

/** The largest amount a form may send: a bound, so no field can carry an absurd or overflowing figure. */
export const MONEY_MAX = 1_000_000;

/** Money as the forms send it (spec 5: step 0.01): a number or decimal text, 0 to 1,000,000.00, at most 2 decimals. */
export function moneyAmount(field: string) {
  const message = `${field} must be an amount from 0 to 1,000,000.00 with at most 2 decimals`;
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

function patientIdField(field: string) {
  return v.pipe(
    v.string(`${field} is required`),
    v.trim(),
    v.nonEmpty(`${field} is required`),
    v.regex(UUID_PATTERN, `${field} must be a valid id`),
    v.toLowerCase(),
  );
}

const patientIdSchema = patientIdField('patientId');

const wholeMinutes = v.pipe(
  v.union(
    [v.number(DURATION_MESSAGES.whole), v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number))],
    DURATION_MESSAGES.whole,
  ),
  v.integer(DURATION_MESSAGES.whole),
);

const durationSchema = v.pipe(
  wholeMinutes,
  v.minValue(SCHEDULING.minDurationMinutes, DURATION_MESSAGES.min),
  v.maxValue(SCHEDULING.maxDurationMinutes, DURATION_MESSAGES.max),
  v.multipleOf(SCHEDULING.durationStepMinutes, DURATION_MESSAGES.step),
);

/**
 * A duration whose allowed values depend on the appointment type (follow-ups may last 15 or 45
 * minutes), so the field only checks it is whole and the body checks it with its type.
 */
const typedDurationSchema = wholeMinutes;

interface TypedDuration {
  duration?: number | undefined;
  appointmentType?: string | null | undefined;
}

/** The body-level duration rule, worded like the field rule and reported on the field. */
function typedDurationIssue(body: TypedDuration): string | null {
  return body.duration === undefined ? null : durationIssue(body.duration, body.appointmentType);
}

/**
 * A patch that leaves the type out is judged against the stored appointment's type by the server and
 * the local store; here it only has to be a length some appointment may have.
 */
function patchDurationIssue(body: TypedDuration): string | null {
  if (body.appointmentType !== undefined || body.duration === undefined) return typedDurationIssue(body);
  return isAllowedDuration(body.duration, FOLLOW_UP_APPOINTMENT_TYPE) ? null : durationIssue(body.duration);
}

/** Spec 5: a blank duration means the default of 30 minutes. */
const blankToUndefined = v.transform((value: unknown) => (value === null || value === '' ? undefined : value));

const optionalDuration = v.pipe(
  v.unknown(),
  blankToUndefined,
  v.optional(durationSchema, SCHEDULING.defaultDurationMinutes),
);

const optionalTypedDuration = v.pipe(
  v.unknown(),
  blankToUndefined,
  v.optional(typedDurationSchema, SCHEDULING.defaultDurationMinutes),
);

function enumField<const T extends readonly string[]>(field: string, values: T) {
  return v.optional(v.nullable(v.picklist(values, `${field}: ${enumMessage(values)}`)));
}

function flag(field: string) {
  return v.optional(v.nullable(v.boolean(`${field} must be true or false`)));
}

const CLOCK_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Spec 7 check-in and check-out field sets; every one may also be cleared with null. */
const visitEntries = {
  arrivalTime: v.optional(
    v.nullable(
      v.pipe(
        v.string('arrivalTime must be a time (HH:MM)'),
        v.regex(CLOCK_TIME_PATTERN, `${INVALID_TIME_FORMAT}: arrivalTime must be HH:MM (24-hour)`),
      ),
    ),
  ),
  waitingArea: v.optional(
    v.nullable(
      v.pipe(
        v.string(`waitingArea: ${enumMessage(CHECKOUT.waitingAreas)}`),
        // Spec 9 lists the last area as 'operatoryn', a slip for 'operatory'; a client copying it is understood.
        v.transform((value) => (value === 'operatoryn' ? 'operatory' : value)),
        v.picklist(CHECKOUT.waitingAreas, `waitingArea: ${enumMessage(CHECKOUT.waitingAreas)}`),
      ),
    ),
  ),
  checkInNotes: optionalText('checkInNotes', 1000),
  insuranceVerified: flag('insuranceVerified'),
  emergencyContactConfirmed: flag('emergencyContactConfirmed'),
  medicalHistoryUpdated: flag('medicalHistoryUpdated'),
  paymentMethodOnFile: flag('paymentMethodOnFile'),
  treatmentCompleted: flag('treatmentCompleted'),
  patientSatisfaction: v.optional(
    v.nullable(
      v.pipe(
        v.number(
          `patientSatisfaction must be a whole number from ${CHECKOUT.satisfactionMin} to ${CHECKOUT.satisfactionMax}`,
        ),
        v.integer(
          `patientSatisfaction must be a whole number from ${CHECKOUT.satisfactionMin} to ${CHECKOUT.satisfactionMax}`,
        ),
        v.minValue(
          CHECKOUT.satisfactionMin,
          `patientSatisfaction must be a whole number from ${CHECKOUT.satisfactionMin} to ${CHECKOUT.satisfactionMax}`,
        ),
        v.maxValue(
          CHECKOUT.satisfactionMax,
          `patientSatisfaction must be a whole number from ${CHECKOUT.satisfactionMin} to ${CHECKOUT.satisfactionMax}`,
        ),
      ),
    ),
  ),
  visitRating: enumField('visitRating', CHECKOUT.fullCheckoutSatisfaction),
  paymentCollected: flag('paymentCollected'),
  paymentAmount: v.optional(v.nullable(moneyAmount('paymentAmount'))),
  paymentMethod: enumField('paymentMethod', CHECKOUT.paymentMethods),
};

const statusSchema = v.pipe(
  v.string(enumMessage(APPOINTMENT_STATUSES)),
  v.trim(),
  v.toLowerCase(),
  v.transform((value) => STATUS_ALIASES[value] ?? value),
  v.picklist(APPOINTMENT_STATUSES, enumMessage(APPOINTMENT_STATUSES)),
);

const assistantIdSchema = v.optional(v.nullable(positiveId('assistantId')));
const overrideSchema = v.optional(v.boolean('override must be true or false'));

export const createAppointmentSchema = v.pipe(
  jsonObject(
    {
      /** A client-generated id, so an appointment booked offline keeps its id after sync. */
      id: v.optional(uuid('id')),
      patientId: patientIdSchema,
      providerId: requiredId('providerId'),
      assistantId: assistantIdSchema,
      treatmentRoom: requiredText('treatmentRoom', 50),
      appointmentDate: isoInstant('appointmentDate'),
      duration: optionalTypedDuration,
      status: v.optional(statusSchema, 'scheduled'),
      procedure: requiredText('procedure', 200),
      notes: optionalText('notes', 2000),
      appointmentType: optionalText('appointmentType', 50),
      /** Book despite conflicts: the caller has seen them and decided. */
      override: overrideSchema,
    },
    // Spec 7: the express check-out's follow-up names its start appointmentTime and its visit appointmentType.
    { appointmentDate: 'appointmentTime', procedure: 'appointmentType' },
  ),
  v.forward(
    v.check(
      (body) => !typedDurationIssue(body),
      (issue) => typedDurationIssue(issue.input) ?? DURATION_MESSAGES.step,
    ),
    ['duration'],
  ),
);
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
  'arrivalTime',
  'waitingArea',
  'checkInNotes',
  'insuranceVerified',
  'emergencyContactConfirmed',
  'medicalHistoryUpdated',
  'paymentMethodOnFile',
  'treatmentCompleted',
  'patientSatisfaction',
  'visitRating',
  'paymentCollected',
  'paymentAmount',
  'paymentMethod',
] as const;
export type PatchableAppointmentField = (typeof PATCHABLE_KEYS)[number];

export const patchAppointmentSchema = v.pipe(
  jsonObject({
    patientId: v.optional(patientIdSchema),
    providerId: v.optional(requiredId('providerId')),
    assistantId: assistantIdSchema,
    treatmentRoom: v.optional(requiredText('treatmentRoom', 50)),
    appointmentDate: v.optional(isoInstant('appointmentDate')),
    duration: v.optional(typedDurationSchema),
    status: v.optional(statusSchema),
    procedure: v.optional(requiredText('procedure', 200)),
    notes: optionalText('notes', 2000),
    appointmentType: optionalText('appointmentType', 50),
    checkedInAt: v.optional(v.nullable(isoInstant('checkedInAt'))),
    completedAt: v.optional(v.nullable(isoInstant('completedAt'))),
    ...visitEntries,
    override: overrideSchema,
  }),
  // Without the type in the body the stored appointment's type decides, on the server and in the local store.
  v.forward(
    v.check(
      (body) => !patchDurationIssue(body),
      (issue) => patchDurationIssue(issue.input) ?? DURATION_MESSAGES.step,
    ),
    ['duration'],
  ),
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

const DATE_TIME_PREFIX = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}/;

/**
 * A calendar date. A full ISO date-time (what `Date#toISOString()` gives a client) is read as the
 * date written at its start, so such a client is understood rather than refused.
 */
export function dateField(field: string) {
  const message = `${field} must be a date (YYYY-MM-DD)`;
  return v.pipe(
    v.string(message),
    v.trim(),
    v.transform((value) => DATE_TIME_PREFIX.exec(value)?.[1] ?? value),
    v.check(isCalendarDate, message),
  );
}

const dateQuery = dateField('date');

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

/** More than a household ever holds (the seeded ones have at most five people). */
export const MAX_FAMILY_MEMBERS = 10;

export const familyBookingSchema = v.pipe(
  jsonObject({
    primaryPatientId: patientIdField('primaryPatientId'),
    familyMemberIds: v.pipe(
      v.array(patientIdField('familyMemberIds'), 'familyMemberIds must be a list of patient ids'),
      v.minLength(1, 'familyMemberIds must name at least one family member'),
      v.maxLength(MAX_FAMILY_MEMBERS, `familyMemberIds can name at most ${MAX_FAMILY_MEMBERS} family members`),
      v.check((ids) => new Set(ids).size === ids.length, 'familyMemberIds must not repeat a patient'),
    ),
    /** The only arrangement offered: one after the other, the same day. */
    consecutiveAppointments: v.optional(
      v.literal(true, 'Only consecutive appointments are supported: consecutiveAppointments must be true'),
      true,
    ),
    sameDay: v.optional(v.literal(true, 'Only same-day appointments are supported: sameDay must be true'), true),
    providerId: requiredId('providerId'),
    assistantId: assistantIdSchema,
    treatmentRoom: requiredText('treatmentRoom', 50),
    appointmentDate: isoInstant('appointmentDate'),
    duration: optionalDuration,
    procedure: requiredText('procedure', 200),
    notes: optionalText('notes', 2000),
    appointmentType: optionalText('appointmentType', 50),
    override: overrideSchema,
  }),
  v.forward(
    v.check(
      (body) => !body.familyMemberIds.includes(body.primaryPatientId),
      'familyMemberIds must not include primaryPatientId',
    ),
    ['familyMemberIds'],
  ),
);
export type FamilyBookingBody = v.InferOutput<typeof familyBookingSchema>;
