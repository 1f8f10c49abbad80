import { createAppointmentSchema, patchAppointmentSchema } from '@dental/domain/scheduling/appointment.schema';
import {
  analyzeConflictsSchema,
  appointmentIdParamsSchema,
  appointmentListQuerySchema,
  availableSlotsQuerySchema,
  MAX_SLOT_RANGE_DAYS,
} from '@dental/domain/scheduling/appointment-queries.schema';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { editAppointment } from '../../services/appointment-edit.ts';
import { analyzeBooking, appointmentsOfDay, availableSlots, bookAppointment } from '../../services/appointments.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

export function registerAppointmentRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/appointments',
    tag: 'Appointments',
    summary:
      'Appointments of one day (YYYY-MM-DD in the practice’s time zone; today when left out), by start time, ' +
      'optionally for one provider.',
    access: 'signed-in',
    permission: 'appointments.view',
    query: appointmentListQuerySchema,
    handler: async ({ db, practiceId, query, now }) => appointmentsOfDay(db, practiceId, query, now),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/appointments',
    tag: 'Appointments',
    summary:
      'Book an appointment. A clash with another booking of the room or the provider, or with room maintenance, ' +
      'is 409 with the conflicts unless override is true (then it is booked and the override audited).',
    access: 'signed-in',
    permission: 'appointments.create',
    body: createAppointmentSchema,
    status: 201,
    responses: {
      201: 'Booked',
      400: 'Invalid field, or outside the booking rules (duration, 365 days ahead, practice hours; override does not lift them)',
      409: 'Scheduling conflict ({ conflicts }), or the id is already taken',
    },
    handler: async ({ db, caller, practiceId, body, now }) =>
      bookAppointment(db, { practiceId, userId: caller.account.row.id, now }, body),
  });

  defineRoute(app, deps, registry, {
    method: 'PATCH',
    url: '/api/appointments/:id',
    tag: 'Appointments',
    summary:
      'Edit, move, resize or change the status of an appointment. Needs appointments.edit, except a body that only ' +
      'sets status to cancelled, which needs appointments.cancel. A move or resize into a clash is 409 unless ' +
      'override is true; a status change the workflow does not allow is 409. Check-in (status checked-in, stored ' +
      'as in-progress, with checkedInAt, arrivalTime, waitingArea, checkInNotes and the four verifications) and ' +
      'check-out (status completed with completedAt, treatmentCompleted, patientSatisfaction, visitRating, ' +
      'paymentCollected, paymentAmount, paymentMethod) answers are stored as sent.',
    access: 'signed-in',
    params: appointmentIdParamsSchema,
    body: patchAppointmentSchema,
    responses: {
      404: 'No such appointment in this practice',
      409: 'Scheduling conflict ({ conflicts }), or a status change that is not allowed',
    },
    handler: async ({ db, caller, practiceId, params, body, now }) =>
      editAppointment(db, caller, { practiceId, id: params.id, body, now }),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/appointments/analyze-conflicts',
    tag: 'Appointments',
    summary:
      'What stands in the way of a booking (critical: clashes, practice hours; warning: the patient already ' +
      'booked that day; info: the provider without a break for 3 hours or more) and up to 5 suggestions drawn ' +
      'from the free slots of the day and of the next open day. Books nothing; the browser runs the same analysis offline.',
    access: 'signed-in',
    permission: 'appointments.view',
    body: analyzeConflictsSchema,
    // Reads only: no transaction to hold while the analysis runs.
    transactional: false,
    responses: { 200: 'Analysis ({ conflicts, suggestions })' },
    handler: async ({ db, practiceId, body }) => analyzeBooking(db, practiceId, body),
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/appointments/available-slots',
    tag: 'Appointments',
    summary:
      'Free 30-minute-grid slots for a booking of `duration` minutes (default 30) on one date, or from startDate ' +
      `to endDate (at most ${MAX_SLOT_RANGE_DAYS} days; today when no date is given): each with the room and ` +
      'the providers free for the whole span. Past times and dates more than 365 days ahead have none.',
    access: 'signed-in',
    permission: 'appointments.view',
    query: availableSlotsQuerySchema,
    handler: async ({ db, practiceId, query, now }) => availableSlots(db, practiceId, query, now),
  });
}
