import { randomUUID } from 'node:crypto';
import { type FormSendMethod, type SentForm, sendMultipleFormsSchema } from '@dental/domain/patients/forms';
import { patientIdParamsSchema } from '@dental/domain/patients/patient.schema';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context.ts';
import { writeAudit } from '../plugins/audit.ts';
import { notFound } from '../plugins/http-error.ts';
import { defineRoute, type RouteRegistry } from '../plugins/route.ts';
import { recordChange } from '../services/changes.ts';
import { listFormTemplates, listSentForms } from '../services/forms.ts';
import { findPatient, toPatient } from '../services/patients.ts';

export interface FailedForm {
  templateId: number;
  reason: string;
}

export function registerFormRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/forms/templates',
    tag: 'Forms',
    summary: 'The practice’s form templates ({ id, title, description, category, fields }), by title.',
    access: 'signed-in',
    permission: 'patients.view',
    handler: async ({ db, practiceId }) => listFormTemplates(db, practiceId),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/forms/send-multiple',
    tag: 'Forms',
    summary:
      'Send forms to a patient (communications.send) and record each send. method defaults to the patient’s ' +
      'preference (sms if they chose it, else email; sms when they have no e-mail address). Answers ' +
      '{ sent, failed }: a template outside the practice or an e-mail to a patient without one fails alone.',
    access: 'signed-in',
    permission: 'communications.send',
    body: sendMultipleFormsSchema,
    responses: { 404: 'No such patient in this practice' },
    handler: async ({ db, caller, practiceId, body, now }): Promise<{ sent: SentForm[]; failed: FailedForm[] }> => {
      const row = await findPatient(db, practiceId, body.patientId);
      if (!row) throw notFound('Patient not found.');
      const patient = toPatient(row);
      const preferred: FormSendMethod = patient.medicalHistory.communicationPreference === 'sms' ? 'sms' : 'email';
      const method: FormSendMethod = body.method ?? (preferred === 'email' && !patient.email ? 'sms' : preferred);
      const requested = [...new Set([...(body.formIds ?? []), ...(body.templateIds ?? [])])];
      const templates = new Map(
        (await listFormTemplates(db, practiceId)).map((template) => [template.id, template] as const),
      );

      const sent: SentForm[] = [];
      const failed: FailedForm[] = [];
      for (const templateId of requested) {
        const template = templates.get(templateId);
        if (!template) {
          failed.push({ templateId, reason: 'Form template not found in this practice' });
          continue;
        }
        if (method === 'email' && !patient.email) {
          failed.push({ templateId, reason: 'The patient has no e-mail address' });
          continue;
        }
        const record: SentForm = {
          id: randomUUID(),
          patientId: patient.id,
          templateId,
          title: template.title,
          category: template.category,
          method,
          status: 'sent',
          sentAt: now.toISOString(),
          sentBy: caller.account.row.id,
        };
        await db
          .insertInto('form_sends')
          .values({
            id: record.id,
            practice_id: practiceId,
            patient_id: record.patientId,
            template_id: templateId,
            method,
            status: record.status,
            sent_at: record.sentAt,
            sent_by: record.sentBy,
          })
          .execute();
        await recordChange(db, { practiceId, table: 'form_sends', rowId: record.id, at: now });
        sent.push(record);
      }
      await writeAudit(db, {
        at: now,
        userId: caller.account.row.id,
        practiceId,
        action: 'forms.send',
        entity: 'patient',
        entityId: patient.id,
        details: { method, sent: sent.map((form) => form.templateId), failed },
      });
      return { sent, failed };
    },
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/patients/:id/forms',
    tag: 'Forms',
    summary: 'Forms sent to the patient, newest first.',
    access: 'signed-in',
    permission: 'patients.view',
    params: patientIdParamsSchema,
    responses: { 404: 'No such patient in this practice' },
    handler: async ({ db, practiceId, params }) => {
      const row = await findPatient(db, practiceId, params.id);
      if (!row) throw notFound('Patient not found.');
      return listSentForms(db, practiceId, params.id);
    },
  });
}
