import * as v from 'valibot';
import { fill, type Text } from '../i18n/text.ts';
import {
  dateField,
  durationSchema,
  optionalDuration,
  patientIdSchema,
  requiredText,
} from '../scheduling/appointment-fields.ts';
import type { AppointmentPriority } from '../scheduling/priority.ts';
import { enumMessage, FIELD_TEXTS, jsonObject, optionalText, positiveId, uuid } from '../validation/fields.ts';

/** When in the day a patient can come; 'any' takes every slot. */
export const PARTS_OF_DAY = ['morning', 'afternoon', 'evening', 'any'] as const;
export type PartOfDay = (typeof PARTS_OF_DAY)[number];

/** waiting → offered (a freed slot was offered) → booked, or removed by staff. */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'booked', 'removed'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** The appointment priorities (scheduling/priority.ts), so an entry ranks like the booking it becomes. */
export const WAITLIST_PRIORITIES = ['high', 'medium', 'low'] as const satisfies readonly AppointmentPriority[];
export type WaitlistPriority = (typeof WAITLIST_PRIORITIES)[number];

/** open until booked, declined, closed (the entry was booked or removed elsewhere) or past its expiry. */
export const OFFER_STATUSES = ['open', 'booked', 'declined', 'closed'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** GET /api/waitlist: a patient waiting for an earlier slot, with what slot would suit them. */
export interface WaitlistEntry {
  id: string;
  patientId: string;
  patientName: string;
  /** Null: any provider. */
  providerId: number | null;
  providerName: string | null;
  /** Days of the week the patient can come, 0 (Sunday) to 6 (Saturday); empty: any day. */
  weekdays: number[];
  partOfDay: PartOfDay;
  procedure: string;
  duration: number;
  notes: string | null;
  priority: WaitlistPriority;
  status: WaitlistStatus;
  createdAt: string;
  createdBy: number;
  updatedAt: string;
}

/** GET /api/waitlist/offers: a freed slot offered to one waiting entry, until it expires. */
export interface WaitlistOffer {
  id: string;
  entryId: string;
  patientId: string;
  patientName: string;
  providerId: number;
  providerName: string;
  treatmentRoom: string;
  /** ISO instant the appointment would start. */
  appointmentDate: string;
  duration: number;
  procedure: string;
  priority: WaitlistPriority;
  status: OfferStatus;
  /** The appointment booked from it, once booked. */
  appointmentId: string | null;
  createdAt: string;
  expiresAt: string;
}

/** The texts the waitlist shows people: the match notification and the refusals of a closed offer. */
export const WAITLIST_TEXTS = {
  matchTitle: /*i18n*/ { id: 'waitlist.match.title', message: 'Waitlist match' },
  matchOne: /*i18n*/ {
    id: 'waitlist.match.one',
    message: '{patient} fits the freed {time} slot on {date} with {provider} in {room}.',
  },
  matchMany: /*i18n*/ {
    id: 'waitlist.match.many',
    message: '{count} waitlist patients fit the freed {time} slot on {date} with {provider} in {room}.',
  },
  offerClosed: /*i18n*/ { id: 'waitlist.offer.closed', message: 'This waitlist offer is no longer open.' },
  weekdays: /*i18n*/ { id: 'validation.weekdays', message: '{field} must be a list of weekdays from 0 to 6' },
} as const satisfies Record<string, Text>;

const MAX_NOTES = 2000;

const WEEKDAYS_MESSAGE = fill(WAITLIST_TEXTS.weekdays, { field: 'weekdays' });
const weekdaysSchema = v.pipe(
  v.array(
    v.pipe(
      v.number(WEEKDAYS_MESSAGE),
      v.integer(WEEKDAYS_MESSAGE),
      v.minValue(0, WEEKDAYS_MESSAGE),
      v.maxValue(6, WEEKDAYS_MESSAGE),
    ),
    WEEKDAYS_MESSAGE,
  ),
  v.maxLength(7, WEEKDAYS_MESSAGE),
  // One order and no repeats, so the stored list compares and displays the same everywhere.
  v.transform((days) => [...new Set(days)].sort((a, b) => a - b)),
);

function picklistField<const T extends readonly string[]>(field: string, values: T) {
  return v.picklist(values, enumMessage(values, field));
}

const providerIdField = v.nullable(positiveId('providerId'));

/** POST /api/waitlist. */
export const createWaitlistEntrySchema = jsonObject({
  patientId: patientIdSchema,
  providerId: v.optional(providerIdField, null),
  weekdays: v.optional(v.nullable(weekdaysSchema), []),
  partOfDay: v.optional(picklistField('partOfDay', PARTS_OF_DAY), 'any'),
  procedure: requiredText('procedure', 200),
  duration: optionalDuration,
  notes: optionalText('notes', MAX_NOTES),
  priority: v.optional(picklistField('priority', WAITLIST_PRIORITIES), 'medium'),
});
export type CreateWaitlistEntryBody = v.InferOutput<typeof createWaitlistEntrySchema>;

/** PATCH /api/waitlist/:id: any of the preferences; status only between waiting and removed (booking books). */
export const patchWaitlistEntrySchema = v.pipe(
  v.custom<Record<string, unknown>>(
    (input) => typeof input === 'object' && input !== null && !Array.isArray(input),
    FIELD_TEXTS.jsonObject.message,
  ),
  v.object({
    providerId: v.optional(providerIdField),
    weekdays: v.optional(v.nullable(weekdaysSchema)),
    partOfDay: v.optional(picklistField('partOfDay', PARTS_OF_DAY)),
    procedure: v.optional(requiredText('procedure', 200)),
    duration: v.optional(durationSchema),
    notes: optionalText('notes', MAX_NOTES),
    priority: v.optional(picklistField('priority', WAITLIST_PRIORITIES)),
    status: v.optional(picklistField('status', ['waiting', 'removed'] as const)),
  }),
);
export type PatchWaitlistEntryBody = v.InferOutput<typeof patchWaitlistEntrySchema>;

export const waitlistIdParamsSchema = v.object({ id: uuid('id') });

/** GET /api/waitlist/offers: open offers, of one practice day when a date is given. */
export const waitlistOffersQuerySchema = v.object({ date: v.optional(dateField('date')) });
