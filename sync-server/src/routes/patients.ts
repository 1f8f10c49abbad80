import { MESSAGES } from '@dental/domain/messages';
import { DUPLICATE_PATIENT_MESSAGE } from '@dental/domain/patients/duplicates';
import {
  applyPatientPatch,
  createPatientSchema,
  newPatient,
  PATIENT_LIST_STATUSES,
  type Patient,
  patchPatientSchema,
  patientIdParamsSchema,
  patientListQuerySchema,
  permissionsForCreate,
  permissionsForPatch,
  postalCodeIssue,
  type RestrictedPatientPermission,
  restrictedFieldMessage,
} from '@dental/domain/patients/patient.schema';
import { patientViewFor } from '@dental/domain/patients/visibility';
import { can, type PermissionSubject } from '@dental/domain/permissions/can';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../context.ts';
import type { Db } from '../db/connection.ts';
import { writeAudit } from '../plugins/audit.ts';
import { badRequest, conflict, forbidden, notFound } from '../plugins/http-error.ts';
import { type Caller, defineRoute, type RouteRegistry } from '../plugins/route.ts';
import { referenceIssues } from '../services/booking.ts';
import { recordChange } from '../services/changes.ts';
import { claimId } from '../services/client-ids.ts';
import { relationshipIdsOf } from '../services/family.ts';
import { patientCsv } from '../services/patient-export.ts';
import {
  allPatients,
  findDuplicatePatient,
  findPatient,
  listPatients,
  patientColumns,
  savePatient,
  toPatient,
} from '../services/patients.ts';

function viewer(caller: Caller) {
  return { role: caller.account.row.role, permissions: caller.account.permissions };
}

/** Medical and insurance fields need their own permission, on a create exactly as on an edit. */
function refuseRestrictedFields(who: PermissionSubject, needed: readonly RestrictedPatientPermission[]): void {
  for (const permission of needed) {
    if (!can(who, permission)) {
      throw forbidden(restrictedFieldMessage(permission), { requiredPermission: permission });
    }
  }
}

export const HAS_APPOINTMENTS_MESSAGE = 'This patient has appointments; deactivate them instead.';

async function refuseDuplicate(db: Db, caller: Caller, patient: Patient, excludeId?: string): Promise<void> {
  const duplicate = await findDuplicatePatient(db, patient.practiceId, patient, excludeId);
  if (duplicate) {
    throw conflict(DUPLICATE_PATIENT_MESSAGE, {
      existingPatient: patientViewFor(toPatient(duplicate), viewer(caller)),
    });
  }
}

