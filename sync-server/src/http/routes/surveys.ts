import { sendSurveySchema, surveyListQuerySchema } from '@dental/domain/communications/survey.schema';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { recordSurvey, surveysOfPatient } from '../../services/surveys.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

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
    handler: async ({ db, caller, practiceId, body, now }) =>
      recordSurvey(db, { practiceId, userId: caller.account.row.id, now, baseUrl: deps.settings.publicBaseUrl }, body),
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
    handler: async ({ db, practiceId, query }) => surveysOfPatient(db, practiceId, query.patientId),
  });
}
