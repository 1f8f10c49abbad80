import { addRelationshipSchema } from '@dental/domain/patients/family';
import { familyBookingSchema } from '@dental/domain/scheduling/appointment.schema';
import { uuid } from '@dental/domain/validation/fields';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../context.ts';
import { bookFamily, familyOf, linkFamily } from '../../services/family.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

export function registerFamilyRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/family/:patientId/relationships',
    tag: 'Patients',
    summary: 'The patient’s family members in this practice, by name, with how each is related.',
    access: 'signed-in',
    permission: 'patients.view',
    params: v.object({ patientId: uuid('patientId') }),
    responses: { 404: 'No such patient in this practice' },
    handler: async ({ db, practiceId, params }) => familyOf(db, practiceId, params.patientId),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/family/:patientId/relationships',
    tag: 'Patients',
    summary:
      'Link two patients of the practice. relationshipType is what the related patient is to this one; the ' +
      'inverse link (parent↔child, guardian↔dependent, spouse, sibling, other) is stored too.',
    access: 'signed-in',
    permission: 'patients.edit',
    params: v.object({ patientId: uuid('patientId') }),
    body: addRelationshipSchema,
    status: 201,
    responses: {
      201: 'Created (the relationship as GET lists it)',
      400: 'A patient linked to themselves, or a related patient outside this practice',
      404: 'No such patient in this practice',
      409: 'These patients are already linked',
    },
    handler: async ({ db, caller, practiceId, params, body, now }) =>
      linkFamily(db, { practiceId, userId: caller.account.row.id, now }, { patientId: params.patientId, ...body }),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/appointments/family',
    tag: 'Appointments',
    summary:
      'Book the primary patient and then each family member back to back (start + k × duration) in the same ' +
      'room with the same provider, all or nothing: any clash is 409 with every conflict (each naming ' +
      'forPatientId) and nothing is booked, unless override is true (then each booking audits its conflicts). ' +
      'Every booking must meet the booking rules, and every member must be a family member of the primary patient.',
    access: 'signed-in',
    permission: 'appointments.create',
    body: familyBookingSchema,
    status: 201,
    responses: {
      201: 'Booked ({ appointments }, the primary patient first)',
      400: 'Invalid field, a member who is not family of the primary patient, or a booking outside the booking rules',
      409: 'Scheduling conflict ({ message, conflicts }); nothing booked',
    },
    handler: async ({ db, caller, practiceId, body, now }) =>
      bookFamily(db, { practiceId, userId: caller.account.row.id, now }, body),
  });
}
