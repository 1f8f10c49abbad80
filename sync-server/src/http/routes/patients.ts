import { createPatientSchema, patchPatientSchema } from '@dental/domain/patients/patient.schema';
import {
  PATIENT_LIST_STATUSES,
  patientIdParamsSchema,
  patientListQuerySchema,
} from '@dental/domain/patients/patient-queries.schema';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../context.ts';
import {
  createPatient,
  deletePatient,
  exportPatients,
  HAS_APPOINTMENTS_MESSAGE,
  listPatients,
  patientFor,
  updatePatient,
} from '../../services/patients.ts';
import { answerWith } from '../answer.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

const exportQuerySchema = v.object({
  format: v.optional(v.picklist(['csv'], "Invalid enum value. Expected 'csv'"), 'csv'),
  status: v.optional(
    v.picklist(PATIENT_LIST_STATUSES, "Invalid enum value. Expected 'active' | 'inactive' | 'all'"),
    'active',
  ),
  search: v.optional(v.pipe(v.string('search must be text'), v.trim(), v.maxLength(100, 'search is too long'))),
});

export function registerPatientRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  const createSchema = createPatientSchema(deps.clock);
  const patchSchema = patchPatientSchema(deps.clock);

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/patients',
    tag: 'Patients',
    summary: 'Patients of the current practice, by name. The total is in the X-Total-Count header.',
    access: 'signed-in',
    permission: 'patients.view',
    query: patientListQuerySchema,
    handler: async ({ db, caller, practiceId, query }) => {
      const { patients, total } = await listPatients(db, caller, { practiceId, ...query });
      return answerWith(patients, { headers: { 'x-total-count': String(total) } });
    },
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/patients/export',
    tag: 'Patients',
    summary:
      'CSV of the practice’s patients (same status and search filters as the list), with only the columns the ' +
      'caller may see: medical history needs patients.medical_history, insurance needs patients.insurance.',
    access: 'signed-in',
    permission: 'patients.export',
    query: exportQuerySchema,
    responses: { 200: 'text/csv attachment' },
    handler: async ({ db, caller, practiceId, query, now }) => {
      const stamp = now.toISOString().slice(0, 10);
      const csv = await exportPatients(db, caller, { practiceId, status: query.status, search: query.search });
      return answerWith(csv, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="patients-${practiceId}-${stamp}.csv"`,
          'cache-control': 'no-store',
        },
      });
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
    handler: async ({ db, caller, practiceId, params }) => patientFor(db, caller, practiceId, params.id),
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
    responses: {
      201: 'Created',
      403: 'Missing patients.create, or the permission a medical (patients.medical_history) or insurance (patients.insurance) field needs (requiredPermission)',
      409: 'A matching patient already exists, or the id is already in use',
    },
    handler: async ({ db, caller, practiceId, body, now }) => createPatient(db, caller, { practiceId, body, now }),
  });

  defineRoute(app, deps, registry, {
    method: 'PATCH',
    url: '/api/patients/:id',
    tag: 'Patients',
    summary:
      'Edit some fields of a patient with the create rules. Medical history merges field by field; clinical ' +
      'lists need patients.medical_history and insurance fields patients.insurance. isActive false (or status ' +
      "'inactive') deactivates. A change that makes the patient match another is 409.",
    access: 'signed-in',
    permission: 'patients.edit',
    params: patientIdParamsSchema,
    body: patchSchema,
    responses: {
      403: 'Missing patients.edit, or the permission a restricted field needs (requiredPermission)',
      404: 'No such patient in this practice',
      409: 'A matching patient already exists ({ message, existingPatient })',
    },
    handler: async ({ db, caller, practiceId, params, body, now }) =>
      updatePatient(db, caller, { practiceId, id: params.id, body, now }),
  });

  defineRoute(app, deps, registry, {
    method: 'DELETE',
    url: '/api/patients/:id',
    tag: 'Patients',
    summary:
      'Delete a patient for good (patients.delete). A patient with appointments is kept (409): deactivate them ' +
      'with PATCH { isActive: false } instead.',
    access: 'signed-in',
    permission: 'patients.delete',
    params: patientIdParamsSchema,
    responses: {
      200: 'Deleted ({ id, deleted: true })',
      404: 'No such patient in this practice',
      409: HAS_APPOINTMENTS_MESSAGE,
    },
    handler: async ({ db, caller, practiceId, params, now }) =>
      deletePatient(db, caller, { practiceId, id: params.id, now }),
  });
}
