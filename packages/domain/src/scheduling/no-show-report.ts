import * as v from 'valibot';
import type { Text } from '../i18n/text.ts';
import { dateField } from './appointment-fields.ts';

export const NO_SHOW_REPORT_TEXTS = {
  toBeforeFrom: /*i18n*/ { id: 'noShowReport.toBeforeFrom', message: 'to must not be before from' },
} as const satisfies Record<string, Text>;

/** Practice days (YYYY-MM-DD on the practice's clock), both included. */
export const noShowReportQuerySchema = v.pipe(
  v.object({ from: dateField('from'), to: dateField('to') }),
  v.forward(
    v.check((query) => query.to >= query.from, NO_SHOW_REPORT_TEXTS.toBeforeFrom.message),
    ['to'],
  ),
);
export type NoShowReportQuery = v.InferOutput<typeof noShowReportQuerySchema>;

/** Appointments with a known outcome (kept or missed) and the missed ones among them. */
export interface NoShowTally {
  total: number;
  noShows: number;
  /** noShows over total, a fraction rounded to four places. */
  rate: number;
}

export interface RepeatNoShowPatient {
  patientId: string;
  name: string;
  noShows: number;
  /** Start of the latest missed appointment in the range, ISO-8601 UTC. */
  lastNoShow: string;
}

/** GET /api/reports/no-shows. Weekday (0 = Sunday) and hour are on the practice's clock. */
export interface NoShowReport extends NoShowTally {
  from: string;
  to: string;
  timeZone: string;
  byWeekday: (NoShowTally & { weekday: number })[];
  byHour: (NoShowTally & { hour: number })[];
  byProcedure: (NoShowTally & { procedure: string })[];
  byProvider: (NoShowTally & { providerId: number; name: string })[];
  repeatPatients: RepeatNoShowPatient[];
}
