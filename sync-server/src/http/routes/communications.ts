import {
  confirmationRequestSchema,
  freeMessageSchema,
  messageLogQuerySchema,
  pageQuerySchema,
  scheduleInvitationSchema,
} from '@dental/domain/communications/message-log.schema';
import { sendNotificationSchema } from '@dental/domain/communications/notification.schema';
import { templateBodySchema, templateParamsSchema } from '@dental/domain/communications/templates';
import { uuid } from '@dental/domain/validation/fields';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../context.ts';
import {
  inviteToSchedule,
  messageLogOf,
  requestConfirmation,
  resendMessage,
  sendFreeMessage,
} from '../../services/communications.ts';
import { inboundRepliesOf } from '../../services/inbound-sms.ts';
import { editTemplate, templatesOf } from '../../services/message-templates.ts';
import { sendMessage } from '../../services/messages.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

export function registerCommunicationRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  const baseUrl = deps.settings.publicBaseUrl;
  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/communications/send-notification',
    tag: 'Communications',
    summary:
      'Queue a message to a patient (spec 7) in their language, on the channel their preference gives; the ' +
      'delivery worker sends it. Recorded as failed, with the reason, when the patient cannot be reached.',
    access: 'signed-in',
    permission: 'communications.send',
    body: sendNotificationSchema,
    status: 201,
    responses: {
      201: 'Recorded',
      400: 'Invalid field, or an appointment that is not this patient’s',
      404: 'No such patient in this practice',
    },
    handler: async ({ db, caller, practiceId, body, now }) =>
      sendMessage(db, {
        practiceId,
        patientId: body.patientId,
        appointmentId: body.appointmentId ?? null,
        type: body.type,
        message: body.message,
        userId: caller.account.row.id,
        now,
      }),
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/communications/messages',
    tag: 'Communications',
    summary:
      'The message log, newest first: { messages, total }, filtered by status, channel, type, patientId and ' +
      'from/to (days on the practice’s clock, both included), a page at a time.',
    access: 'signed-in',
    permission: 'communications.view',
    query: messageLogQuerySchema,
    handler: async ({ db, practiceId, query }) => messageLogOf(db, practiceId, query),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/communications/messages',
    tag: 'Communications',
    summary: 'A free message to a patient ({patientId, channel?, subject?, message}); 201 its log entry.',
    access: 'signed-in',
    permission: 'communications.send',
    body: freeMessageSchema,
    status: 201,
    responses: { 201: 'Queued (or failed, with the reason)', 404: 'No such patient in this practice' },
    handler: async ({ db, caller, practiceId, body, now }) =>
      sendFreeMessage(db, { practiceId, userId: caller.account.row.id, now, baseUrl }, body),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/communications/messages/:id/resend',
    tag: 'Communications',
    summary: 'Queue a copy of a message: a new entry, with a fresh link when the message carried one.',
    access: 'signed-in',
    permission: 'communications.send',
    params: v.object({ id: uuid('id') }),
    responses: { 404: 'No such message in this practice' },
    handler: async ({ db, caller, practiceId, params, now }) =>
      resendMessage(db, { practiceId, userId: caller.account.row.id, now, baseUrl }, params.id),
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/communications/templates',
    tag: 'Communications',
    summary: 'Every message template (key × channel × language), the practice’s edits over the defaults.',
    access: 'signed-in',
    permission: 'communications.view',
    handler: async ({ db, practiceId }) => templatesOf(db, practiceId),
  });

  defineRoute(app, deps, registry, {
    method: 'PUT',
    url: '/api/communications/templates/:key/:channel/:language',
    tag: 'Communications',
    summary: 'Edit a template ({subject?, body}); only known placeholders such as {patientFirstName}.',
    access: 'signed-in',
    permission: 'communications.send',
    params: templateParamsSchema,
    body: templateBodySchema,
    handler: async ({ db, caller, practiceId, params, body, now }) =>
      editTemplate(db, { practiceId, userId: caller.account.row.id, now }, params, body),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/communications/confirmation-requests',
    tag: 'Communications',
    summary: 'Ask the patient to confirm an upcoming appointment (a link that works until it starts).',
    access: 'signed-in',
    permission: 'appointments.confirm',
    body: confirmationRequestSchema,
    status: 201,
    responses: {
      201: 'Queued (or failed, with the reason)',
      404: 'No such appointment in this practice',
      409: 'The appointment is not an upcoming scheduled one',
    },
    handler: async ({ db, caller, practiceId, body, now }) =>
      requestConfirmation(db, { practiceId, userId: caller.account.row.id, now, baseUrl }, body.appointmentId),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/self-scheduling/invitations',
    tag: 'Communications',
    summary: 'Invite a patient to book a procedure themselves ({patientId, procedure, duration, providerId?}).',
    access: 'signed-in',
    permission: 'appointments.create',
    body: scheduleInvitationSchema,
    status: 201,
    responses: { 201: 'Queued (or failed, with the reason)', 404: 'No such patient in this practice' },
    handler: async ({ db, caller, practiceId, body, now }) =>
      inviteToSchedule(db, { practiceId, userId: caller.account.row.id, now, baseUrl }, body),
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/communications/sms/inbound',
    tag: 'Communications',
    summary: 'SMS patients sent back, newest first: { replies, total }.',
    access: 'signed-in',
    permission: 'communications.view',
    query: pageQuerySchema,
    handler: async ({ db, practiceId, query }) => inboundRepliesOf(db, practiceId, query),
  });
}
