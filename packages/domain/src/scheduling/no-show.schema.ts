import * as v from 'valibot';
import { fill } from '../i18n/text.ts';
import { FIELD_TEXTS, jsonObject, uuid } from '../validation/fields.ts';

/** POST /api/no-show-prediction/record-no-show (spec 7). */
export const recordNoShowSchema = jsonObject({
  appointmentId: uuid('appointmentId'),
  patientId: uuid('patientId'),
  actualNoShow: v.optional(v.boolean(fill(FIELD_TEXTS.boolean, { field: 'actualNoShow' })), true),
});
export type RecordNoShowBody = v.InferOutput<typeof recordNoShowSchema>;

export const noShowPatientParamsSchema = v.object({ patientId: uuid('patientId') });
