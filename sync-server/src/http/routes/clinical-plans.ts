import {
  acceptPlanSchema,
  createPlanSchema,
  patchPlanSchema,
  planListQuerySchema,
} from '@dental/domain/clinical/plans';
import { feeCodeParamsSchema, feeEditBodySchema, feeImportBodySchema } from '@dental/domain/settings/fee-csv';
import { uuid } from '@dental/domain/validation/fields';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../context.ts';
import { clinicalActor } from '../../services/clinical-actor.ts';
import { editFee, importFees } from '../../services/fee-schedule-admin.ts';
import { acceptPlan, createPlan, feeSchedule, patchPlan, treatmentPlansOf } from '../../services/treatment-plans.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

const TAG = 'Clinical';
const idParams = v.object({ id: uuid('id') });

export function registerClinicalPlanRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/treatment-plans',
    tag: TAG,
    summary:
      'Treatment plans of the practice, or of one patient (?patientId=), newest first. The status is as stored: ' +
      'a proposal older than 90 days reads as expired through planStatus.',
    access: 'signed-in',
    permission: 'clinical.view',
    query: planListQuerySchema,
    responses: { 404: 'No such patient in this practice' },
    handler: async ({ db, practiceId, query }) => treatmentPlansOf(db, practiceId, query.patientId),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/treatment-plans',
    tag: TAG,
    summary:
      'Propose a treatment plan: phases of items, each with a code of the practice’s fee schedule, a fee in ' +
      'cents and the share insurance is expected to pay. A device may send its own id.',
    access: 'signed-in',
    permission: 'clinical.treatments',
    body: createPlanSchema,
    status: 201,
    responses: {
      201: 'Proposed (the plan)',
      400: 'Invalid field, or a code not in the fee schedule',
      404: 'No such patient in this practice',
      409: 'The id is already taken',
    },
    handler: async ({ db, caller, practiceId, body, now }) =>
      createPlan(db, clinicalActor(caller, practiceId, now), body),
  });

  defineRoute(app, deps, registry, {
    method: 'PATCH',
    url: '/api/treatment-plans/:id',
    tag: TAG,
    summary:
      'Change a plan: title, notes, phases, or status (proposed again, which restarts its 90 days; in progress ' +
      'and completed once accepted). An accepted plan’s items change only by their done marks.',
    access: 'signed-in',
    permission: 'clinical.treatments',
    params: idParams,
    body: patchPlanSchema,
    responses: {
      200: 'Saved (the plan)',
      404: 'No such plan in this practice',
      409: 'Not allowed in the plan’s status (PLAN_STATUS)',
    },
    handler: async ({ db, caller, practiceId, params, body, now }) =>
      patchPlan(db, clinicalActor(caller, practiceId, now), params.id, body),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/treatment-plans/:id/accept',
    tag: TAG,
    summary: 'The patient accepts the plan with a signature drawn on the tablet (a PNG data URL).',
    access: 'signed-in',
    permission: 'clinical.treatments',
    params: idParams,
    body: acceptPlanSchema,
    responses: {
      200: 'Accepted (the plan)',
      404: 'No such plan in this practice',
      409: 'Expired after 90 days (PLAN_EXPIRED), or not a proposal (PLAN_STATUS)',
    },
    handler: async ({ db, caller, practiceId, params, body, now }) =>
      acceptPlan(db, clinicalActor(caller, practiceId, now), params.id, body),
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/procedure-fees',
    tag: TAG,
    summary:
      'The practice’s fee schedule: { sample: true, label, fees }. The demo schedule is a made-up sample, ' +
      'never a provincial fee guide, and says so.',
    access: 'signed-in',
    permission: 'clinical.view',
    handler: async ({ db, practiceId }) => feeSchedule(db, practiceId),
  });

  defineRoute(app, deps, registry, {
    method: 'PUT',
    url: '/api/procedure-fees/:code',
    tag: TAG,
    summary: 'Change one fee of the practice’s schedule: { fee } in cents, optionally { description } (settings.edit).',
    access: 'signed-in',
    permission: 'settings.edit',
    params: feeCodeParamsSchema,
    body: feeEditBodySchema,
    responses: { 404: 'No such fee' },
    handler: async ({ db, caller, practiceId, params, body, now }) =>
      editFee(db, caller, practiceId, params.code, body, now),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/procedure-fees/import',
    tag: TAG,
    summary:
      'Import fees from CSV ({ csv }: header code,description,category,fee; fee in dollars). All or nothing: any ' +
      'invalid line refuses the file with every error named by line. Returns { imported, created, updated }.',
    access: 'signed-in',
    permission: 'settings.edit',
    body: feeImportBodySchema,
    handler: async ({ db, caller, practiceId, body, now }) => importFees(db, caller, practiceId, body.csv, now),
  });
}
