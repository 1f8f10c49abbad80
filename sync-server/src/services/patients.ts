import { NOTE_TEXTS } from '@dental/domain/clinical/notes';
import { DomainError, invalidInput } from '@dental/domain/errors';
import { MESSAGES } from '@dental/domain/messages';
import { DUPLICATE_PATIENT_MESSAGE, findDuplicate } from '@dental/domain/patients/duplicates';
import {
  applyPatientPatch,
  type CreatePatientBody,
  newPatient,
  type PatchPatientBody,
  type Patient,
  postalCodeIssue,
} from '@dental/domain/patients/patient.schema';
import {
  permissionsForCreate,
  permissionsForPatch,
  type RestrictedPatientPermission,
  restrictedFieldMessage,
} from '@dental/domain/patients/patient-permissions';
import { type PatientView, patientViewFor } from '@dental/domain/patients/visibility';
import { can, type PermissionSubject } from '@dental/domain/permissions/can';
import { HEADER_NAMES } from '@dental/domain/sync/protocol';
import type { Db } from '../db/connection.ts';
import type { PatientRow } from '../db/schema.ts';
import { hasAppointments } from '../repos/appointments.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { recordChange } from '../repos/changes.ts';
import { hasClinicalRecords } from '../repos/clinical-entries.ts';
import { relationshipIdsOf } from '../repos/family-relationships.ts';
import { sentFormIdsOfPatient } from '../repos/forms.ts';
import { deleteNoShowEventsOf } from '../repos/no-show-events.ts';
import {
  allPatients,
  deletePatientRow,
  duplicateCandidates,
  findPatient,
  insertPatient,
  type PatientFilter,
  patientPage,
  savePatient,
  toPatient,
} from '../repos/patients.ts';
import { recallIdsOfPatient } from '../repos/recalls.ts';
import { referenceIssues } from './booking.ts';
import { type Caller, viewerOf } from './caller.ts';
import { claimId } from './client-ids.ts';
import { patientCsv } from './patient-export.ts';

export async function requirePatient(db: Db, practiceId: number, id: string): Promise<PatientRow> {
  const row = await findPatient(db, practiceId, id);
  if (!row) throw new DomainError('NOT_FOUND', 'Patient not found.');
  return row;
}

/** The patient as this caller may see them. */
export async function patientFor(db: Db, caller: Caller, practiceId: number, id: string): Promise<PatientView> {
  return patientViewFor(toPatient(await requirePatient(db, practiceId, id)), viewerOf(caller));
}

/** Medical and insurance fields need their own permission, on a create exactly as on an edit. */
function refuseRestrictedFields(who: PermissionSubject, needed: readonly RestrictedPatientPermission[]): void {
  for (const permission of needed) {
    if (!can(who, permission)) {
      throw new DomainError('PERMISSION_DENIED', restrictedFieldMessage(permission), {
        details: { requiredPermission: permission },
      });
    }
  }
}

/**
 * The shared duplicate rule over the practice's patients with the same phone or the same birth date;
 * `excludeId` is the patient being edited, who must not count as their own duplicate.
 */
async function refuseDuplicate(db: Db, caller: Caller, patient: Patient, excludeId?: string): Promise<void> {
  const candidates = await duplicateCandidates(db, patient.practiceId, patient);
  const duplicate = findDuplicate(
    { ...patient, ...(excludeId !== undefined ? { id: excludeId } : {}) },
    candidates.map((row) => ({
      row,
      id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      dateOfBirth: row.date_of_birth,
      phone: row.phone,
    })),
  )?.row;
  if (duplicate) {
    throw new DomainError('PATIENT_DUPLICATE', DUPLICATE_PATIENT_MESSAGE, {
      details: { existingPatient: patientViewFor(toPatient(duplicate), viewerOf(caller)) },
    });
  }
}

/** A preferred provider is judged as a booking's provider is: a doctor, hygienist or admin of this practice. */
async function checkProvider(db: Db, practiceId: number, providerId: number | null | undefined): Promise<void> {
  if (providerId == null) return;
  if ((await referenceIssues(db, practiceId, { providerId })).length > 0) {
    throw invalidInput(
      [{ field: 'preferredProviderId', message: 'preferredProviderId is not a provider of this practice' }],
      'REFERENCE_INVALID',
    );
  }
}

