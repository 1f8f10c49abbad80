import * as v from 'valibot';
import { fill, type Text } from '../i18n/text.ts';
import { splitClinicalList } from '../patients/patient.schema.ts';
import { enumMessage, FIELD_TEXTS, jsonObject, optionalText, uuid } from '../validation/fields.ts';
import type { FieldIssue } from '../validation/issues.ts';
import type { FormAnswers, PublicForm } from './public-api.ts';

export const FORM_SUBMISSION_STATUSES = ['draft', 'submitted', 'accepted', 'rejected'] as const;
export type FormSubmissionStatus = (typeof FORM_SUBMISSION_STATUSES)[number];
/** What staff list and decide on: a draft is the patient's own until sent. */
export const REVIEWABLE_STATUSES = ['submitted', 'accepted', 'rejected'] as const;

/**
 * What a patient sent from /form/{token}, waiting for staff review (GET /api/form-submissions). Nothing in it
 * reaches the patient's record until a staff member accepts it.
 */
export interface FormSubmission {
  id: string;
  patientId: string;
  patientName: string;
  /** The forms as they were sent (in English, the staff's record). */
  forms: readonly PublicForm[];
  answers: FormAnswers;
  /** PNG data URL of the drawn signature. */
  signature: string | null;
  status: FormSubmissionStatus;
  submittedAt: string | null;
  reviewedAt: string | null;
  reviewedBy: number | null;
  reviewedByName: string | null;
  /** Why staff rejected it. */
  reason: string | null;
}

export const FORM_SUBMISSION_TEXTS = {
  decided: /*i18n*/ {
    id: 'formSubmission.decided',
    message: 'This submission has already been reviewed.',
  },
} as const satisfies Record<string, Text>;

/**
 * The answers of a submission that staff accept into the patient's medical history: fields of these
 * names, in whichever sent form holds them (the Medical History Questionnaire).
 */
export const MEDICAL_HISTORY_FIELDS = ['conditions', 'medications', 'allergies'] as const;
export type MedicalHistoryField = (typeof MEDICAL_HISTORY_FIELDS)[number];

/**
 * The patient's lists with the answers added: each answer is split like a list typed on the patient
 * screen, and an entry already listed (in any case) is not added twice. Only lists that gain an entry
 * are returned, so accepting a form that adds nothing changes nothing.
 */
export function mergeHistoryAnswers(
  history: Readonly<Record<MedicalHistoryField, readonly string[]>>,
  answers: FormAnswers,
): Partial<Record<MedicalHistoryField, string[]>> {
  const merged: Partial<Record<MedicalHistoryField, string[]>> = {};
  for (const field of MEDICAL_HISTORY_FIELDS) {
    const list = [...history[field]];
    const known = new Set(list.map((entry) => entry.toLowerCase()));
    for (const form of Object.values(answers)) {
      const answer = form[field];
      if (typeof answer !== 'string') continue;
      for (const entry of splitClinicalList(answer)) {
        if (known.has(entry.toLowerCase())) continue;
        known.add(entry.toLowerCase());
        list.push(entry);
      }
    }
    if (list.length > history[field].length) merged[field] = list;
  }
  return merged;
}

/** An answer is missing when absent, blank, or an unticked box. */
function answered(value: string | boolean | undefined): boolean {
  return typeof value === 'boolean' ? value : typeof value === 'string' && value.trim() !== '';
}

/**
 * What a final submission still lacks: each required field left empty, named `answers.<formId>.<field>`,
 * and `signature` when a form asks for one and none was drawn. A select answer must be one of its options.
 */
export function submissionIssues(
  forms: readonly PublicForm[],
  answers: FormAnswers,
  signature: string | null | undefined,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const form of forms) {
    const given = answers[String(form.id)] ?? {};
    for (const field of form.fields) {
      if (field.type === 'signature') {
        if (field.required && !signature) {
          issues.push({
            field: 'signature',
            message: fill(FIELD_TEXTS.required, { field: 'signature' }),
            code: 'FIELD_REQUIRED',
          });
        }
        continue;
      }
      const name = `answers.${form.id}.${field.name}`;
      const value = given[field.name];
      if (!answered(value)) {
        if (field.required)
          issues.push({ field: name, message: fill(FIELD_TEXTS.required, { field: name }), code: 'FIELD_REQUIRED' });
        continue;
      }
      if (field.type === 'select' && field.options && !field.options.includes(String(value))) {
        issues.push({ field: name, message: enumMessage(field.options, name), code: 'FIELD_INVALID' });
      }
    }
  }
  // One missing signature is said once, however many forms ask for it.
  return issues.filter(
    (issue, index) => issue.field !== 'signature' || issues.findIndex((i) => i.field === 'signature') === index,
  );
}

/** GET /api/form-submissions: decided or waiting submissions, of one patient when named. */
export const formSubmissionListQuerySchema = v.object({
  status: v.optional(v.picklist(REVIEWABLE_STATUSES, enumMessage(REVIEWABLE_STATUSES, 'status'))),
  patientId: v.optional(uuid('patientId')),
});

export const formSubmissionIdParamsSchema = v.object({ id: uuid('id') });

/** POST /api/form-submissions/{id}/reject. */
export const rejectSubmissionSchema = v.optional(jsonObject({ reason: optionalText('reason', 1000) }), {});
