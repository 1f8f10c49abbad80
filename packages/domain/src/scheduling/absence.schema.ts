import * as v from 'valibot';
import { englishOf, fill, type Text } from '../i18n/text.ts';
import { enumMessage, FIELD_TEXTS, jsonObject, optionalText, positiveId } from '../validation/fields.ts';
import type { Appointment } from './appointment.ts';
import { dateField } from './appointment-fields.ts';
import { reschedulePlansSchema, type SmartSuggestion } from './reschedule-plan.ts';
import type { AppointmentStatus } from './status-transitions.ts';

/** Spec 4: cancelled, completed and no-show bookings are not touched by an absence. */
export const ABSENCE_UNAFFECTED_STATUSES: readonly AppointmentStatus[] = ['cancelled', 'completed', 'no-show'];

export const ABSENCE_REASONS = [
  'sick-leave',
  'vacation',
  'emergency',
  'continuing-education',
  'personal',
  'other',
] as const;
export type AbsenceReason = (typeof ABSENCE_REASONS)[number];

export const ABSENCE_REASON_TEXTS = {
  'sick-leave': /*i18n*/ { id: 'absenceReason.sickLeave', message: 'Sick Leave' },
  vacation: /*i18n*/ { id: 'absenceReason.vacation', message: 'Vacation' },
  emergency: /*i18n*/ { id: 'absenceReason.emergency', message: 'Emergency' },
  'continuing-education': /*i18n*/ { id: 'absenceReason.continuingEducation', message: 'Continuing Education' },
  personal: /*i18n*/ { id: 'absenceReason.personal', message: 'Personal' },
  other: /*i18n*/ { id: 'absenceReason.other', message: 'Other' },
} as const satisfies Record<AbsenceReason, Text>;
export const ABSENCE_REASON_LABELS: Readonly<Record<AbsenceReason, string>> = englishOf(ABSENCE_REASON_TEXTS);

export function absenceReasonLabel(reason: string): string {
  return ABSENCE_REASON_LABELS[reason as AbsenceReason] ?? reason;
}

/** Spec 5 and 8 texts of the Provider Absence Wizard. */
export const ABSENCE_I18N = {
  selectProviderTitle: /*i18n*/ { id: 'absence.selectProviderTitle', message: 'Select Provider' },
  selectProviderMessage: /*i18n*/ {
    id: 'absence.selectProviderMessage',
    message: 'Please select a provider who will be absent.',
  },
  reasonTitle: /*i18n*/ { id: 'absence.reasonTitle', message: 'Absence Reason Required' },
  reasonMessage: /*i18n*/ { id: 'absence.reasonMessage', message: 'Please provide a reason for the absence.' },
  failedTitle: /*i18n*/ { id: 'absence.failedTitle', message: 'Processing Failed' },
  failedMessage: /*i18n*/ {
    id: 'absence.failedMessage',
    message: 'Failed to process provider absence. Please try again.',
  },
  success: /*i18n*/ { id: 'absence.success', message: 'Provider Absence Processed' },
  suggestionApplied: /*i18n*/ { id: 'absence.suggestionApplied', message: 'Suggestion Applied' },
  needsNetwork: /*i18n*/ {
    id: 'absence.needsNetwork',
    message: 'Processing an absence needs a connection. Your choices are kept; try again when you are back online.',
  },
  absenceDetails: /*i18n*/ { id: 'absence.step.absenceDetails', message: 'Absence Details' },
  reviewAppointments: /*i18n*/ { id: 'absence.step.reviewAppointments', message: 'Review Appointments' },
  rescheduleOptions: /*i18n*/ { id: 'absence.step.rescheduleOptions', message: 'Reschedule Options' },
  confirmation: /*i18n*/ { id: 'absence.step.confirmation', message: 'Confirmation' },
  cancelNote: /*i18n*/ { id: 'absence.cancelNote', message: 'Cancelled: provider absence ({reason})' },
} as const satisfies Record<string, Text>;

export const ABSENCE_TEXTS = englishOf({
  selectProviderTitle: ABSENCE_I18N.selectProviderTitle,
  selectProviderMessage: ABSENCE_I18N.selectProviderMessage,
  reasonTitle: ABSENCE_I18N.reasonTitle,
  reasonMessage: ABSENCE_I18N.reasonMessage,
  failedTitle: ABSENCE_I18N.failedTitle,
  failedMessage: ABSENCE_I18N.failedMessage,
  success: ABSENCE_I18N.success,
  suggestionApplied: ABSENCE_I18N.suggestionApplied,
  needsNetwork: ABSENCE_I18N.needsNetwork,
});

