import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@dental/domain/messages';
import {
  createPatientSchema,
  newPatient,
  patientIdParamsSchema,
  patientListQuerySchema,
} from '@dental/domain/patients/patient.schema';
import { patientViewFor } from '@dental/domain/patients/visibility';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context.ts';
import { writeAudit } from '../plugins/audit.ts';
import { badRequest, conflict, forbidden, notFound } from '../plugins/http-error.ts';
import { type Caller, defineRoute, type RouteRegistry } from '../plugins/route.ts';
import { recordChange } from '../services/changes.ts';
import { findDuplicatePatient, findPatient, listPatients, toPatient } from '../services/patients.ts';

function viewer(caller: Caller) {
  return { role: caller.account.row.role, permissions: caller.account.permissions };
}

export function registerPatientRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  const createSchema = createPatientSchema(deps.clock);

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/patients',
    tag: 'Patients',
    summary: 'Patients of the current practice, by name. The total is in the X-Total-Count header.',
    access: 'signed-in',
    permission: 'patients.view',
    query: patientListQuerySchema,
    handler: async ({ db, caller, practiceId, query, reply }) => {
      const { rows, total } = await listPatients(db, { practiceId, ...query });
      reply.header('x-total-count', String(total));
      const who = viewer(caller);
      return rows.map((row) => patientViewFor(toPatient(row), who));
    },
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/patients/:id',
    tag: 'Patients',
    summary: 'One patient of the current practice.',
    access: 'signed-in',
    permission: 'patients.view',
    params: patientIdParamsSchema,
    responses: { 404: 'No such patient in this practice' },
    handler: async ({ db, caller, practiceId, params }) => {
      const row = await findPatient(db, practiceId, params.id);
      if (!row) throw notFound('Patient not found.');
      return patientViewFor(toPatient(row), viewer(caller));
    },
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/patients',
    tag: 'Patients',
    summary: 'Register a patient. A possible duplicate (same name and birth date, or same phone and last name) is 409.',
    access: 'signed-in',
    permission: 'patients.create',
    body: createSchema,
    status: 201,
    responses: { 201: 'Created', 409: 'A matching patient already exists' },
    handler: async ({ db, caller, practiceId, body, now }) => {
      if (body.practiceId !== undefined && body.practiceId !== practiceId) {
        if (!caller.account.allowedPracticeIds.includes(body.practiceId))
          throw forbidden(MESSAGES.accessDeniedPractice);
        throw conflict('practiceId does not match the practice of this request (X-Practice-ID).', {
          field: 'practiceId',
        });
      }
      const id = body.id ?? randomUUID();
      const existingById = await db.selectFrom('patients').select('id').where('id', '=', id).executeTakeFirst();
      if (existingById) throw conflict('A patient with this id already exists.', { field: 'id' });

      const duplicate = await findDuplicatePatient(db, practiceId, { ...body, dateOfBirth: body.dateOfBirth ?? null });
      if (duplicate) {
        throw conflict(
          'This patient may already exist: a patient with the same name and date of birth, or the same phone and last name, is on file.',
          {
            existingPatient: patientViewFor(toPatient(duplicate), viewer(caller)),
          },
        );
      }

      if (body.preferredProviderId != null) {
        const provider = await db
          .selectFrom('user_practices')
          .select('user_id')
          .where('user_id', '=', body.preferredProviderId)
          .where('practice_id', '=', practiceId)
          .executeTakeFirst();
        if (!provider) {
          throw badRequest([
            { field: 'preferredProviderId', message: 'preferredProviderId is not a provider of this practice' },
          ]);
        }
      }
      const patient = newPatient(id, practiceId, body, now.toISOString());
      await db
        .insertInto('patients')
        .values({
          id,
          practice_id: practiceId,
          first_name: patient.firstName,
          last_name: patient.lastName,
          email: patient.email,
          phone: patient.phone,
          date_of_birth: patient.dateOfBirth,
          address: patient.address,
          city: patient.city,
          province: patient.province,
          zip_code: patient.zipCode,
          emergency_contact: patient.emergencyContact,
          emergency_phone: patient.emergencyPhone,
          medical_history: JSON.stringify(patient.medicalHistory),
          preferred_provider_id: patient.preferredProviderId,
          is_active: patient.isActive ? 1 : 0,
          created_at: patient.createdAt,
          updated_at: patient.updatedAt,
        })
        .execute();
      await recordChange(db, { practiceId, table: 'patients', rowId: id, at: now });
      await writeAudit(db, {
        at: now,
        userId: caller.account.row.id,
        practiceId,
        action: 'patient.create',
        entity: 'patient',
        entityId: id,
      });
      const row = await findPatient(db, practiceId, id);
      if (!row) throw notFound('Patient not found.');
      return patientViewFor(toPatient(row), viewer(caller));
    },
  });
}
