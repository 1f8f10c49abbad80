import { createRecallSchema, recallListQuerySchema } from '@dental/domain/patients/recall.schema';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { recallTypes } from '../../repos/recalls.ts';
import { createRecall, recallsOf } from '../../services/recalls.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

export function registerRecallRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/recall-types',
    tag: 'Patients',
    summary: 'The practice’s recall types (cleaning, follow-up, fluoride, x-ray…) with their intervals.',
    access: 'signed-in',
    permission: 'patients.view',
    handler: async ({ db, practiceId }) => recallTypes(db, practiceId),
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/recalls',
    tag: 'Patients',
    summary: 'A patient’s recalls, soonest due first.',
    access: 'signed-in',
    permission: 'patients.view',
    query: recallListQuerySchema,
    responses: { 404: 'No such patient in this practice' },
    handler: async ({ db, practiceId, query }) => recallsOf(db, practiceId, query.patientId),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/recalls',
    tag: 'Patients',
    summary:
      'Record that a patient is due back for a recall type on a date (status active). A client may send its ' +
      'own id (a uuid), so a recall set at an offline check-out keeps its id after sync.',
    access: 'signed-in',
    permission: 'appointments.edit',
    body: createRecallSchema,
    status: 201,
    responses: {
      201: 'Recorded',
      404: 'No such patient in this practice',
      409: 'The id is already taken',
    },
    handler: async ({ db, caller, practiceId, body, now }) =>
      createRecall(db, { practiceId, userId: caller.account.row.id, now }, body),
  });
}
