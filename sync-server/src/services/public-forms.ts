import { randomUUID } from 'node:crypto';
import { invalidInput } from '@dental/domain/errors';
import { submissionIssues } from '@dental/domain/public/form-submission';
import { publicForm } from '@dental/domain/public/form-template';
import type { FormAnswers, FormSubmissionBody, PublicForm, PublicFormsPage } from '@dental/domain/public/public-api';
import type { Db } from '../db/connection.ts';
import { recordChange } from '../repos/changes.ts';
import {
  completeFormSends,
  insertFormSubmission,
  sentTemplates,
  storedAnswers,
  submissionOfToken,
  updateFormSubmission,
} from '../repos/form-submissions.ts';
import { auditPatientAnswer, gone, onToken, type PublicRequest, type TokenScope } from './public-pages.ts';
import { usePublicToken } from './public-tokens.ts';

function sendIdsOf(subject: string | null): string[] {
  try {
    const parsed: unknown = JSON.parse(subject ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

async function templatesOf(db: Db, scope: TokenScope) {
  const sendIds = sendIdsOf(scope.row.subject);
  const templates = await sentTemplates(db, scope.practiceId, sendIds);
  if (templates.length === 0) gone();
  return { sendIds: templates.map((template) => template.sendId), templates };
}

/** Only what the forms ask: answers to other forms or fields are dropped, not stored. */
function keptAnswers(forms: readonly PublicForm[], answers: FormAnswers): FormAnswers {
  const kept: FormAnswers = {};
  for (const form of forms) {
    const given = answers[String(form.id)];
    if (!given) continue;
    const fields = Object.fromEntries(
      form.fields
        .filter((field) => field.type !== 'signature' && given[field.name] !== undefined)
        .map((field) => [field.name, given[field.name] as string | boolean]),
    );
    kept[String(form.id)] = fields;
  }
  return kept;
}

/** GET /api/public/forms/{token}: the forms sent, in the patient's language, with any answers saved before. */
export function formsPage(db: Db, request: PublicRequest): Promise<PublicFormsPage> {
  return onToken(db, 'form', { ...request, writes: false }, async (trx, scope) => {
    const { templates } = await templatesOf(trx, scope);
    const draft = await submissionOfToken(trx, scope.row.id);
    return {
      ...scope.page,
      forms: templates.map((template) => publicForm(template, scope.language)),
      saved: draft?.status === 'draft' ? storedAnswers(draft) : {},
    };
  });
}

/**
 * POST /api/public/forms/{token}. A draft keeps the answers so far and the link open. A submission must
 * answer every required field (and carry the signature a form asks for); it waits for staff review in
 * form_submissions, the sends become completed and the link is used up. Nothing reaches the patient's
 * record here: staff accept it later.
 */
export function submitForms(
  db: Db,
  request: PublicRequest & { body: FormSubmissionBody },
): Promise<{ status: 'draft' | 'submitted' }> {
  const { body, now } = request;
  return onToken(db, 'form', { ...request, writes: true }, async (trx, scope) => {
    const { sendIds, templates } = await templatesOf(trx, scope);
    const shown = templates.map((template) => publicForm(template, scope.language));
    const answers = keptAnswers(shown, body.answers);
    const signature = body.signature ?? null;
    const final = body.draft !== true;
    if (final) {
      const issues = submissionIssues(shown, body.answers, signature);
      if (issues.length > 0) throw invalidInput(issues);
    }
    const stamp = now.toISOString();
    const status = final ? 'submitted' : 'draft';
    const existing = await submissionOfToken(trx, scope.row.id);
    const id = existing?.id ?? randomUUID();
    const content = {
      // Staff review the forms in English, as the practice keeps its records.
      forms: JSON.stringify(templates.map((template) => publicForm(template, 'en'))),
      answers: JSON.stringify(answers),
      signature,
      status,
      updated_at: stamp,
      submitted_at: final ? stamp : null,
    };
    if (existing) await updateFormSubmission(trx, scope.practiceId, id, content);
    else {
      await insertFormSubmission(trx, {
        id,
        practice_id: scope.practiceId,
        patient_id: scope.patient.id,
        token_id: scope.row.id,
        form_send_ids: JSON.stringify(sendIds),
        created_at: stamp,
        ...content,
      });
    }
    if (final) {
      await completeFormSends(trx, scope.practiceId, sendIds);
      for (const sendId of sendIds) {
        await recordChange(trx, { practiceId: scope.practiceId, table: 'form_sends', rowId: sendId, at: now });
      }
      await usePublicToken(trx, scope.row, now);
    }
    await auditPatientAnswer(trx, scope, now, {
      action: final ? 'forms.submit' : 'forms.draft',
      entity: 'form_submission',
      entityId: id,
      details: { formSends: sendIds },
    });
    return { status };
  });
}
