import type { Text } from '../i18n/text.ts';
import { can, type PermissionSubject } from '../permissions/can.ts';
import { formatPhone } from './phone.ts';
import type { PatientView } from './visibility.ts';

/** One column of the patient export: `key` heads the API's file, `label` the one saved from the browser. */
export interface PatientExportColumn {
  key: string;
  label: string;
  value(patient: PatientView): string;
}

/** The column titles of the file saved from the browser. */
export const EXPORT_COLUMN_TEXTS = {
  firstName: /*i18n*/ { id: 'patientExport.firstName', message: 'First Name' },
  lastName: /*i18n*/ { id: 'patientExport.lastName', message: 'Last Name' },
  email: /*i18n*/ { id: 'patientExport.email', message: 'Email' },
  phone: /*i18n*/ { id: 'patientExport.phone', message: 'Phone' },
  dateOfBirth: /*i18n*/ { id: 'patientExport.dateOfBirth', message: 'Date of Birth' },
  address: /*i18n*/ { id: 'patientExport.address', message: 'Address' },
  city: /*i18n*/ { id: 'patientExport.city', message: 'City' },
  province: /*i18n*/ { id: 'patientExport.province', message: 'Province' },
  zipCode: /*i18n*/ { id: 'patientExport.zipCode', message: 'Postal Code' },
  emergencyContact: /*i18n*/ { id: 'patientExport.emergencyContact', message: 'Emergency Contact' },
  emergencyPhone: /*i18n*/ { id: 'patientExport.emergencyPhone', message: 'Emergency Phone' },
  communicationPreference: /*i18n*/ {
    id: 'patientExport.communicationPreference',
    message: 'Communication Preference',
  },
  status: /*i18n*/ { id: 'patientExport.status', message: 'Status' },
  conditions: /*i18n*/ { id: 'patientExport.conditions', message: 'Conditions' },
  medications: /*i18n*/ { id: 'patientExport.medications', message: 'Medications' },
  allergies: /*i18n*/ { id: 'patientExport.allergies', message: 'Allergies' },
  insuranceProvider: /*i18n*/ { id: 'patientExport.insuranceProvider', message: 'Insurance Provider' },
  insurancePolicyNumber: /*i18n*/ { id: 'patientExport.insurancePolicyNumber', message: 'Insurance Policy Number' },
} as const satisfies Record<string, Text>;

const text = (value: string | null | undefined) => value ?? '';
const list = (values: readonly string[] | undefined) => values?.join('; ') ?? '';
const open = (patient: PatientView, section: 'medicalHistory' | 'insurance') => !patient.restricted.includes(section);

const BASE: readonly PatientExportColumn[] = [
  { key: 'firstName', label: EXPORT_COLUMN_TEXTS.firstName.message, value: (p) => p.firstName },
  { key: 'lastName', label: EXPORT_COLUMN_TEXTS.lastName.message, value: (p) => p.lastName },
  { key: 'email', label: EXPORT_COLUMN_TEXTS.email.message, value: (p) => text(p.email) },
  { key: 'phone', label: EXPORT_COLUMN_TEXTS.phone.message, value: (p) => formatPhone(p.phone) },
  { key: 'dateOfBirth', label: EXPORT_COLUMN_TEXTS.dateOfBirth.message, value: (p) => text(p.dateOfBirth) },
  { key: 'address', label: EXPORT_COLUMN_TEXTS.address.message, value: (p) => text(p.address) },
  { key: 'city', label: EXPORT_COLUMN_TEXTS.city.message, value: (p) => text(p.city) },
  { key: 'province', label: EXPORT_COLUMN_TEXTS.province.message, value: (p) => text(p.province) },
  { key: 'zipCode', label: EXPORT_COLUMN_TEXTS.zipCode.message, value: (p) => text(p.zipCode) },
  {
    key: 'emergencyContact',
    label: EXPORT_COLUMN_TEXTS.emergencyContact.message,
    value: (p) => text(p.emergencyContact),
  },
  {
    key: 'emergencyPhone',
    label: EXPORT_COLUMN_TEXTS.emergencyPhone.message,
    value: (p) => formatPhone(p.emergencyPhone),
  },
  {
    key: 'communicationPreference',
    label: EXPORT_COLUMN_TEXTS.communicationPreference.message,
    value: (p) => p.medicalHistory.communicationPreference,
  },
  { key: 'status', label: EXPORT_COLUMN_TEXTS.status.message, value: (p) => p.status },
];

const MEDICAL: readonly PatientExportColumn[] = [
  {
    key: 'conditions',
    label: EXPORT_COLUMN_TEXTS.conditions.message,
    value: (p) => (open(p, 'medicalHistory') ? list(p.medicalHistory.conditions) : ''),
  },
  {
    key: 'medications',
    label: EXPORT_COLUMN_TEXTS.medications.message,
    value: (p) => (open(p, 'medicalHistory') ? list(p.medicalHistory.medications) : ''),
  },
  {
    key: 'allergies',
    label: EXPORT_COLUMN_TEXTS.allergies.message,
    value: (p) => (open(p, 'medicalHistory') ? list(p.medicalHistory.allergies) : ''),
  },
];

const INSURANCE: readonly PatientExportColumn[] = [
  {
    key: 'insuranceProvider',
    label: EXPORT_COLUMN_TEXTS.insuranceProvider.message,
    value: (p) => (open(p, 'insurance') ? text(p.medicalHistory.insuranceProvider) : ''),
  },
  {
    key: 'insurancePolicyNumber',
    label: EXPORT_COLUMN_TEXTS.insurancePolicyNumber.message,
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
