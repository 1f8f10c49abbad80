import * as v from 'valibot';
import { fill } from '../i18n/text.ts';
import { DEFAULT_RECALL_PRIORITY, RECALL_PRIORITIES } from '../patients/recall.schema.ts';
import { requiredText } from '../scheduling/appointment-fields.ts';
import { boundedInt, FIELD_TEXTS, jsonObject, optionalText } from '../validation/fields.ts';
import { RECALL_TEXTS } from './texts.ts';

const priority = v.picklist(
  RECALL_PRIORITIES,
  fill(FIELD_TEXTS.oneOf, { field: 'defaultPriority', values: RECALL_PRIORITIES.join(', ') }),
);

const fields = {
  name: requiredText('name', 60),
  intervalMonths: boundedInt('intervalMonths', 0, 60),
  intervalWeeks: boundedInt('intervalWeeks', 0, 104),
  defaultPriority: priority,
  /** What the booking form is prefilled with when a recall of this type is booked; the name when empty. */
  procedure: optionalText('procedure', 100),
};

/** An interval of nothing would make every recall of the type due at once. */
export function hasInterval(type: { intervalMonths: number; intervalWeeks: number }): boolean {
  return type.intervalMonths > 0 || type.intervalWeeks > 0;
}

/** POST /api/recall-types */
export const createRecallTypeSchema = v.pipe(
  jsonObject({
    ...fields,
    intervalMonths: v.optional(fields.intervalMonths, 0),
    intervalWeeks: v.optional(fields.intervalWeeks, 0),
    defaultPriority: v.optional(priority, DEFAULT_RECALL_PRIORITY),
  }),
  v.forward(
    v.partialCheck([['intervalMonths'], ['intervalWeeks']], hasInterval, RECALL_TEXTS.intervalRequired.message),
    ['intervalMonths'],
  ),
);
export type CreateRecallTypeBody = v.InferOutput<typeof createRecallTypeSchema>;

/** PATCH /api/recall-types/:id: only what is sent changes. */
export const editRecallTypeSchema = jsonObject({
  name: v.optional(fields.name),
  intervalMonths: v.optional(fields.intervalMonths),
  intervalWeeks: v.optional(fields.intervalWeeks),
  defaultPriority: v.optional(priority),
  procedure: fields.procedure,
});
export type EditRecallTypeBody = v.InferOutput<typeof editRecallTypeSchema>;
