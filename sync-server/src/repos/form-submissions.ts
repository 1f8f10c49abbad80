import type { FormSubmission, FormSubmissionStatus } from '@dental/domain/public/form-submission';
import type { StoredFormTemplate } from '@dental/domain/public/form-template';
import type { FormAnswers, PublicForm } from '@dental/domain/public/public-api';
import { fullName } from '@dental/domain/users/user';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { FormSubmissionsTable } from '../db/schema.ts';

function parseJson<T>(json: string, fallback: T): T {
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
}

/** The submission of one link (its draft, or what was sent). */
export async function submissionOfToken(db: Db, tokenId: string): Promise<Selectable | undefined> {
  return db.selectFrom('form_submissions').selectAll().where('token_id', '=', tokenId).executeTakeFirst();
}

type Selectable = FormSubmissionsTable;

export function storedAnswers(row: Selectable): FormAnswers {
  return parseJson<FormAnswers>(row.answers, {});
}

export async function insertFormSubmission(db: Db, row: Insertable<FormSubmissionsTable>): Promise<void> {
  await db.insertInto('form_submissions').values(row).execute();
}

export async function updateFormSubmission(
  db: Db,
  practiceId: number,
  id: string,
  changes: Updateable<FormSubmissionsTable>,
): Promise<void> {
  await db
    .updateTable('form_submissions')
    .set(changes)
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .execute();
}

/**
 * Decides a submission that still waits for review; false when another reviewer decided it first, so
 * two staff members accepting at once cannot both merge it.
 */
export async function decideFormSubmission(
  db: Db,
  practiceId: number,
  id: string,
  decision: { status: 'accepted' | 'rejected'; reviewedAt: string; reviewedBy: number; reason: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('form_submissions')
    .set({
      status: decision.status,
      reviewed_at: decision.reviewedAt,
      reviewed_by: decision.reviewedBy,
      reason: decision.reason,
      updated_at: decision.reviewedAt,
    })
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .where('status', '=', 'submitted')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

function submissionQuery(db: Db, practiceId: number) {
  return db
    .selectFrom('form_submissions as s')
    .innerJoin('patients as p', 'p.id', 's.patient_id')
    .leftJoin('users as u', 'u.id', 's.reviewed_by')
    .selectAll('s')
    .select([
      'p.first_name as patient_first_name',
      'p.last_name as patient_last_name',
      'u.first_name as reviewer_first_name',
      'u.last_name as reviewer_last_name',
    ])
    .where('s.practice_id', '=', practiceId);
}

type SubmissionRow = Awaited<ReturnType<ReturnType<typeof submissionQuery>['executeTakeFirstOrThrow']>>;

function toFormSubmission(row: SubmissionRow): FormSubmission {
  const reviewer =
    row.reviewer_first_name !== null && row.reviewer_last_name !== null
      ? fullName({ firstName: row.reviewer_first_name, lastName: row.reviewer_last_name })
      : null;
  return {
    id: row.id,
    patientId: row.patient_id,
    patientName: fullName({ firstName: row.patient_first_name, lastName: row.patient_last_name }),
    forms: parseJson<PublicForm[]>(row.forms, []),
    answers: storedAnswers(row),
    signature: row.signature,
    status: row.status as FormSubmissionStatus,
    submittedAt: row.submitted_at,
    reviewedAt: row.reviewed_at,
    reviewedBy: row.reviewed_by,
    reviewedByName: reviewer,
    reason: row.reason,
  };
}

/** Submissions staff review, newest first; drafts are the patient's own and never listed. */
export async function listFormSubmissions(
  db: Db,
  practiceId: number,
  filter: { status?: FormSubmissionStatus | undefined; patientId?: string | undefined },
): Promise<FormSubmission[]> {
  let query = submissionQuery(db, practiceId).where('s.status', '!=', 'draft');
  if (filter.status) query = query.where('s.status', '=', filter.status);
  if (filter.patientId) query = query.where('s.patient_id', '=', filter.patientId);
  const rows = await query.orderBy('s.submitted_at', 'desc').orderBy('s.id').execute();
  return rows.map(toFormSubmission);
}

export async function findFormSubmission(db: Db, practiceId: number, id: string): Promise<FormSubmission | undefined> {
  const row = await submissionQuery(db, practiceId).where('s.id', '=', id).executeTakeFirst();
  return row ? toFormSubmission(row) : undefined;
}

/** The form sends a link covers, with their templates as stored (both languages). */
export async function sentTemplates(
  db: Db,
  practiceId: number,
  sendIds: readonly string[],
): Promise<(StoredFormTemplate & { sendId: string; sendStatus: string })[]> {
  if (sendIds.length === 0) return [];
  const rows = await db
    .selectFrom('form_sends as s')
    .innerJoin('form_templates as t', (join) =>
      join.onRef('t.id', '=', 's.template_id').onRef('t.practice_id', '=', 's.practice_id'),
    )
    .select(['s.id as send_id', 's.status as send_status', 't.id', 't.title', 't.title_fr', 't.fields'])
    .where('s.practice_id', '=', practiceId)
    .where('s.id', 'in', sendIds)
    .orderBy('s.sent_at')
    .orderBy('t.id')
    .execute();
  return rows.map((row) => ({
    sendId: row.send_id,
    sendStatus: row.send_status,
    id: row.id,
    title: row.title,
    titleFr: row.title_fr,
    fields: parseJson<unknown[]>(row.fields, []),
  }));
}

/** The patient answered: the sends are complete. */
export async function completeFormSends(db: Db, practiceId: number, sendIds: readonly string[]): Promise<void> {
  if (sendIds.length === 0) return;
  await db
    .updateTable('form_sends')
    .set({ status: 'completed' })
    .where('practice_id', '=', practiceId)
    .where('id', 'in', sendIds)
    .execute();
}
