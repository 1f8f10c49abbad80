import * as v from 'valibot';
import { fill, type Text } from '../i18n/text.ts';
import { enumMessage, FIELD_TEXTS, positiveId, uuid } from '../validation/fields.ts';
import { clockTimeMessage, dateField } from './appointment-fields.ts';

/** What happens to one appointment in the way of an absence or a maintenance window (spec 3). */
export const RESCHEDULE_ACTIONS = ['reschedule', 'reassign', 'cancel'] as const;
export type RescheduleAction = (typeof RESCHEDULE_ACTIONS)[number];

export const PLAN_PRIORITIES = ['high', 'medium', 'low'] as const;
export type PlanPriority = (typeof PLAN_PRIORITIES)[number];

/** Spec 4: an affected appointment is rescheduled unless the user picks otherwise. */
export const DEFAULT_RESCHEDULE_ACTION: RescheduleAction = 'reschedule';

export interface ReschedulePlan {
  appointmentId: string;
  action: RescheduleAction;
  patientNotified?: boolean;
  priority?: PlanPriority;
  /** YYYY-MM-DD on the practice's clock. */
  newDate?: string;
  /** HH:MM on the practice's clock. */
  newTime?: string;
  newProviderId?: number;
  /** A room code such as 'Room 3'. */
  newRoomId?: string;
  note?: string;
}

export type SmartSuggestionType = 'reassign' | 'reschedule' | 'room-change';

/** One ready-made plan for an affected appointment; applying it copies its new* fields into the plan. */
export interface SmartSuggestion {
  type: SmartSuggestionType;
  text: string;
  /** 0 to 1. */
  confidence: number;
  reasoning: string;
  newDate: string;
  newTime: string;
  newProviderId: number;
  newRoomId: string;
}

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The refusals of a list of plans. */
export const RESCHEDULE_PLAN_TEXTS = {
  planObject: /*i18n*/ { id: 'plans.planObject', message: 'Each plan must be an object' },
  needsNewDate: /*i18n*/ { id: 'plans.needsNewDate', message: 'A reschedule needs newDate' },
  needsNewTime: /*i18n*/ { id: 'plans.needsNewTime', message: 'A reschedule needs newTime' },
  needsNewProvider: /*i18n*/ { id: 'plans.needsNewProvider', message: 'A reassign needs newProviderId' },
  tooMany: /*i18n*/ { id: 'plans.tooMany', message: 'At most {max} plans can be sent at once' },
  onePlanEach: /*i18n*/ { id: 'plans.onePlanEach', message: 'Each appointment can have only one plan' },
} as const satisfies Record<string, Text>;

export const reschedulePlanSchema = v.pipe(
  v.object(
    {
      appointmentId: uuid('appointmentId'),
      action: v.picklist(RESCHEDULE_ACTIONS, enumMessage(RESCHEDULE_ACTIONS, 'action')),
      patientNotified: v.optional(v.boolean(fill(FIELD_TEXTS.boolean, { field: 'patientNotified' }))),
      priority: v.optional(v.picklist(PLAN_PRIORITIES, enumMessage(PLAN_PRIORITIES, 'priority'))),
      newDate: v.optional(dateField('newDate')),
      newTime: v.optional(
        v.pipe(v.string(clockTimeMessage('newTime')), v.regex(CLOCK_TIME, clockTimeMessage('newTime'))),
      ),
      newProviderId: v.optional(positiveId('newProviderId')),
      newRoomId: v.optional(
        v.pipe(
          v.string(fill(FIELD_TEXTS.room, { field: 'newRoomId' })),
          v.trim(),
          v.nonEmpty(fill(FIELD_TEXTS.room, { field: 'newRoomId' })),
          v.maxLength(50),
        ),
      ),
      note: v.optional(
        v.pipe(
          v.string(fill(FIELD_TEXTS.text, { field: 'note' })),
          v.trim(),
          v.maxLength(500, fill(FIELD_TEXTS.maxLength, { field: 'note', max: 500 })),
        ),
      ),
    },
    RESCHEDULE_PLAN_TEXTS.planObject.message,
  ),
  v.forward(
    v.check(
      (plan) => plan.action !== 'reschedule' || plan.newDate !== undefined,
      RESCHEDULE_PLAN_TEXTS.needsNewDate.message,
    ),
    ['newDate'],
  ),
  v.forward(
    v.check(
      (plan) => plan.action !== 'reschedule' || plan.newTime !== undefined,
      RESCHEDULE_PLAN_TEXTS.needsNewTime.message,
    ),
    ['newTime'],
  ),
  v.forward(
    v.check(
      (plan) => plan.action !== 'reassign' || plan.newProviderId !== undefined,
      RESCHEDULE_PLAN_TEXTS.needsNewProvider.message,
    ),
    ['newProviderId'],
  ),
);

/** The most plans one request may carry: more than a provider's fortnight of bookings. */
export const MAX_PLANS = 500;

export const reschedulePlansSchema = v.pipe(
  v.array(reschedulePlanSchema, fill(FIELD_TEXTS.list, { field: 'plans' })),
  v.maxLength(MAX_PLANS, fill(RESCHEDULE_PLAN_TEXTS.tooMany, { max: MAX_PLANS })),
  v.check(
    (plans) => new Set(plans.map((plan) => plan.appointmentId)).size === plans.length,
    RESCHEDULE_PLAN_TEXTS.onePlanEach.message,
  ),
);
