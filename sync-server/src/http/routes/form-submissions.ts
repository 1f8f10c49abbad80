import {
  formSubmissionIdParamsSchema,
  formSubmissionListQuerySchema,
  rejectSubmissionSchema,
} from '@dental/domain/public/form-submission';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { acceptSubmission, formSubmissions, rejectSubmission } from '../../services/form-submissions.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

/** What patients sent from their form links, for staff to review (issue 20). Online only. */
export function registerFormSubmissionRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/form-submissions',
    tag: 'Patients',
    summary: 'Forms patients submitted from their links, newest first; of one status or patient when named.',
    access: 'signed-in',
    permission: 'patients.view',
    query: formSubmissionListQuerySchema,
    handler: async ({ db, practiceId, query }) => formSubmissions(db, practiceId, query),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/form-submissions/:id/accept',
    tag: 'Patients',
    summary:
      'Accept a submission: Medical History answers (conditions, medications, allergies) are added to the ' +
      'patient’s medical history through the patient edit (its permissions apply; synced to devices).',
    access: 'signed-in',
    permission: 'patients.edit',
    params: formSubmissionIdParamsSchema,
    responses: { 404: 'No such submission in this practice', 409: 'Already accepted or rejected' },
    handler: async ({ db, caller, practiceId, params, now }) =>
      acceptSubmission(db, { caller, practiceId, now }, params.id),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/form-submissions/:id/reject',
    tag: 'Patients',
    summary: 'Reject a submission, with an optional reason; nothing of it reaches the patient’s record.',
    access: 'signed-in',
    permission: 'patients.edit',
    params: formSubmissionIdParamsSchema,
    body: rejectSubmissionSchema,
    responses: { 404: 'No such submission in this practice', 409: 'Already accepted or rejected' },
    handler: async ({ db, caller, practiceId, params, body, now }) =>
      rejectSubmission(db, { caller, practiceId, now }, params.id, body.reason ?? null),
  });
}