/** Spec 2.10: the wizard's five steps, in order (titles as ABSENCE_I18N words them). */
export const ABSENCE_STEPS = [
  { key: 'select-provider', title: 'Select Provider' },
  { key: 'absence-details', title: 'Absence Details' },
  { key: 'review-appointments', title: 'Review Appointments' },
  { key: 'reschedule-options', title: 'Reschedule Options' },
  { key: 'confirmation', title: 'Confirmation' },
] as const;
export type AbsenceStep = (typeof ABSENCE_STEPS)[number]['key'];

/** A recorded absence: the provider cannot be booked on any practice day from startDate to endDate. */
export interface ProviderAbsence {
  id: string;
  practiceId: number;
  providerId: number;
  startDate: string;
  endDate: string;
  reason: AbsenceReason;
  notes: string | null;
  emergencyContact: number | null;
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface AffectedAppointment {
  appointment: Appointment;
  /** Family members booked back to back share one id and move together; null for anyone else. */
  groupId: string | null;
  /** At most 3, best first; the members of one group get parallel lists (same order, same slots shifted). */
  suggestions: SmartSuggestion[];
}

export interface AbsencePreview {
  affected: AffectedAppointment[];
}

function requiredProvider(message: string) {
  return v.pipe(
    v.unknown(),
    v.check((value) => value !== undefined && value !== null && value !== '', message),
    positiveId('providerId'),
  );
}

function requiredDate(field: string) {
  return v.pipe(
    v.unknown(),
    v.check((value) => value !== undefined && value !== null && value !== '', fill(FIELD_TEXTS.required, { field })),
    dateField(field),
  );
}

const END_BEFORE_START = FIELD_TEXTS.endBeforeStart.message;

/** POST /api/provider-absences/preview: which bookings the absence would touch, with suggestions. */
export const absencePreviewSchema = v.pipe(
  jsonObject({
    providerId: requiredProvider(ABSENCE_TEXTS.selectProviderMessage),
    startDate: requiredDate('startDate'),
    endDate: requiredDate('endDate'),
  }),
  v.forward(
    v.check((body) => body.endDate >= body.startDate, END_BEFORE_START),
    ['endDate'],
  ),
);
export type AbsencePreviewBody = v.InferOutput<typeof absencePreviewSchema>;

/** POST /api/provider-absences: the absence and what to do with each affected booking, applied together. */
export const providerAbsenceSchema = v.pipe(
  jsonObject({
    providerId: requiredProvider(ABSENCE_TEXTS.selectProviderMessage),
    startDate: requiredDate('startDate'),
    endDate: requiredDate('endDate'),
    reason: v.pipe(
      v.unknown(),
      v.check((value) => value !== undefined && value !== null && value !== '', ABSENCE_TEXTS.reasonMessage),
      v.picklist(ABSENCE_REASONS, enumMessage(ABSENCE_REASONS, 'reason')),
    ),
    notes: optionalText('notes', 2000),
    emergencyContact: v.optional(v.nullable(positiveId('emergencyContact'))),
    notifyPatients: v.optional(v.boolean(fill(FIELD_TEXTS.boolean, { field: 'notifyPatients' })), true),
    plans: v.optional(reschedulePlansSchema, []),
  }),
  v.forward(
    v.check((body) => body.endDate >= body.startDate, END_BEFORE_START),
    ['endDate'],
  ),
);
export type ProviderAbsenceBody = v.InferOutput<typeof providerAbsenceSchema>;

export const absenceListQuerySchema = v.pipe(
  v.object({
    date: v.optional(dateField('date')),
    startDate: v.optional(dateField('startDate')),
    endDate: v.optional(dateField('endDate')),
  }),
  v.forward(
    v.check((query) => !query.startDate || !query.endDate || query.endDate >= query.startDate, END_BEFORE_START),
    ['endDate'],
  ),
);

/** The note a cancelled booking keeps (spec 4: cancelled with a note giving the absence reason). */
export function absenceCancelNote(reason: string): string {
  return fill(ABSENCE_I18N.cancelNote, { reason: absenceReasonLabel(reason) });
}
