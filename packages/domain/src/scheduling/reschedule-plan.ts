import * as v from 'valibot';
import { enumMessage, positiveId, uuid } from '../validation/fields.ts';
import { dateField, INVALID_TIME_FORMAT } from './appointment-fields.ts';

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

export const reschedulePlanSchema = v.pipe(
  v.object(
    {
      appointmentId: uuid('appointmentId'),
      action: v.picklist(RESCHEDULE_ACTIONS, enumMessage(RESCHEDULE_ACTIONS, 'action')),
      patientNotified: v.optional(v.boolean('patientNotified must be true or false')),
      priority: v.optional(v.picklist(PLAN_PRIORITIES, enumMessage(PLAN_PRIORITIES, 'priority'))),
      newDate: v.optional(dateField('newDate')),
      newTime: v.optional(
        v.pipe(
          v.string(`${INVALID_TIME_FORMAT}: newTime must be HH:MM (24-hour)`),
          v.regex(CLOCK_TIME, `${INVALID_TIME_FORMAT}: newTime must be HH:MM (24-hour)`),
        ),
      ),
      newProviderId: v.optional(positiveId('newProviderId')),
      newRoomId: v.optional(
        v.pipe(v.string('newRoomId must be a room'), v.trim(), v.nonEmpty('newRoomId must be a room'), v.maxLength(50)),
      ),
      note: v.optional(
        v.pipe(v.string('note must be text'), v.trim(), v.maxLength(500, 'note must be at most 500 characters')),
      ),
    },
    'Each plan must be an object',
  ),
  v.forward(
    v.check((plan) => plan.action !== 'reschedule' || plan.newDate !== undefined, 'A reschedule needs newDate'),
    ['newDate'],
  ),
  v.forward(
    v.check((plan) => plan.action !== 'reschedule' || plan.newTime !== undefined, 'A reschedule needs newTime'),
    ['newTime'],
  ),
  v.forward(
    v.check((plan) => plan.action !== 'reassign' || plan.newProviderId !== undefined, 'A reassign needs newProviderId'),
    ['newProviderId'],
  ),
);

/** The most plans one request may carry: more than a provider's fortnight of bookings. */
export const MAX_PLANS = 500;

export const reschedulePlansSchema = v.pipe(
  v.array(reschedulePlanSchema, 'plans must be a list'),
  v.maxLength(MAX_PLANS, `At most ${MAX_PLANS} plans can be sent at once`),
  v.check(
    (plans) => new Set(plans.map((plan) => plan.appointmentId)).size === plans.length,
    'Each appointment can have only one plan',
  ),
);
