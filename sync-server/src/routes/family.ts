import { randomUUID } from 'node:crypto';
import { addRelationshipSchema, type FamilyRelationship, inverseRelationship } from '@dental/domain/patients/family';
import { type Appointment, familyBookingSchema } from '@dental/domain/scheduling/appointment.schema';
import type { Conflict } from '@dental/domain/scheduling/conflicts';
import { uuid } from '@dental/domain/validation/fields';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../context.ts';
import { writeAudit } from '../plugins/audit.ts';
import { badRequest, conflict, notFound } from '../plugins/http-error.ts';
import { defineRoute, type RouteRegistry } from '../plugins/route.ts';
import { checkReferences, conflictsFor, createAppointment, enforceBookingRules } from '../services/booking.ts';
import { recordChange } from '../services/changes.ts';
import { relationshipsOf, toRelationship } from '../services/family.ts';
import { findPatient } from '../services/patients.ts';

/** A clash of one of the family's bookings, naming whose booking it is. */
type FamilyConflict = Conflict & { forPatientId: string };

const FAMILY_CONFLICT = 'Scheduling conflict';
const MINUTE_MS = 60_000;

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
    handler: async ({ db, practiceId, params }): Promise<FamilyRelationship[]> => {
      if (!(await findPatient(db, practiceId, params.patientId))) throw notFound('Patient not found.');
      const rows = await relationshipsOf(db, practiceId)
        .where('f.patient_id', '=', params.patientId)
        .orderBy('p.last_name')
        .orderBy('p.first_name')
        .orderBy('f.id')
        .execute();
      return rows.map(toRelationship);
    },
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
    handler: async ({ db, caller, practiceId, params, body, now }): Promise<FamilyRelationship> => {
      if (!(await findPatient(db, practiceId, params.patientId))) throw notFound('Patient not found.');
      if (body.relatedPatientId === params.patientId) {
        throw badRequest([{ field: 'relatedPatientId', message: 'A patient cannot be related to themselves' }]);
      }
      const related = await findPatient(db, practiceId, body.relatedPatientId);
      if (!related) {
        throw badRequest([
          { field: 'relatedPatientId', message: 'relatedPatientId is not a patient of this practice' },
        ]);
      }
      const existing = await db
        .selectFrom('family_relationships')
        .select('id')
        .where('practice_id', '=', practiceId)
        .where((eb) =>
          eb.or([
            eb.and([eb('patient_id', '=', params.patientId), eb('related_patient_id', '=', body.relatedPatientId)]),
            eb.and([eb('patient_id', '=', body.relatedPatientId), eb('related_patient_id', '=', params.patientId)]),
          ]),
        )
        .executeTakeFirst();
      if (existing) throw conflict('These patients are already linked as family.');

      const id = randomUUID();
      const inverseId = randomUUID();
      const inverseType = inverseRelationship(body.relationshipType);
      const stamp = now.toISOString();
      await db
        .insertInto('family_relationships')
        .values([
          {
            id,
            practice_id: practiceId,
            patient_id: params.patientId,
            related_patient_id: body.relatedPatientId,
            relationship_type: body.relationshipType,
            created_at: stamp,
          },
          {
            id: inverseId,
            practice_id: practiceId,
            patient_id: body.relatedPatientId,
            related_patient_id: params.patientId,
            relationship_type: inverseType,
            created_at: stamp,
          },
        ])
        .execute();
      // Both directions sync: each chart lists its own side.
      await recordChange(db, { practiceId, table: 'family_relationships', rowId: id, at: now });
      await recordChange(db, { practiceId, table: 'family_relationships', rowId: inverseId, at: now });
      await writeAudit(db, {
        at: now,
        userId: caller.account.row.id,
        practiceId,
        action: 'family.link',
        entity: 'patient',
        entityId: params.patientId,
        details: {
          relatedPatientId: body.relatedPatientId,
          relationshipType: body.relationshipType,
          inverseType,
          ids: [id, inverseId],
        },
      });
      return toRelationship(await relationshipsOf(db, practiceId).where('f.id', '=', id).executeTakeFirstOrThrow());
    },
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
    handler: async ({ db, caller, practiceId, body, now }): Promise<{ appointments: Appointment[] }> => {
      if (!(await findPatient(db, practiceId, body.primaryPatientId))) {
        throw badRequest([
          { field: 'primaryPatientId', message: 'primaryPatientId is not a patient of this practice' },
        ]);
      }
      await checkReferences(db, practiceId, body);

      const family = await relationshipsOf(db, practiceId)
        .where('f.patient_id', '=', body.primaryPatientId)
        .where('f.related_patient_id', 'in', body.familyMemberIds)
        .execute();
      const related = new Set(family.map((row) => row.related_patient_id));
      const strangers = body.familyMemberIds.filter((id) => !related.has(id));
      if (strangers.length > 0) {
        throw badRequest([
          {
            field: 'familyMemberIds',
            message: `familyMemberIds must be family members of primaryPatientId; not family: ${strangers.join(', ')}`,
          },
        ]);
      }

      const bookings = [body.primaryPatientId, ...body.familyMemberIds].map((patientId, position) => ({
        id: randomUUID(),
        patientId,
        providerId: body.providerId,
        assistantId: body.assistantId,
        treatmentRoom: body.treatmentRoom,
        appointmentDate: new Date(
          Date.parse(body.appointmentDate) + position * body.duration * MINUTE_MS,
        ).toISOString(),
        duration: body.duration,
        status: 'scheduled' as const,
        procedure: body.procedure,
        notes: body.notes,
        appointmentType: body.appointmentType,
      }));
      await enforceBookingRules(db, practiceId, bookings, now);

      // Judged against what is booked before any of them is written: back to back, they never clash with each other.
      const conflicts: FamilyConflict[][] = [];
      for (const booking of bookings) {
        const found = await conflictsFor(db, practiceId, booking);
        conflicts.push(found.map((clash) => ({ ...clash, forPatientId: booking.patientId })));
      }
      const all = conflicts.flat();
      if (all.length > 0 && body.override !== true) throw conflict(FAMILY_CONFLICT, { conflicts: all });

      const actor = { practiceId, userId: caller.account.row.id, now };
      const appointments: Appointment[] = [];
      for (const [position, booking] of bookings.entries()) {
        appointments.push(
          await createAppointment(db, actor, booking, {
            conflicts: conflicts[position] ?? [],
            details: { family: { primaryPatientId: body.primaryPatientId, position } },
          }),
        );
      }
      return { appointments };
    },
  });
}
