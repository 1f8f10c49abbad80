import { PROVINCES } from '@dental/domain/constants';
import {
  type CommunicationPreference,
  createPatientSchema,
  DEFAULT_COMMUNICATION_PREFERENCE,
} from '@dental/domain/patients/patient.schema';
import type { Clock } from '@dental/domain/time/clock';
import { parseWith } from '@dental/domain/validation/issues';
import type { PatientInput } from '@dental/local-store';

export interface WizardValues {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  province: string;
  zipCode: string;
  emergencyContact: string;
  emergencyPhone: string;
  conditions: string;
  medications: string;
  allergies: string;
  communicationPreference: CommunicationPreference;
  templateIds: string[];
  appointmentDate: string;
  appointmentTime: string;
}

export const EMPTY_VALUES: WizardValues = {
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  province: '',
  zipCode: '',
  emergencyContact: '',
  emergencyPhone: '',
  conditions: '',
  medications: '',
  allergies: '',
  communicationPreference: DEFAULT_COMMUNICATION_PREFERENCE,
  templateIds: [],
  appointmentDate: '',
  appointmentTime: '',
};

export type FieldErrors = Partial<Record<keyof WizardValues, string>>;

/** Schema fields each patient step owns; the last two steps are not part of the patient record. */
const STEP_FIELDS: readonly (readonly string[])[] = [
  ['firstName', 'lastName', 'dateOfBirth'],
  ['email', 'phone', 'address', 'city', 'province', 'zipCode', 'emergencyContact', 'emergencyPhone'],
  ['medicalHistory', 'communicationPreference'],
];

export const PROVINCE_OPTIONS = [...PROVINCES];

export function toPatientInput(values: WizardValues, id: string): PatientInput {
  const orNull = (text: string) => text.trim() || null;
  return {
    id,
    firstName: values.firstName,
    lastName: values.lastName,
    phone: values.phone,
    email: orNull(values.email),
    dateOfBirth: orNull(values.dateOfBirth),
    address: orNull(values.address),
    city: orNull(values.city),
    province: orNull(values.province),
    zipCode: orNull(values.zipCode),
    emergencyContact: orNull(values.emergencyContact),
    emergencyPhone: orNull(values.emergencyPhone),
    communicationPreference: values.communicationPreference,
    medicalHistory: {
      conditions: values.conditions.split(/[\n,;]/),
      medications: values.medications.split(/[\n,;]/),
      allergies: values.allergies.split(/[\n,;]/),
    },
  };
}

/** The form field an issue path such as `medicalHistory.allergies` belongs to. */
function fieldOf(path: string): keyof WizardValues | null {
  const leaf = path.split('.').at(-1) ?? path;
  return leaf in EMPTY_VALUES ? (leaf as keyof WizardValues) : null;
}

/**
 * The shared patient schema's messages for the fields of one step. The whole record is parsed so
 * the rules are exactly the server's; issues of later steps are left for those steps.
 */
export function stepErrors(step: number, values: WizardValues, clock: Clock): FieldErrors {
  const owned = STEP_FIELDS[step];
  if (!owned) return {};
  const parsed = parseWith(createPatientSchema(clock), toPatientInput(values, crypto.randomUUID()));
  if (parsed.ok) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.issues) {
    const root = issue.field.split('.')[0] ?? issue.field;
    const field = fieldOf(issue.field);
    if (!owned.includes(root) || !field || errors[field]) continue;
    errors[field] = issue.message;
  }
  return errors;
}