/** A preferred provider is judged as a booking's provider is: a doctor, hygienist or admin of this practice. */
async function checkProvider(db: Db, practiceId: number, providerId: number | null | undefined): Promise<void> {
  if (providerId == null) return;
  if ((await referenceIssues(db, practiceId, { providerId })).length > 0) {
    throw badRequest([
      { field: 'preferredProviderId', message: 'preferredProviderId is not a provider of this practice' },
    ]);
  }
}

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
    handler: async ({ db, caller, practiceId, query, reply }) => {
      const { rows, total } = await listPatients(db, { practiceId, ...query });
      reply.header('x-total-count', String(total));
      const who = viewer(caller);
      return rows.map((row) => patientViewFor(toPatient(row), who));
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
    handler: async ({ db, caller, practiceId, query, reply, now }) => {
      const rows = await allPatients(db, { practiceId, status: query.status, search: query.search });
      const who = viewer(caller);
      const stamp = now.toISOString().slice(0, 10);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="patients-${practiceId}-${stamp}.csv"`)
        .header('cache-control', 'no-store');
      return patientCsv(
        rows.map((row) => toPatient(row)),
        who,
      );
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
    responses: {
      201: 'Created',
      403: 'Missing patients.create, or the permission a medical (patients.medical_history) or insurance (patients.insurance) field needs (requiredPermission)',
      409: 'A matching patient already exists, or the id is already in use',
    },
    handler: async ({ db, caller, practiceId, body, now }) => {
      if (body.practiceId !== undefined && body.practiceId !== practiceId) {
        if (!caller.account.allowedPracticeIds.includes(body.practiceId))
          throw forbidden(MESSAGES.accessDeniedPractice);
        throw conflict('practiceId does not match the practice of this request (X-Practice-ID).', {
          field: 'practiceId',
        });
      }
      refuseRestrictedFields(viewer(caller), permissionsForCreate(body));
      const id = await claimId(db, 'patients', body.id);

      const patient = newPatient(id, practiceId, body, now.toISOString());
      await refuseDuplicate(db, caller, patient);
      await checkProvider(db, practiceId, body.preferredProviderId);
      await db
        .insertInto('patients')
        .values({ id, practice_id: practiceId, ...patientColumns(patient), created_at: patient.createdAt })
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
    handler: async ({ db, caller, practiceId, params, body, now }) => {
      const who = viewer(caller);
      refuseRestrictedFields(who, permissionsForPatch(body));
      const row = await findPatient(db, practiceId, params.id);
      if (!row) throw notFound('Patient not found.');
      const before = toPatient(row);
      const after = applyPatientPatch(before, body, now.toISOString());
      // A province or a postal code sent alone must still agree with the other as stored.
      if (body.zipCode !== undefined || body.province !== undefined) {
        const issue = postalCodeIssue(after);
        if (issue) throw badRequest([issue]);
      }
      const identityChanged =
        after.firstName !== before.firstName ||
        after.lastName !== before.lastName ||
        after.dateOfBirth !== before.dateOfBirth ||
        after.phone !== before.phone;
      // Only a change to who the patient is can create a duplicate; existing look-alikes are left alone.
      if (identityChanged) await refuseDuplicate(db, caller, after, after.id);
      if (body.preferredProviderId !== undefined) await checkProvider(db, practiceId, body.preferredProviderId);
      await savePatient(db, after);
      await recordChange(db, { practiceId, table: 'patients', rowId: after.id, at: now });
      // Family links carry the related patient's name: devices get the links that show the new one.
      if (after.firstName !== before.firstName || after.lastName !== before.lastName) {
        for (const id of await relationshipIdsOf(db, practiceId, after.id)) {
          await recordChange(db, { practiceId, table: 'family_relationships', rowId: id, at: now });
        }
      }
      const changed = Object.keys(body).filter((key) => body[key as keyof typeof body] !== undefined);
      await writeAudit(db, {
        at: now,
        userId: caller.account.row.id,
        practiceId,
        action: before.isActive && !after.isActive ? 'patient.deactivate' : 'patient.update',
        entity: 'patient',
        entityId: after.id,
        details: { fields: changed },
      });
      const saved = await findPatient(db, practiceId, after.id);
      if (!saved) throw notFound('Patient not found.');
      return patientViewFor(toPatient(saved), who);
    },
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
    handler: async ({ db, caller, practiceId, params, now }) => {
      const row = await findPatient(db, practiceId, params.id);
      if (!row) throw notFound('Patient not found.');
      const booked = await db
        .selectFrom('appointments')
        .select('id')
        .where('patient_id', '=', params.id)
        .limit(1)
        .executeTakeFirst();
      if (booked) throw conflict(HAS_APPOINTMENTS_MESSAGE);
      // Family links, sent forms and recalls cascade with the row; no-show history has no foreign key.
      const recalls = await db.selectFrom('recalls').select('id').where('patient_id', '=', params.id).execute();
      const links = await relationshipIdsOf(db, practiceId, params.id);
      const sends = await db.selectFrom('form_sends').select('id').where('patient_id', '=', params.id).execute();
      await db.deleteFrom('no_show_events').where('patient_id', '=', params.id).execute();
      await db.deleteFrom('patients').where('practice_id', '=', practiceId).where('id', '=', params.id).execute();
      await recordChange(db, { practiceId, table: 'patients', rowId: params.id, deleted: true, at: now });
      // Devices drop the patient's recalls, family links (both directions: the relatives' charts list them
      // too) and sent forms, rather than keep them for a patient they no longer have.
      for (const recall of recalls) {
        await recordChange(db, { practiceId, table: 'recalls', rowId: recall.id, deleted: true, at: now });
      }
      for (const id of links) {
        await recordChange(db, { practiceId, table: 'family_relationships', rowId: id, deleted: true, at: now });
      }
      for (const send of sends) {
        await recordChange(db, { practiceId, table: 'form_sends', rowId: send.id, deleted: true, at: now });
      }
      await writeAudit(db, {
        at: now,
        userId: caller.account.row.id,
        practiceId,
        action: 'patient.delete',
        entity: 'patient',
        entityId: params.id,
        details: { name: `${row.first_name} ${row.last_name}` },
      });
      return { id: params.id, deleted: true };
    },
  });
}
