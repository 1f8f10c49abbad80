import { randomUUID } from 'node:crypto';
import type { SendSurveyBody, SurveySend } from '@dental/domain/communications/survey.schema';
import type { Db } from '../db/connection.ts';
import type { SurveySendsTable } from '../db/schema.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { insertSurveySend, surveysOf, toSurveySend } from '../repos/survey-sends.ts';
import { checkPatientAppointment } from './appointments.ts';
import { queueMessage } from './messages.ts';
import { requirePatient } from './patients.ts';

/** Records a satisfaction survey for one of the patient's visits and queues its message with a review link. */
export async function recordSurvey(
  db: Db,
  actor: { practiceId: number; userId: number; now: Date; baseUrl: string },
  survey: SendSurveyBody,
): Promise<SurveySend> {
  const { practiceId, userId, now } = actor;
  await requirePatient(db, practiceId, survey.patientId);
  await checkPatientAppointment(db, practiceId, survey.patientId, survey.appointmentId);
  const row: SurveySendsTable = {
    id: randomUUID(),
    practice_id: practiceId,
    patient_id: survey.patientId,
    appointment_id: survey.appointmentId,
    type: survey.type,
    method: survey.method,
    treatment_completed: survey.treatmentCompleted ? 1 : 0,
    provider_name: survey.providerName ?? null,
    treatment_date: survey.treatmentDate ?? null,
    status: 'queued',
    created_at: now.toISOString(),
    created_by: userId,
    rating: null,
    comment: null,
    answered_at: null,
  };
  await insertSurveySend(db, row);
  await writeAudit(db, {
    at: now,
    userId,
    practiceId,
    action: 'survey.send',
    entity: 'survey_send',
    entityId: row.id,
    details: { patientId: survey.patientId, appointmentId: survey.appointmentId, method: survey.method },
  });
  await queueMessage(db, {
    practiceId,
    patientId: survey.patientId,
    appointmentId: survey.appointmentId,
    type: 'review_request',
    channel: survey.method === 'text' ? 'sms' : 'email',
    link: { purpose: 'review', subject: row.id, baseUrl: actor.baseUrl },
    userId,
    now,
  });
  return toSurveySend(row);
}

export async function surveysOfPatient(db: Db, practiceId: number, patientId: string): Promise<SurveySend[]> {
  await requirePatient(db, practiceId, patientId);
  return surveysOf(db, practiceId, patientId);
}
