import { Readable } from 'node:stream';
import { patientExportColumns } from '@dental/domain/patients/export';
import type { Patient } from '@dental/domain/patients/patient.schema';
import { patientViewFor } from '@dental/domain/patients/visibility';
import type { PermissionSubject } from '@dental/domain/permissions/can';
import type { Stringifier } from 'csv-stringify';
import { stringify } from 'csv-stringify';

/**
 * RFC 4180 CSV (CRLF, quotes doubled) as a stream. Formula-looking cells are escaped because the file
 * is opened in spreadsheets, where a name like "=HYPERLINK(...)" would otherwise run.
 */
export function patientCsv(patients: Iterable<Patient>, viewer: PermissionSubject): Stringifier {
  const columns = patientExportColumns(viewer);
  const stringifier = stringify({
    header: true,
    columns: columns.map(({ key }) => ({ key, header: key })),
    record_delimiter: 'windows',
    escape_formulas: true,
  });
  function* records() {
    for (const patient of patients) {
      const view = patientViewFor(patient, viewer);
      yield Object.fromEntries(columns.map((column) => [column.key, column.value(view)]));
    }
  }
  // Piped, so a slow client holds back the writer rather than the whole file piling up in memory.
  return Readable.from(records()).pipe(stringifier);
}
