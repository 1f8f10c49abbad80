import * as v from 'valibot';
import { fill } from '../i18n/text.ts';
import { COMMUNICATION_PREFERENCES, type CommunicationPreference } from '../patients/patient.schema.ts';
import type { Recall } from '../patients/recall.schema.ts';
import { dateField } from '../scheduling/appointment-fields.ts';
import { enumMessage, FIELD_TEXTS, jsonObject, optionalText, positiveId, uuid } from '../validation/fields.ts';
import type { RankReason } from './smart-rank.ts';

export const RECALL_WORKLIST = {
  /** The plain worklist shows what is overdue and what falls due within this many days. */
  dueWindowDays: 30,
  /** Reminders sent in one request at most. */
  maxReminderBatch: 500,
} as const;

export const RECALL_DUE_STATUSES = ['due', 'overdue'] as const;
export type RecallDueStatus = (typeof RECALL_DUE_STATUSES)[number];

const FLAG_VALUES = ['1', '0', 'true', 'false'] as const;

/** GET /api/recalls/worklist: every filter optional; `smart=1` ranks the rows and gives the reasons. */
export const worklistQuerySchema = v.object({
  recallTypeId: v.optional(positiveId('recallTypeId')),
  dueFrom: v.optional(dateField('dueFrom')),
  dueTo: v.optional(dateField('dueTo')),
  /** The patient's usual provider, else the provider of their last visit. */
  providerId: v.optional(positiveId('providerId')),
  contactPreference: v.optional(
    v.picklist(COMMUNICATION_PREFERENCES, enumMessage(COMMUNICATION_PREFERENCES, 'contactPreference')),
  ),
  status: v.optional(v.picklist(RECALL_DUE_STATUSES, enumMessage(RECALL_DUE_STATUSES, 'status'))),
  smart: v.optional(
    v.pipe(
      v.picklist(FLAG_VALUES, enumMessage(FLAG_VALUES, 'smart')),
      v.transform((value) => value === '1' || value === 'true'),
    ),
  ),
});
export type WorklistQuery = v.InferOutput<typeof worklistQuerySchema>;

export const CONTACT_OUTCOMES = ['called', 'left_message', 'booked', 'declined'] as const;
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[number];

/** POST /api/recalls/:id/contacts */
export const recallContactSchema = jsonObject({
  outcome: v.picklist(CONTACT_OUTCOMES, enumMessage(CONTACT_OUTCOMES, 'outcome')),
  note: optionalText('note', 1000),
});
export type RecallContactBody = v.InferOutput<typeof recallContactSchema>;

export const recallIdParamsSchema = v.object({ id: uuid('id') });

/** POST /api/recalls/reminders */
export const recallRemindersSchema = jsonObject({
  recallIds: v.pipe(
    v.array(uuid('recallIds'), fill(FIELD_TEXTS.list, { field: 'recallIds' })),
    v.minLength(1, fill(FIELD_TEXTS.required, { field: 'recallIds' })),
    v.maxLength(RECALL_WORKLIST.maxReminderBatch, fill(FIELD_TEXTS.tooManyEntries, { field: 'recallIds' })),
  ),
});
export type RecallRemindersBody = v.InferOutput<typeof recallRemindersSchema>;

export interface RecallContact {
  id: string;
  recallId: string;
  outcome: ContactOutcome;
  note: string | null;
  userId: number;
  userName: string;
  at: string;
}

/** Why a reminder was not queued for a patient. */
export type ReminderSkip = 'booked' | 'no-address';

export interface RemindersResult {
  queued: number;
  skipped: number;
  skippedPatients: { patientId: string; reason: ReminderSkip }[];
}

export interface WorklistRow {
  recall: Recall;
  patient: {
    id: string;
    firstName: string;
    lastName: string;
    phone: string;
    email: string | null;
    contactPreference: CommunicationPreference;
  };
  provider: { id: number; name: string } | null;
  dueDate: string;
  /** Days past the due date; 0 when it is due today or later. */
  overdueDays: number;
  /** The last completed visit (practice date), or the recall's own last visit date. */
  lastVisit: string | null;
  lastContact: RecallContact | null;
  /** The patient has an appointment to come. */
  booked: boolean;
  /** Only with smart=1. */
  rank?: { score: number; reasons: RankReason[] };
}
