import { formatPhone } from '@dental/domain/patients/phone';
import type { PermissionSubject } from '@dental/domain/permissions/can';
import { can } from '@dental/domain/permissions/can';
import type { LocalPatient } from '@dental/local-store/records';
import Papa from 'papaparse';

type Row = Record<string, string>;

export const EXPORT_BASE_COLUMNS = [
  'First Name',
  'Last Name',
  'Email',
  'Phone',
  'Date of Birth',
  'Address',
  'City',
  'Province',
  'Postal Code',
  'Emergency Contact',
  'Emergency Phone',
  'Communication Preference',
  'Status',
] as const;
const MEDICAL_COLUMNS = ['Conditions', 'Medications', 'Allergies'] as const;
const INSURANCE_COLUMNS = ['Insurance Provider', 'Insurance Policy Number'] as const;

function list(values: readonly string[] | undefined): string {
  return values?.join('; ') ?? '';
}

/**
 * The CSV of the given patients with only what this user may see: a section is written only when the
 * user holds its permission and the record itself was not delivered with the section withheld.
 */
export function patientsCsv(patients: readonly LocalPatient[], viewer: PermissionSubject): string {
  const medical = can(viewer, 'patients.medical_history');
  const insurance = can(viewer, 'patients.insurance');
  const columns: string[] = [
    ...EXPORT_BASE_COLUMNS,
    ...(medical ? MEDICAL_COLUMNS : []),
    ...(insurance ? INSURANCE_COLUMNS : []),
  ];
  const rows = patients.map((patient): Row => {
    const history = patient.medicalHistory;
    const row: Row = {
      'First Name': patient.firstName,
      'Last Name': patient.lastName,
      Email: patient.email ?? '',
      Phone: formatPhone(patient.phone),
      'Date of Birth': patient.dateOfBirth ?? '',
      Address: patient.address ?? '',
      City: patient.city ?? '',
      Province: patient.province ?? '',
      'Postal Code': patient.zipCode ?? '',
      'Emergency Contact': patient.emergencyContact ?? '',
      'Emergency Phone': formatPhone(patient.emergencyPhone),
      'Communication Preference': history.communicationPreference,
      Status: patient.status,
    };
    if (medical) {
      const open = !patient.restricted.includes('medicalHistory');
      row.Conditions = open ? list(history.conditions) : '';
      row.Medications = open ? list(history.medications) : '';
      row.Allergies = open ? list(history.allergies) : '';
    }
    if (insurance) {
      const open = !patient.restricted.includes('insurance');
      row['Insurance Provider'] = open ? (history.insuranceProvider ?? '') : '';
      row['Insurance Policy Number'] = open ? (history.insurancePolicyNumber ?? '') : '';
    }
    return row;
  });
  // escapeFormulae: a name like "=HYPERLINK(...)" must stay text when the file is opened in a spreadsheet.
  return Papa.unparse(
    { fields: columns, data: rows.map((row) => columns.map((column) => row[column] ?? '')) },
    {
      escapeFormulae: true,
    },
  );
}

/** Built and saved in the browser from the device's records, so it works offline too. */
export function downloadCsv(csv: string, fileName: string): void {
  // The byte-order mark makes spreadsheet apps read accented names as UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
