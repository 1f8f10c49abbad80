import * as v from 'valibot';
import { fill, type Text } from '../i18n/text.ts';
import { clockTimeMessage, dateField } from '../scheduling/appointment-fields.ts';
import { boundedInt, enumMessage, FIELD_TEXTS, jsonObject, optionalText, positiveId } from '../validation/fields.ts';
import type { PatientLanguage } from './public-token.ts';

export const PUBLIC_FIELD_TEXTS = {
  answers: /*i18n*/ { id: 'public.answers', message: '{field} must map each form to its answers (text or true/false)' },
  signature: /*i18n*/ { id: 'public.signature', message: '{field} must be a drawn signature (a PNG image)' },
} as const satisfies Record<string, Text>;

/**
 * The public API (issue 20, point 3): what a patient's page reads and sends with its token. No session;
 * each answer carries only what the page shows: a first name, the practice, the appointment.
 */

/** The practice as a patient sees it on every page. */
export interface PublicPractice {
  name: string;
  phone: string | null;
  timezone: string;
}

/** Common to every GET: the language the page is shown in (the patient's). */
export interface PublicPage {
  practice: PublicPractice;
  patientFirstName: string;
  language: PatientLanguage;
  /** When the link stops working (ISO instant). */
  expiresAt: string;
}

/** The kinds of field a form template holds (form_templates.fields). */
export const FORM_FIELD_TYPES = [
  'text',
  'email',
  'tel',
  'date',
  'textarea',
  'checkbox',
  'select',
  'signature',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/**
 * A field of a form template. On the public page the server sends label and options already in the
 * patient's language. A `signature` field is answered by the one signature drawn for the submission.
 */
export interface FormFieldDefinition {
  name: string;
  label: string;
  type: FormFieldType;
  required: boolean;
  /** For `select`: the values, as stored in the answers. */
  options?: readonly string[];
  /** For `select`: what each option reads, in the page's language, when it differs from the value. */
  optionLabels?: readonly string[];
}

/** `name` is the template's title, in the patient's language. */
export interface PublicForm {
  id: number;
  name: string;
  fields: readonly FormFieldDefinition[];
}

/** GET /api/public/forms/{token}. `saved` holds partial answers saved earlier from any device. */
export interface PublicFormsPage extends PublicPage {
  forms: readonly PublicForm[];
  saved: FormAnswers;
}

/** Answers by form id, then by field id. */
export type FormAnswers = Record<string, Record<string, string | boolean>>;

const answersMessage = fill(PUBLIC_FIELD_TEXTS.answers, { field: 'answers' });
const answerValue = v.union([v.pipe(v.string(), v.maxLength(5000)), v.boolean()], answersMessage);

const signatureMessage = fill(PUBLIC_FIELD_TEXTS.signature, { field: 'signature' });
/** A signature drawn on the page: a PNG data URL of at most ~200 KB. */
export const signatureSchema = v.pipe(
  v.string(signatureMessage),
  v.regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, signatureMessage),
  v.maxLength(280_000, signatureMessage),
);

/** POST /api/public/forms/{token}: the submission (200). `draft: true` saves partial answers and keeps the link open. */
export const formSubmissionSchema = jsonObject({
  answers: v.record(v.string(), v.record(v.string(), answerValue, answersMessage), answersMessage),
  signature: v.optional(v.nullable(signatureSchema)),
  draft: v.optional(v.boolean(fill(FIELD_TEXTS.boolean, { field: 'draft' }))),
});
export type FormSubmissionBody = v.InferOutput<typeof formSubmissionSchema>;

/** GET /api/public/review/{token}. */
export interface PublicReviewPage extends PublicPage {
  /** The visit reviewed, when the survey names one. */
  visit: { date: string; provider: string | null } | null;
}

export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** A rating at or under this notifies the practice manager. */
export const LOW_RATING_MAX = 2;

/** POST /api/public/review/{token} (200). */
export const reviewSchema = jsonObject({
  rating: boundedInt('rating', RATING_MIN, RATING_MAX),
  comment: optionalText('comment', 2000),
});
export type ReviewBody = v.InferOutput<typeof reviewSchema>;

/** The appointment as its patient sees it: local date and time in the practice's zone. */
export interface PublicAppointment {
  date: string;
  time: string;
  provider: string;
  procedure: string;
}

/** GET /api/public/confirm/{token}. */
export interface PublicConfirmPage extends PublicPage {
  appointment: PublicAppointment;
}

export const CONFIRM_RESPONSES = ['confirm', 'reschedule'] as const;
export type ConfirmResponse = (typeof CONFIRM_RESPONSES)[number];

/** POST /api/public/confirm/{token} (200 `{status: 'confirmed' | 'reschedule-requested'}`). */
export const confirmSchema = jsonObject({
  response: v.picklist(CONFIRM_RESPONSES, enumMessage(CONFIRM_RESPONSES, 'response')),
});

/** GET /api/public/schedule/{token} (no date): what the invitation is for. */
export interface PublicSchedulePage extends PublicPage {
  procedure: string;
  duration: number;
  /** The first and last days a slot may be offered on. */
  from: string;
  to: string;
}

export interface PublicSlot {
  date: string;
  time: string;
  providerId: number;
  /** The provider's display name, for the page. */
  provider?: string;
}

/** GET /api/public/schedule/{token}?date=YYYY-MM-DD → `{slots}`. */
export interface PublicSlots {
  slots: readonly PublicSlot[];
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const scheduleQuerySchema = v.object({ date: v.optional(dateField('date')) });

/** POST /api/public/schedule/{token} → 201 `{appointment: PublicAppointment}`; a slot taken meanwhile is 409 with `slots`. */
export const scheduleBookingSchema = jsonObject({
  date: dateField('date'),
  time: v.pipe(v.string(clockTimeMessage('time')), v.regex(TIME, clockTimeMessage('time'))),
  providerId: positiveId('providerId'),
});
export type ScheduleBookingBody = v.InferOutput<typeof scheduleBookingSchema>;