export async function createPatient(
  db: Db,
  caller: Caller,
  request: { practiceId: number; body: CreatePatientBody; now: Date },
): Promise<PatientView> {
  const { practiceId, body, now } = request;
  if (body.practiceId !== undefined && body.practiceId !== practiceId) {
    if (!caller.account.allowedPracticeIds.includes(body.practiceId)) {
      throw new DomainError('PRACTICE_ACCESS_DENIED', MESSAGES.accessDeniedPractice);
    }
    throw new DomainError(
      'PRACTICE_MISMATCH',
      `practiceId does not match the practice of this request (${HEADER_NAMES.practice}).`,
      { details: { field: 'practiceId' } },
    );
  }
  refuseRestrictedFields(viewerOf(caller), permissionsForCreate(body));
  const id = await claimId(db, 'patients', body.id);

  const patient = newPatient(id, practiceId, body, now.toISOString());
  await refuseDuplicate(db, caller, patient);
  await checkProvider(db, practiceId, body.preferredProviderId);
  await insertPatient(db, patient);
  await recordChange(db, { practiceId, table: 'patients', rowId: id, at: now });
  await writeAudit(db, {
    at: now,
    userId: caller.account.row.id,
    practiceId,
    action: 'patient.create',
    entity: 'patient',
    entityId: id,
  });
  return patientFor(db, caller, practiceId, id);
}

export async function updatePatient(
  db: Db,
  caller: Caller,
  request: { practiceId: number; id: string; body: PatchPatientBody; now: Date },
): Promise<PatientView> {
  const { practiceId, body, now } = request;
  const who = viewerOf(caller);
  refuseRestrictedFields(who, permissionsForPatch(body));
  const before = toPatient(await requirePatient(db, practiceId, request.id));
  const after = applyPatientPatch(before, body, now.toISOString());
  // A province or a postal code sent alone must still agree with the other as stored.
  if (body.zipCode !== undefined || body.province !== undefined) {
    const issue = postalCodeIssue(after);
    if (issue) throw invalidInput([issue], 'POSTAL_CODE_MISMATCH');
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
  return patientViewFor(toPatient(await requirePatient(db, practiceId, after.id)), who);
}

export const HAS_APPOINTMENTS_MESSAGE = 'This patient has appointments; deactivate them instead.';

/**
 * Deletes a patient for good, with their family links, sent forms, recalls and no-show history; a
 * patient with appointments is kept. Devices are told to drop everything that went with them.
 */
export async function deletePatient(
  db: Db,
  caller: Caller,
  request: { practiceId: number; id: string; now: Date },
): Promise<{ id: string; deleted: true }> {
  const { practiceId, id, now } = request;
  const row = await requirePatient(db, practiceId, id);
  if (await hasAppointments(db, id)) throw new DomainError('PATIENT_HAS_APPOINTMENTS', HAS_APPOINTMENTS_MESSAGE);
  // A clinical record is a legal record: it is never deleted with the patient.
  if (await hasClinicalRecords(db, id)) {
    throw new DomainError('PATIENT_HAS_CLINICAL_RECORDS', NOTE_TEXTS.patientHasRecords.message);
  }
  // Family links, sent forms and recalls cascade with the row; no-show history has no foreign key.
  const recalls = await recallIdsOfPatient(db, id);
  const links = await relationshipIdsOf(db, practiceId, id);
  const sends = await sentFormIdsOfPatient(db, id);
  await deleteNoShowEventsOf(db, id);
  await deletePatientRow(db, practiceId, id);
  await recordChange(db, { practiceId, table: 'patients', rowId: id, deleted: true, at: now });
  // Devices drop the patient's recalls, family links (both directions: the relatives' charts list them
  // too) and sent forms, rather than keep them for a patient they no longer have.
  for (const recall of recalls) {
    await recordChange(db, { practiceId, table: 'recalls', rowId: recall, deleted: true, at: now });
  }
  for (const link of links) {
    await recordChange(db, { practiceId, table: 'family_relationships', rowId: link, deleted: true, at: now });
  }
  for (const send of sends) {
    await recordChange(db, { practiceId, table: 'form_sends', rowId: send, deleted: true, at: now });
  }
  await writeAudit(db, {
    at: now,
    userId: caller.account.row.id,
    practiceId,
    action: 'patient.delete',
    entity: 'patient',
    entityId: id,
    details: { name: `${row.first_name} ${row.last_name}` },
  });
  return { id, deleted: true };
}

/** One page of the practice's patients as this caller may see them, and how many match in all. */
export async function listPatients(
  db: Db,
  caller: Caller,
  query: PatientFilter & { limit: number; offset: number },
): Promise<{ patients: PatientView[]; total: number }> {
  const { limit, offset, ...filter } = query;
  const { rows, total } = await patientPage(db, filter, { limit, offset });
  const who = viewerOf(caller);
  return { patients: rows.map((row) => patientViewFor(toPatient(row), who)), total };
}

/** Every matching patient as CSV with only the columns this caller may see. */
export async function exportPatients(db: Db, caller: Caller, filter: PatientFilter) {
  const rows = await allPatients(db, filter);
  return patientCsv(
    rows.map((row) => toPatient(row)),
    viewerOf(caller),
  );
}
