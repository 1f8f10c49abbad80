import { randomUUID } from 'node:crypto';
import type { FormSendMethod, SentForm } from '@dental/domain/patients/forms';
import type { Db } from '../db/connection.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { recordChange } from '../repos/changes.ts';
import { insertFormSend, listFormTemplates, listSentForms } from '../repos/forms.ts';
import { toPatient } from '../repos/patients.ts';
import { queueMessage } from './messages.ts';
import { requirePatient } from './patients.ts';

export interface FailedForm {
  templateId: number;
  reason: string;
}

export interface FormsToSend {
  patientId: string;
  method?: FormSendMethod | undefined;
  formIds?: readonly number[] | undefined;
  templateIds?: readonly number[] | undefined;
}

/**
 * Sends forms to a patient: records each send and queues one message with one link to them all. The method defaults to the patient's preference (sms
 * if they chose it, else email; sms when they have no e-mail address). A template outside the practice
 * or an e-mail to a patient without one fails alone.
 */
export async function sendForms(
  db: Db,
  actor: { practiceId: number; userId: number; now: Date; baseUrl: string },
  request: FormsToSend,
): Promise<{ sent: SentForm[]; failed: FailedForm[]; messageId: string | null }> {
  const { practiceId, userId, now } = actor;
  const patient = toPatient(await requirePatient(db, practiceId, request.patientId));
  const preferred: FormSendMethod = patient.medicalHistory.communicationPreference === 'sms' ? 'sms' : 'email';
  const method: FormSendMethod = request.method ?? (preferred === 'email' && !patient.email ? 'sms' : preferred);
  const requested = [...new Set([...(request.formIds ?? []), ...(request.templateIds ?? [])])];
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
      sentBy: userId,
    };
    await insertFormSend(db, {
      id: record.id,
      practice_id: practiceId,
      patient_id: record.patientId,
      template_id: templateId,
      method,
      status: record.status,
      sent_at: record.sentAt,
      sent_by: record.sentBy,
    });
    await recordChange(db, { practiceId, table: 'form_sends', rowId: record.id, at: now });
    sent.push(record);
  }
  await writeAudit(db, {
    at: now,
    userId,
    practiceId,
    action: 'forms.send',
    entity: 'patient',
    entityId: patient.id,
    details: { method, sent: sent.map((form) => form.templateId), failed },
  });
  // One message and one link for all the forms of the call.
  const message =
    sent.length === 0
      ? undefined
      : await queueMessage(db, {
          practiceId,
          patientId: patient.id,
          appointmentId: null,
          type: 'form_request',
          channel: method,
          link: { purpose: 'form', subject: JSON.stringify(sent.map((form) => form.id)), baseUrl: actor.baseUrl },
          userId,
          now,
        });
  return { sent, failed, messageId: message?.id ?? null };
}

/** Forms sent to the patient, newest first. */
export async function formsSentTo(db: Db, practiceId: number, patientId: string): Promise<SentForm[]> {
  await requirePatient(db, practiceId, patientId);
  return listSentForms(db, practiceId, patientId);
}
