import { fill, type Text } from '../i18n/text.ts';
import type { CreatePatientBody, PatchPatientBody } from './patient.schema.ts';

const CLINICAL_FIELDS = ['conditions', 'medications', 'allergies'] as const;
const INSURANCE_FIELDS = ['insuranceProvider', 'insurancePolicyNumber'] as const;

export type RestrictedPatientPermission = 'patients.medical_history' | 'patients.insurance';

/** A medical history as a create or an edit sends it: a field left out is not touched. */
type SentHistory = Partial<Record<(typeof CLINICAL_FIELDS)[number], readonly string[]>> &
  Partial<Record<(typeof INSURANCE_FIELDS)[number], string | null>>;

/**
 * The permissions a create or an edit needs beyond patients.create or patients.edit, by the restricted
 * fields it sends: clinical lists need patients.medical_history, insurance fields patients.insurance.
 * An empty clinical list or a null insurance field sent on a create writes nothing, so it needs nothing.
 */
export function permissionsForPatientFields(
  history: SentHistory | undefined,
  kind: 'create' | 'edit',
): RestrictedPatientPermission[] {
  if (!history) return [];
  const writes = (value: readonly string[] | string | null | undefined) =>
    kind === 'edit' ? value !== undefined : Array.isArray(value) ? value.length > 0 : value != null;
  const needed: RestrictedPatientPermission[] = [];
  if (CLINICAL_FIELDS.some((field) => writes(history[field]))) needed.push('patients.medical_history');
  if (INSURANCE_FIELDS.some((field) => writes(history[field]))) needed.push('patients.insurance');
  return needed;
}

/** The permissions an edit needs beyond patients.edit, by the restricted fields it touches. */
export function permissionsForPatch(body: PatchPatientBody): RestrictedPatientPermission[] {
  return permissionsForPatientFields(body.medicalHistory, 'edit');
}

/** The refusal of a restricted field, on the server (403) and on the device alike. */
export const RESTRICTED_FIELD: Text = /*i18n*/ {
  id: 'patient.restrictedField',
  message: 'Changing this field requires the {permission} permission.',
};

export function restrictedFieldMessage(permission: RestrictedPatientPermission): string {
  return fill(RESTRICTED_FIELD, { permission });
}

/** The permissions a new patient needs beyond patients.create, by the restricted fields it carries. */
export function permissionsForCreate(body: CreatePatientBody): RestrictedPatientPermission[] {
  return permissionsForPatientFields(body.medicalHistory, 'create');
}
