import { Readable } from 'node:stream';
import type { Patient } from '@dental/domain/patients/patient.schema';
import type { Stringifier } from 'csv-stringify';
import { stringify } from 'csv-stringify';

interface ExportColumn {
  key: string;
  header: string;
  value: (patient: Patient) => string | number | null;
}

const list = (entries: readonly string[]) => entries.join('; ');

const BASE_COLUMNS: readonly ExportColumn[] = [
  { key: 'id', header: 'id', value: (p) => p.id },
  { key: 'firstName', header: 'firstName', value: (p) => p.firstName },
  { key: 'lastName', header: 'lastName', value: (p) => p.lastName },
  { key: 'email', header: 'email', value: (p) => p.email },
  { key: 'phone', header: 'phone', value: (p) => p.phone },
  { key: 'dateOfBirth', header: 'dateOfBirth', value: (p) => p.dateOfBirth },
  { key: 'address', header: 'address', value: (p) => p.address },
  { key: 'city', header: 'city', value: (p) => p.city },
  { key: 'province', header: 'province', value: (p) => p.province },
  { key: 'zipCode', header: 'zipCode', value: (p) => p.zipCode },
  { key: 'emergencyContact', header: 'emergencyContact', value: (p) => p.emergencyContact },
  { key: 'emergencyPhone', header: 'emergencyPhone', value: (p) => p.emergencyPhone },
  {
    key: 'communicationPreference',
    header: 'communicationPreference',
    value: (p) => p.medicalHistory.communicationPreference,
  },
  { key: 'preferredProviderId', header: 'preferredProviderId', value: (p) => p.preferredProviderId },
  { key: 'status', header: 'status', value: (p) => p.status },
  { key: 'createdAt', header: 'createdAt', value: (p) => p.createdAt },
  { key: 'updatedAt', header: 'updatedAt', value: (p) => p.updatedAt },
];

const MEDICAL_COLUMNS: readonly ExportColumn[] = [
  { key: 'conditions', header: 'conditions', value: (p) => list(p.medicalHistory.conditions) },
  { key: 'medications', header: 'medications', value: (p) => list(p.medicalHistory.medications) },
  { key: 'allergies', header: 'allergies', value: (p) => list(p.medicalHistory.allergies) },
];

const INSURANCE_COLUMNS: readonly ExportColumn[] = [
  { key: 'insuranceProvider', header: 'insuranceProvider', value: (p) => p.medicalHistory.insuranceProvider },
  {
    key: 'insurancePolicyNumber',
    header: 'insurancePolicyNumber',
    value: (p) => p.medicalHistory.insurancePolicyNumber,
  },
];

export interface ExportVisibility {
  medicalHistory: boolean;
  insurance: boolean;
}

/** The columns the caller may see: a hidden section is left out entirely, not exported empty. */
export function exportColumns(visibility: ExportVisibility): readonly ExportColumn[] {
  return [
    ...BASE_COLUMNS,
    ...(visibility.medicalHistory ? MEDICAL_COLUMNS : []),
    ...(visibility.insurance ? INSURANCE_COLUMNS : []),
  ];
}

/**
 * RFC 4180 CSV (CRLF, quotes doubled) as a stream. Formula-looking cells are escaped because the file
 * is opened in spreadsheets, where a name like "=HYPERLINK(...)" would otherwise run.
 */
export function patientCsv(patients: Iterable<Patient>, visibility: ExportVisibility): Stringifier {
  const columns = exportColumns(visibility);
  const stringifier = stringify({
    header: true,
    columns: columns.map(({ key, header }) => ({ key, header })),
    record_delimiter: 'windows',
    escape_formulas: true,
  });
  function* records() {
    for (const patient of patients) {
      yield Object.fromEntries(columns.map((column) => [column.key, column.value(patient) ?? '']));
    }
  }
  // Piped, so a slow client holds back the writer rather than the whole file piling up in memory.
  return Readable.from(records()).pipe(stringifier);
}
