import type { FormAnswers, PublicForm } from './public-api.ts';

export const FORM_SUBMISSION_STATUSES = ['draft', 'submitted', 'accepted', 'rejected'] as const;
export type FormSubmissionStatus = (typeof FORM_SUBMISSION_STATUSES)[number];

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
