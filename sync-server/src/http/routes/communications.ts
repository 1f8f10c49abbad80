import { messageListQuerySchema, sendNotificationSchema } from '@dental/domain/communications/notification.schema';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { messagesOfPatient, sendMessage } from '../../services/messages.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

export function registerCommunicationRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/communications/send-notification',
    tag: 'Patients',
    summary:
      'Record a message to a patient on their preferred channel (email, sms, phone or portal); it stays queued ' +
      'until a delivery provider sends it.',
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
    tag: 'Patients',
    summary: 'The messages recorded for a patient, newest first, with their status.',
    access: 'signed-in',
    permission: 'communications.view',
    query: messageListQuerySchema,
    responses: { 404: 'No such patient in this practice' },
    handler: async ({ db, practiceId, query }) => messagesOfPatient(db, practiceId, query.patientId),
  });
}
