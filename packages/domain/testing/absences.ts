import type { absencePreviewSchema, providerAbsenceSchema } from '../src/scheduling/absence.schema.ts';
import { DOCTOR } from './appointments.ts';
import type { BodyInput } from './body.ts';

/** A provider absence request body (POST /api/provider-absences). */
export type ProviderAbsenceInput = BodyInput<typeof providerAbsenceSchema>;
/** The question the absence wizard asks before processing (POST /api/provider-absences/preview). */
export type AbsencePreviewInput = BodyInput<typeof absencePreviewSchema>;

/** A valid one-day vacation of the doctor, with no plans for the bookings in its way; give it the day. */
export function aProviderAbsence(over: Partial<ProviderAbsenceInput> & { startDate: string }): ProviderAbsenceInput {
  return { providerId: DOCTOR.id, endDate: over.startDate, reason: 'vacation', ...over };
}

/** Which of the doctor's bookings a one-day absence would touch; give it the day. */
export function anAbsencePreview(over: Partial<AbsencePreviewInput> & { startDate: string }): AbsencePreviewInput {
  return { providerId: DOCTOR.id, endDate: over.startDate, ...over };
}
