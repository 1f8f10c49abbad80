import { DomainError } from '@dental/domain/errors';
import {
  FORM_SUBMISSION_TEXTS,
  type FormSubmission,
  type FormSubmissionStatus,
  mergeHistoryAnswers,
} from '@dental/domain/public/form-submission';
import type { Db } from '../db/connection.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { decideFormSubmission, findFormSubmission, listFormSubmissions } from '../repos/form-submissions.ts';
import { toPatient } from '../repos/patients.ts';
import type { Caller } from './caller.ts';
import { requirePatient, updatePatient } from './patients.ts';

interface Reviewer {
  caller: Caller;
  practiceId: number;
  now: Date;
}

export function formSubmissions(
  db: Db,
  practiceId: number,
  filter: { status?: FormSubmissionStatus | undefined; patientId?: string | undefined },
): Promise<FormSubmission[]> {
  return listFormSubmissions(db, practiceId, filter);
}

async function waitingSubmission(db: Db, practiceId: number, id: string): Promise<FormSubmission> {
  const submission = await findFormSubmission(db, practiceId, id);
  if (!submission || submission.status === 'draft') throw new DomainError('NOT_FOUND', 'Form submission not found.');
  if (submission.status !== 'submitted') {
    throw new DomainError('SUBMISSION_DECIDED', FORM_SUBMISSION_TEXTS.decided.message, {
      details: { status: submission.status },
    });
  }
  return submission;
}

async function decide(
  db: Db,
  reviewer: Reviewer,
  submission: FormSubmission,
  decision: { status: 'accepted' | 'rejected'; reason: string | null; details?: Record<string, unknown> },
): Promise<FormSubmission> {
  const { practiceId, now } = reviewer;
  const userId = reviewer.caller.account.row.id;
  const decided = await decideFormSubmission(db, practiceId, submission.id, {
    status: decision.status,
    reviewedAt: now.toISOString(),
    reviewedBy: userId,
    reason: decision.reason,
  });
  // Another reviewer decided between our read and our write: their decision stands.
  if (!decided) throw new DomainError('SUBMISSION_DECIDED', FORM_SUBMISSION_TEXTS.decided.message);
  await writeAudit(db, {
    at: now,
    userId,
    practiceId,
    action: `form_submission.${decision.status === 'accepted' ? 'accept' : 'reject'}`,
    entity: 'form_submission',
    entityId: submission.id,
    details: { patientId: submission.patientId, ...decision.details },
  });
  const saved = await findFormSubmission(db, practiceId, submission.id);
  if (!saved) throw new DomainError('NOT_FOUND', 'Form submission not found.');
  return saved;
}

/**
 * Staff accept what the patient sent: the Medical History answers (conditions, medications, allergies)
 * are added to the patient's lists through the same edit as the patient screen's, so the change is
 * checked (medical fields need their permission), audited and synced to every device.
 */
export async function acceptSubmission(db: Db, reviewer: Reviewer, id: string): Promise<FormSubmission> {
  const { practiceId, now } = reviewer;
  const submission = await waitingSubmission(db, practiceId, id);
  const patient = toPatient(await requirePatient(db, practiceId, submission.patientId));
  const additions = mergeHistoryAnswers(patient.medicalHistory, submission.answers);
  const merged = Object.keys(additions);
  if (merged.length > 0) {
    await updatePatient(db, reviewer.caller, {
      practiceId,
      id: patient.id,
      body: { medicalHistory: additions },
      now,
    });
  }
  return decide(db, reviewer, submission, { status: 'accepted', reason: null, details: { merged } });
}

/** Staff reject what the patient sent: nothing of it reaches the record; the reason is kept. */
export async function rejectSubmission(
  db: Db,
  reviewer: Reviewer,
  id: string,
  reason: string | null,
): Promise<FormSubmission> {
  const submission = await waitingSubmission(db, reviewer.practiceId, id);
  return decide(db, reviewer, submission, { status: 'rejected', reason });
}
