import { sendMultipleFormsSchema } from '@dental/domain/patients/forms';
import { patientIdParamsSchema } from '@dental/domain/patients/patient-queries.schema';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { listFormTemplates } from '../../repos/forms.ts';
import { formsSentTo, sendForms } from '../../services/forms.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

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
      '{ sent, failed, messageId }: a template outside the practice or an e-mail to a patient without one fails ' +
      'alone; the forms sent share one message with one link (messageId, null when none was sent).',
    access: 'signed-in',
    permission: 'communications.send',
    body: sendMultipleFormsSchema,
    responses: { 404: 'No such patient in this practice' },
    handler: async ({ db, caller, practiceId, body, now }) =>
      sendForms(db, { practiceId, userId: caller.account.row.id, now, baseUrl: deps.settings.publicBaseUrl }, body),
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
    handler: async ({ db, practiceId, params }) => formsSentTo(db, practiceId, params.id),
  });
}
