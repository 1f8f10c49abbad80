import { can, type PermissionSubject } from '../permissions/can.ts';
import { formatPhone } from './phone.ts';
import type { PatientView } from './visibility.ts';

/** One column of the patient export: `key` heads the API's file, `label` the one saved from the browser. */
export interface PatientExportColumn {
  key: string;
  label: string;
  value(patient: PatientView): string;
}

const text = (value: string | null | undefined) => value ?? '';
const list = (values: readonly string[] | undefined) => values?.join('; ') ?? '';
const open = (patient: PatientView, section: 'medicalHistory' | 'insurance') => !patient.restricted.includes(section);

const BASE: readonly PatientExportColumn[] = [
  { key: 'firstName', label: 'First Name', value: (p) => p.firstName },
  { key: 'lastName', label: 'Last Name', value: (p) => p.lastName },
  { key: 'email', label: 'Email', value: (p) => text(p.email) },
  { key: 'phone', label: 'Phone', value: (p) => formatPhone(p.phone) },
  { key: 'dateOfBirth', label: 'Date of Birth', value: (p) => text(p.dateOfBirth) },
  { key: 'address', label: 'Address', value: (p) => text(p.address) },
  { key: 'city', label: 'City', value: (p) => text(p.city) },
  { key: 'province', label: 'Province', value: (p) => text(p.province) },
  { key: 'zipCode', label: 'Postal Code', value: (p) => text(p.zipCode) },
  { key: 'emergencyContact', label: 'Emergency Contact', value: (p) => text(p.emergencyContact) },
  { key: 'emergencyPhone', label: 'Emergency Phone', value: (p) => formatPhone(p.emergencyPhone) },
  {
    key: 'communicationPreference',
    label: 'Communication Preference',
    value: (p) => p.medicalHistory.communicationPreference,
  },
  { key: 'status', label: 'Status', value: (p) => p.status },
];

const MEDICAL: readonly PatientExportColumn[] = [
  {
    key: 'conditions',
    label: 'Conditions',
    value: (p) => (open(p, 'medicalHistory') ? list(p.medicalHistory.conditions) : ''),
  },
  {
    key: 'medications',
    label: 'Medications',
    value: (p) => (open(p, 'medicalHistory') ? list(p.medicalHistory.medications) : ''),
  },
  {
    key: 'allergies',
    label: 'Allergies',
    value: (p) => (open(p, 'medicalHistory') ? list(p.medicalHistory.allergies) : ''),
  },
];

const INSURANCE: readonly PatientExportColumn[] = [
  {
    key: 'insuranceProvider',
    label: 'Insurance Provider',
    value: (p) => (open(p, 'insurance') ? text(p.medicalHistory.insuranceProvider) : ''),
  },
  {
    key: 'insurancePolicyNumber',
    label: 'Insurance Policy Number',
    value: (p) => (open(p, 'insurance') ? text(p.medicalHistory.insurancePolicyNumber) : ''),
  },
];

/**
 * The export's columns for this viewer: a section the viewer may not see is left out of the file
 * entirely, and a record delivered with a section withheld exports it empty. Spreadsheet formula
 * escaping is the CSV writer's job on each side.
 */
export function patientExportColumns(viewer: PermissionSubject): readonly PatientExportColumn[] {
  return [
    ...BASE,
    ...(can(viewer, 'patients.medical_history') ? MEDICAL : []),
    ...(can(viewer, 'patients.insurance') ? INSURANCE : []),
  ];
}
