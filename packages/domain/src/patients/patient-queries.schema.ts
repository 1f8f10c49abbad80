import * as v from 'valibot';
import { PATIENTS } from '../constants.ts';
import { fill } from '../i18n/text.ts';
import { boundedInt, enumMessage, FIELD_TEXTS, uuid } from '../validation/fields.ts';

export const PATIENT_LIST_STATUSES = ['active', 'inactive', 'all'] as const;

export const patientListQuerySchema = v.object({
  limit: v.optional(boundedInt('limit', 1, PATIENTS.fetchLimit * 10), PATIENTS.fetchLimit),
  offset: v.optional(boundedInt('offset', 0, 10_000_000), 0),
  status: v.optional(v.picklist(PATIENT_LIST_STATUSES, enumMessage(PATIENT_LIST_STATUSES)), 'active'),
  search: v.optional(
    v.pipe(
      v.string(fill(FIELD_TEXTS.text, { field: 'search' })),
      v.trim(),
      v.maxLength(100, fill(FIELD_TEXTS.tooLong, { field: 'search' })),
    ),
  ),
});

export const patientIdParamsSchema = v.object({ id: uuid('id') });
