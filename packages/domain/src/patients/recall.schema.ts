import * as v from 'valibot';
import { fill, type Text } from '../i18n/text.ts';
import { dateField } from '../scheduling/appointment-fields.ts';
import { FIELD_TEXTS, jsonObject, optionalText, positiveId, uuid } from '../validation/fields.ts';

export const RECALL_PRIORITIES = ['low', 'normal', 'medium', 'high', 'urgent'] as const;
export type RecallPriority = (typeof RECALL_PRIORITIES)[number];

/** Each recall priority as people read it; English shows the stored word. */
export const RECALL_PRIORITY_TEXTS = {
  low: /*i18n*/ { id: 'recallPriority.low', message: 'low' },
  normal: /*i18n*/ { id: 'recallPriority.normal', message: 'normal' },
  medium: /*i18n*/ { id: 'recallPriority.medium', message: 'medium' },
  high: /*i18n*/ { id: 'recallPriority.high', message: 'high' },
  urgent: /*i18n*/ { id: 'recallPriority.urgent', message: 'urgent' },
} as const satisfies Record<RecallPriority, Text>;
/** Spec 9: a recall without a priority is 'normal'. */
export const DEFAULT_RECALL_PRIORITY = 'normal';

export interface Recall {
  id: string;
  patientId: string;
  recallTypeId: number;
  recallTypeName: string;
  lastVisitDate: string | null;
  dueDate: string;
  priority: string;
  notes: string | null;
  status: string;
  createdBy: number | null;
  createdAt: string;
}

export interface RecallType {
  id: number;
  name: string;
  intervalMonths: number;
  intervalWeeks: number;
  defaultPriority: string;
  /** What the booking form is prefilled with when a recall of this type is booked. */
  procedure: string;
}

/** POST /api/recalls (spec 7): what check-out sends for each chosen recall. */
export const createRecallSchema = jsonObject({
  /** A client-generated id, so a recall set at an offline check-out keeps its id after sync. */
  id: v.optional(uuid('id')),
  patientId: uuid('patientId'),
  recallTypeId: positiveId('recallTypeId'),
  lastVisitDate: v.optional(v.nullable(dateField('lastVisitDate'))),
  dueDate: dateField('dueDate'),
  priority: v.optional(
    v.picklist(RECALL_PRIORITIES, fill(FIELD_TEXTS.oneOf, { field: 'priority', values: RECALL_PRIORITIES.join(', ') })),
    DEFAULT_RECALL_PRIORITY,
  ),
  notes: optionalText('notes', 2000),
});
export type CreateRecallBody = v.InferOutput<typeof createRecallSchema>;

export const recallListQuerySchema = v.object({ patientId: uuid('patientId') });
