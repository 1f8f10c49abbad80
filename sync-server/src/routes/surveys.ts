import { randomUUID } from 'node:crypto';
import {
  type SurveyMethod,
  type SurveySend,
  sendSurveySchema,
  surveyListQuerySchema,
} from '@dental/domain/communications/survey.schema';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context.ts';
import type { SurveySendsTable } from '../db/schema.ts';
import { writeAudit } from '../plugins/audit.ts';
import { notFound } from '../plugins/http-error.ts';
import { defineRoute, type RouteRegistry } from '../plugins/route.ts';
import { checkPatientAppointment } from '../services/appointments.ts';
import { findPatient } from '../services/patients.ts';

function toSurveySend(row: SurveySendsTable): SurveySend {
  return {
    id: row.id,
    practiceId: row.practice_id,
    patientId: row.patient_id,
    appointmentId: row.appointment_id,
    type: 'satisfaction',
    method: row.method as SurveyMethod,
    treatmentCompleted: row.treatment_completed === 1,
    providerName: row.provider_name,
    treatmentDate: row.treatment_date,
    // Nothing delivers surveys yet: every one waits in the queue.
    status: 'queued',
    createdAt: row.created_at,
    createdBy: row.created_by,
  };
}

export function registerSurveyRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/surveys/send',
    tag: 'Patients',
    summary:
      'Record a satisfaction survey for a patient’s visit, by email or text (status queued until a delivery ' +
      'provider sends it).',
    access: 'signed-in',
    permission: 'communications.send',
    body: sendSurveySchema,
    status: 201,
    responses: {
      201: 'Recorded',
      400: 'Invalid field, or an appointment that is not this patient’s',
      404: 'No such patient in this practice',
    },
    handler: async ({ db, caller, practiceId, body, now }): Promise<SurveySend> => {
      if (!(await findPatient(db, practiceId, body.patientId))) throw notFound('Patient not found.');
      await checkPatientAppointment(db, practiceId, body.patientId, body.appointmentId);
      const row: SurveySendsTable = {
        id: randomUUID(),
        practice_id: practiceId,
        patient_id: body.patientId,
        appointment_id: body.appointmentId,
        type: body.type,
        method: body.method,
        treatment_completed: body.treatmentCompleted ? 1 : 0,
        provider_name: body.providerName ?? null,
        treatment_date: body.treatmentDate ?? null,
        status: 'queued',
        created_at: now.toISOString(),
        created_by: caller.account.row.id,
      };
      await db.insertInto('survey_sends').values(row).execute();
      await writeAudit(db, {
        at: now,
        userId: caller.account.row.id,
        practiceId,
        action: 'survey.send',
        entity: 'survey_send',
        entityId: row.id,
        details: { patientId: body.patientId, appointmentId: body.appointmentId, method: body.method },
      });
      return toSurveySend(row);
    },
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/surveys',
    tag: 'Patients',
    summary: 'A patient’s recorded surveys, newest first.',
    access: 'signed-in',
    permission: 'communications.view',
    query: surveyListQuerySchema,
    responses: { 404: 'No such patient in this practice' },
    handler: async ({ db, practiceId, query }): Promise<SurveySend[]> => {
      if (!(await findPatient(db, practiceId, query.patientId))) throw notFound('Patient not found.');
      const rows = await db
        .selectFrom('survey_sends')
        .selectAll()
        .where('practice_id', '=', practiceId)
        .where('patient_id', '=', query.patientId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map(toSurveySend);
    },
  });
}
