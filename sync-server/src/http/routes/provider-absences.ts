import {
  absenceListQuerySchema,
  absencePreviewSchema,
  providerAbsenceSchema,
} from '@dental/domain/scheduling/absence.schema';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { absencesOf, previewAbsence, recordAbsence } from '../../services/absences.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

export function registerProviderAbsenceRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/provider-absences',
    tag: 'Appointments',
    summary:
      'Provider absences touching a day (date, YYYY-MM-DD on the practice’s clock; today when left out) or a ' +
      'range (startDate and endDate), by start date.',
    access: 'signed-in',
    permission: 'appointments.view',
    query: absenceListQuerySchema,
    handler: async ({ db, practiceId, query, now }) => absencesOf(db, practiceId, query, now),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/provider-absences/preview',
    tag: 'Appointments',
    summary:
      'The bookings an absence would touch (not cancelled, completed or no-show), each with up to 3 suggestions ' +
      'from real free slots: reassign (0.9), next open day (0.8), room change (0.7). Family members booked back ' +
      'to back share a groupId and get parallel suggestions. Changes nothing.',
    access: 'signed-in',
    permission: 'appointments.edit',
    body: absencePreviewSchema,
    transactional: false,
    responses: { 200: 'Preview ({ affected: [{ appointment, groupId, suggestions }] })' },
    handler: async ({ db, practiceId, body, now }) => previewAbsence(db, practiceId, body, now),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/provider-absences',
    tag: 'Appointments',
    summary:
      'Record a provider absence and apply the plan for each affected booking (reschedule, reassign or cancel) ' +
      'in one transaction: any refused plan (409 naming its appointmentId, or 400 naming its field) leaves ' +
      'nothing changed and no absence recorded. Patients are sent an appointment_change message when ' +
      'notifyPatients is on, unless their plan says patientNotified false. New bookings of the provider on ' +
      'those days then conflict.',
    access: 'signed-in',
    permission: 'appointments.edit',
    body: providerAbsenceSchema,
    status: 201,
    responses: {
      201: 'Processed ({ absence, appointments, messages })',
      400: 'Invalid field, or a plan naming a booking, provider or room not of this practice or outside the booking rules',
      409: 'A plan conflicts ({ message, appointmentId, conflicts }), or the provider already has an absence then',
    },
    handler: async ({ db, caller, practiceId, body, now }) =>
      recordAbsence(db, { practiceId, userId: caller.account.row.id, now }, body),
  });
}
