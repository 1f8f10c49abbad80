import { noShowPatientParamsSchema, recordNoShowSchema } from '@dental/domain/scheduling/no-show.schema';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { noShowHistory, reportNoShow } from '../../services/no-shows.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

export function registerNoShowRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/no-show-prediction/record-no-show',
    tag: 'Appointments',
    summary:
      'Record whether the patient of an appointment came (actualNoShow, default true). Marking an appointment ' +
      'no-show through PATCH /api/appointments/{id} records this by itself; this call also corrects a mark.',
    access: 'signed-in',
    permission: 'appointments.edit',
    body: recordNoShowSchema,
    responses: { 404: 'No such appointment in this practice' },
    handler: async ({ db, caller, practiceId, body, now }) =>
      reportNoShow(db, { ...body, practiceId, userId: caller.account.row.id, now }),
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/no-show-prediction/patients/:patientId',
    tag: 'Patients',
    summary: 'How many appointments the patient missed, with each recorded outcome, newest first.',
    access: 'signed-in',
    permission: 'patients.view',
    params: noShowPatientParamsSchema,
    responses: { 404: 'No such patient in this practice' },
    handler: async ({ db, practiceId, params }) => noShowHistory(db, practiceId, params.patientId),
  });
}
