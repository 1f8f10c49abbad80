import type { SentForm } from '@dental/domain/patients/forms';
import type { FormTemplate } from '@dental/domain/sync/protocol';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { FormSendsTable, FormTemplatesTable } from '../db/schema.ts';

function parseFields(json: string): unknown[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed : [];
}

function toFormTemplate(row: Selectable<FormTemplatesTable>): FormTemplate {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    fields: parseFields(row.fields),
  };
}

/** The practice's templates, by title, in the shape the sync feed also uses. */
export async function listFormTemplates(db: Db, practiceId: number): Promise<FormTemplate[]> {
  const rows = await db
    .selectFrom('form_templates')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .orderBy('title')
    .orderBy('id')
    .execute();
  return rows.map(toFormTemplate);
}

export async function formTemplatesByIds(db: Db, practiceId: number, ids: readonly number[]): Promise<FormTemplate[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('form_templates')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('id', 'in', ids)
    .execute();
  return rows.map(toFormTemplate);
}

/** A practice's form sends with their template's title, in the shape the REST API and the pull feed give them. */
function sentFormsOf(db: Db, practiceId: number) {
  return db
    .selectFrom('form_sends as s')
    .leftJoin('form_templates as t', (join) =>
      join.onRef('t.id', '=', 's.template_id').onRef('t.practice_id', '=', 's.practice_id'),
    )
    .select([
      's.id',
      's.patient_id',
      's.template_id',
      's.method',
      's.status',
      's.sent_at',
      's.sent_by',
      't.title',
      't.category',
    ])
    .where('s.practice_id', '=', practiceId);
}

type SentFormRow = Awaited<ReturnType<ReturnType<typeof sentFormsOf>['executeTakeFirstOrThrow']>>;

function toSentForm(row: SentFormRow): SentForm {
  return {
    id: row.id,
    patientId: row.patient_id,
    templateId: row.template_id,
    title: row.title,
    category: row.category,
    method: row.method,
    status: row.status,
    sentAt: row.sent_at,
    sentBy: row.sent_by,
  };
}

/** Forms sent to one patient, newest first; a template removed since is listed with a null title. */
export async function listSentForms(db: Db, practiceId: number, patientId: string): Promise<SentForm[]> {
  const rows = await sentFormsOf(db, practiceId)
    .where('s.patient_id', '=', patientId)
    .orderBy('s.sent_at', 'desc')
    .orderBy('s.id')
    .execute();
  return rows.map(toSentForm);
}

export async function sentFormsByIds(db: Db, practiceId: number, ids: readonly string[]): Promise<SentForm[]> {
  if (ids.length === 0) return [];
  const rows = await sentFormsOf(db, practiceId).where('s.id', 'in', ids).execute();
  return rows.map(toSentForm);
}

export async function sentFormIdsOfPatient(db: Db, patientId: string): Promise<string[]> {
  const rows = await db.selectFrom('form_sends').select('id').where('patient_id', '=', patientId).execute();
  return rows.map((row) => row.id);
}

export async function insertFormSend(db: Db, row: Insertable<FormSendsTable>): Promise<void> {
  await db.insertInto('form_sends').values(row).execute();
}
