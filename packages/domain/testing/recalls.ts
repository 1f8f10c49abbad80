import type { createRecallSchema } from '../src/patients/recall.schema.ts';
import type { BodyInput } from './body.ts';

/** A recall request body as check-out sends it (POST /api/recalls). */
export type NewRecallInput = BodyInput<typeof createRecallSchema>;

/** The demo's first recall type of practice 1 (a cleaning every six months). */
export const CLEANING_RECALL_TYPE = 1;

/** A valid recall of a patient for a cleaning; give it the patient. */
export function aRecall(over: Partial<NewRecallInput> & Pick<NewRecallInput, 'patientId'>): NewRecallInput {
  return { recallTypeId: CLEANING_RECALL_TYPE, dueDate: '2027-05-23', ...over };
}
