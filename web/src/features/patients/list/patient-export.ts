import { patientExportColumns } from '@dental/domain/patients/export';
import type { PermissionSubject } from '@dental/domain/permissions/can';
import type { LocalPatient } from '@dental/local-store';
import Papa from 'papaparse';

/**
 * The CSV of the given patients with only what this user may see (the shared export columns).
 * escapeFormulae: a name like "=HYPERLINK(...)" must stay text when the file is opened in a spreadsheet.
 */
export function patientsCsv(patients: readonly LocalPatient[], viewer: PermissionSubject): string {
  const columns = patientExportColumns(viewer);
  return Papa.unparse(
    {
      fields: columns.map((column) => column.label),
      data: patients.map((patient) => columns.map((column) => column.value(patient))),
    },
    { escapeFormulae: true },
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
