import {
  type CommunicationPreference,
  type CreatePatientBody,
  createPatientSchema,
  type MedicalHistory,
  newPatient,
} from '@dental/domain/patients/patient.schema';
import {
  permissionsForCreate,
  permissionsForPatientFields,
  type RestrictedPatientPermission,
  restrictedFieldMessage,
} from '@dental/domain/patients/patient-permissions';
import { can } from '@dental/domain/permissions/can';
import { parseWith } from '@dental/domain/validation/issues';
import type { StoreKey } from '../crypto/store-key.ts';
import type { StoreHandle } from '../db/handle.ts';
import type { OutboxEntry } from '../db/rows.ts';
import { readRecord } from '../records/reads.ts';
import type { LocalPatient, PlainRecord } from '../types.ts';
import { CommandPermissionError, CommandValidationError } from './errors.ts';
import { writeThrough } from './write-through.ts';

/** What the new-patient form and the edit form send; validated with the same schema as the server. */
export interface PatientInput {
  id?: string;
  firstName: string;
  lastName: string;
  phone: string;
  email?: string | null;
  dateOfBirth?: string | null;
  address?: string | null;
  city?: string | null;
  province?: string | null;
  zipCode?: string | null;
  emergencyContact?: string | null;
  emergencyPhone?: string | null;
  communicationPreference?: CommunicationPreference;
  medicalHistory?: Partial<MedicalHistory>;
  preferredProviderId?: number | null;
}

export type PatientChanges = Partial<Omit<PatientInput, 'id'>>;

export interface QueuedPatient {
  patient: LocalPatient;
  entry: OutboxEntry;
}

function parsePatient(store: StoreHandle, input: Record<string, unknown>): CreatePatientBody {
  const parsed = parseWith(createPatientSchema(store.clock), input);
  if (!parsed.ok) throw new CommandValidationError(parsed.issues);
  return parsed.value;
}

/** The server's field rule, applied on the device: offline, a change the server would refuse is never queued. */
function refuseRestrictedFields(store: StoreHandle, needed: readonly RestrictedPatientPermission[]): void {
  if (!store.actor) return;
  for (const permission of needed) {
    if (!can(store.actor, permission)) throw new CommandPermissionError(permission, restrictedFieldMessage(permission));
  }
}

/** The record as the server would return it, so the screen shows the new patient at once. */
function toRecord(store: StoreHandle, id: string, body: CreatePatientBody, stamp: string): LocalPatient {
  return { ...newPatient(id, store.practiceId, body, stamp), restricted: [], version: 0 };
}

/** Spec 7: POST /api/patients with the patient fields plus practiceId and isActive true; the id is ours. */
export async function createPatient(store: StoreHandle, key: StoreKey, input: PatientInput): Promise<QueuedPatient> {
  const id = input.id ?? crypto.randomUUID();
  const body = parsePatient(store, { ...input, id });
  refuseRestrictedFields(store, permissionsForCreate(body));
  const patient = toRecord(store, id, body, store.clock().toISOString());
  const entry = await writeThrough(store, key, {
    table: 'patients',
    op: 'create',
    record: patient as unknown as PlainRecord,
    request: {
      method: 'POST',
      endpoint: '/api/patients',
      body: { ...body, id, practiceId: store.practiceId, isActive: true },
    },
  });
  return { patient, entry };
}

/**
 * Edits a stored patient: the whole record is validated as the server would, and only the
 * changed fields are sent (PATCH /api/patients/{id}).
 */
export async function updatePatient(
  store: StoreHandle,
  key: StoreKey,
  id: string,
  changes: PatientChanges,
): Promise<QueuedPatient> {
  const current = (await readRecord(store, key, 'patients', id)) as LocalPatient | undefined;
  if (!current) throw new CommandValidationError([{ field: 'id', message: 'Patient not found.' }]);
  if (current.decryptionError) throw new CommandValidationError([{ field: 'id', message: 'Failed to decrypt data' }]);
  const { medicalHistory, restricted: _restricted, ...fields } = current;
  const merged = {
    ...fields,
    ...changes,
    // Partial history edits keep the lists they do not name; untouched history is not re-sent.
    medicalHistory: changes.medicalHistory ? { ...medicalHistory, ...changes.medicalHistory } : undefined,
  };
  const body = parsePatient(store, merged);
  refuseRestrictedFields(store, permissionsForPatientFields(changes.medicalHistory, 'edit'));
  const next = toRecord(store, id, body, current.createdAt);
  const patient: LocalPatient = {
    ...current,
    ...next,
    // A section this user may not see stays as stored: an edit of other fields never "empties" it.
    medicalHistory: changes.medicalHistory
      ? next.medicalHistory
      : {
          ...medicalHistory,
          communicationPreference: changes.communicationPreference
            ? next.medicalHistory.communicationPreference
            : medicalHistory.communicationPreference,
        },
    restricted: current.restricted,
    isActive: current.isActive,
    status: current.status,
    updatedAt: store.clock().toISOString(),
    version: current.version,
  };
  const sent: Record<string, unknown> = {};
  for (const field of Object.keys(changes)) sent[field] = (body as Record<string, unknown>)[field];
  // Only the history fields named: the rest may be sections this user may not change (the server would refuse).
  if (changes.medicalHistory) {
    const history = body.medicalHistory as Record<string, unknown> | undefined;
    sent.medicalHistory = Object.fromEntries(Object.keys(changes.medicalHistory).map((key) => [key, history?.[key]]));
  }
  const entry = await writeThrough(store, key, {
    table: 'patients',
    op: 'update',
    record: patient as unknown as PlainRecord,
    request: { method: 'PATCH', endpoint: `/api/patients/${id}`, body: sent },
  });
  return { patient, entry };
}

/**
 * Deactivates rather than deletes (spec 3 status active/inactive): shown as inactive at once, and
 * PATCH {isActive: false} queued for the server.
 */
export async function deactivatePatient(store: StoreHandle, key: StoreKey, id: string): Promise<QueuedPatient> {
  const current = (await readRecord(store, key, 'patients', id)) as LocalPatient | undefined;
  if (!current) throw new CommandValidationError([{ field: 'id', message: 'Patient not found.' }]);
  if (current.decryptionError) throw new CommandValidationError([{ field: 'id', message: 'Failed to decrypt data' }]);
  const patient: LocalPatient = {
    ...current,
    isActive: false,
    status: 'inactive',
    updatedAt: store.clock().toISOString(),
  };
  const entry = await writeThrough(store, key, {
    table: 'patients',
    op: 'update',
    record: patient as unknown as PlainRecord,
    request: { method: 'PATCH', endpoint: `/api/patients/${id}`, body: { isActive: false } },
  });
  return { patient, entry };
}
