import * as v from 'valibot';
import { CHECKOUT } from '../constants.ts';
import { fill, type Text } from '../i18n/text.ts';
import { enumMessage, FIELD_TEXTS, jsonObject, optionalText, uuid } from '../validation/fields.ts';
import {
  assistantIdSchema,
  clockTimeMessage,
  enumField,
  flag,
  isoInstant,
  moneyAmount,
  optionalDuration,
  optionalTypedDuration,
  overrideSchema,
  patchDurationIssue,
  patientIdField,
  patientIdSchema,
  requiredId,
  requiredText,
  statusSchema,
  typedDurationIssue,
  typedDurationSchema,
} from './appointment-fields.ts';
import { DURATION_MESSAGES } from './booking-rules.ts';

/** The refusals of appointment bodies that no shared field rule words. */
export const APPOINTMENT_TEXTS = {
  arrivalTime: /*i18n*/ { id: 'appointment.arrivalTime', message: 'arrivalTime must be a time (HH:MM)' },
  changeSomething: /*i18n*/ {
    id: 'appointment.changeSomething',
    message: 'The request must change at least one of: {fields}',
  },
  familyList: /*i18n*/ { id: 'familyBooking.list', message: 'familyMemberIds must be a list of patient ids' },
  familyMin: /*i18n*/ { id: 'familyBooking.min', message: 'familyMemberIds must name at least one family member' },
  familyMax: /*i18n*/ { id: 'familyBooking.max', message: 'familyMemberIds can name at most {max} family members' },
  familyRepeat: /*i18n*/ { id: 'familyBooking.repeat', message: 'familyMemberIds must not repeat a patient' },
  consecutive: /*i18n*/ {
    id: 'familyBooking.consecutive',
    message: 'Only consecutive appointments are supported: consecutiveAppointments must be true',
  },
  sameDay: /*i18n*/ {
    id: 'familyBooking.sameDay',
    message: 'Only same-day appointments are supported: sameDay must be true',
  },
  primaryIncluded: /*i18n*/ {
    id: 'familyBooking.primaryIncluded',
    message: 'familyMemberIds must not include primaryPatientId',
  },
} as const satisfies Record<string, Text>;

const SATISFACTION_MESSAGE = fill(FIELD_TEXTS.boundedInt, {
  field: 'patientSatisfaction',
  min: CHECKOUT.satisfactionMin,
  max: CHECKOUT.satisfactionMax,
});

const CLOCK_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Spec 7 check-in and check-out field sets; every one may also be cleared with null. */
const visitEntries = {
  arrivalTime: v.optional(
    v.nullable(
      v.pipe(
        v.string(APPOINTMENT_TEXTS.arrivalTime.message),
        v.regex(CLOCK_TIME_PATTERN, clockTimeMessage('arrivalTime')),
      ),
    ),
  ),
  waitingArea: v.optional(
    v.nullable(
      v.pipe(
        v.string(enumMessage(CHECKOUT.waitingAreas, 'waitingArea')),
        // Spec 9 lists the last area as 'operatoryn', a slip for 'operatory'; a client copying it is understood.
        v.transform((value) => (value === 'operatoryn' ? 'operatory' : value)),
        v.picklist(CHECKOUT.waitingAreas, enumMessage(CHECKOUT.waitingAreas, 'waitingArea')),
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
        v.number(SATISFACTION_MESSAGE),
        v.integer(SATISFACTION_MESSAGE),
        v.minValue(CHECKOUT.satisfactionMin, SATISFACTION_MESSAGE),
        v.maxValue(CHECKOUT.satisfactionMax, SATISFACTION_MESSAGE),
      ),
    ),
  ),
  visitRating: enumField('visitRating', CHECKOUT.fullCheckoutSatisfaction),
  paymentCollected: flag('paymentCollected'),
  paymentAmount: v.optional(v.nullable(moneyAmount('paymentAmount'))),
  paymentMethod: enumField('paymentMethod', CHECKOUT.paymentMethods),
};

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
    fill(APPOINTMENT_TEXTS.changeSomething, { fields: PATCHABLE_KEYS.join(', ') }),
  ),
);
export type PatchAppointmentBody = v.InferOutput<typeof patchAppointmentSchema>;

/** The fields a PATCH body actually sets. */
export function changedFields(body: PatchAppointmentBody): PatchableAppointmentField[] {
  return PATCHABLE_KEYS.filter((key) => body[key] !== undefined);
}

/** More than a household ever holds (the seeded ones have at most five people). */
export const MAX_FAMILY_MEMBERS = 10;

export const familyBookingSchema = v.pipe(
  jsonObject({
    primaryPatientId: patientIdField('primaryPatientId'),
    familyMemberIds: v.pipe(
      v.array(patientIdField('familyMemberIds'), APPOINTMENT_TEXTS.familyList.message),
      v.minLength(1, APPOINTMENT_TEXTS.familyMin.message),
      v.maxLength(MAX_FAMILY_MEMBERS, fill(APPOINTMENT_TEXTS.familyMax, { max: MAX_FAMILY_MEMBERS })),
      v.check((ids) => new Set(ids).size === ids.length, APPOINTMENT_TEXTS.familyRepeat.message),
    ),
    /** The only arrangement offered: one after the other, the same day. */
    consecutiveAppointments: v.optional(v.literal(true, APPOINTMENT_TEXTS.consecutive.message), true),
    sameDay: v.optional(v.literal(true, APPOINTMENT_TEXTS.sameDay.message), true),
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
    v.check((body) => !body.familyMemberIds.includes(body.primaryPatientId), APPOINTMENT_TEXTS.primaryIncluded.message),
    ['familyMemberIds'],
  ),
);
export type FamilyBookingBody = v.InferOutput<typeof familyBookingSchema>;
