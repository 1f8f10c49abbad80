import {
  messageListQuerySchema,
  type OutgoingMessage,
  sendNotificationSchema,
} from '@dental/domain/communications/notification.schema';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context.ts';
import { notFound } from '../plugins/http-error.ts';
import { defineRoute, type RouteRegistry } from '../plugins/route.ts';
import { checkPatientAppointment } from '../services/appointments.ts';
import { queueMessage, toOutgoingMessage } from '../services/messages.ts';
import { findPatient } from '../services/patients.ts';

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
    handler: async ({ db, caller, practiceId, body, now }): Promise<OutgoingMessage> => {
      if (!(await findPatient(db, practiceId, body.patientId))) throw notFound('Patient not found.');
      const appointmentId = body.appointmentId ?? null;
      if (appointmentId !== null) await checkPatientAppointment(db, practiceId, body.patientId, appointmentId);
      const message = await queueMessage(db, {
        practiceId,
        patientId: body.patientId,
        appointmentId,
        type: body.type,
        message: body.message,
        userId: caller.account.row.id,
        now,
      });
      if (!message) throw notFound('Patient not found.');
      return message;
    },
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
    handler: async ({ db, practiceId, query }): Promise<OutgoingMessage[]> => {
      if (!(await findPatient(db, practiceId, query.patientId))) throw notFound('Patient not found.');
      const rows = await db
        .selectFrom('outgoing_messages')
        .selectAll()
        .where('practice_id', '=', practiceId)
        .where('patient_id', '=', query.patientId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map(toOutgoingMessage);
    },
  });
}
