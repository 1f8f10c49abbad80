import { type SendSurveyBody, sendSurveySchema } from '@dental/domain/communications/survey.schema';
import { type CreateRecallBody, createRecallSchema } from '@dental/domain/patients/recall.schema';
import { parseWith } from '@dental/domain/validation/issues';
import { CommandValidationError, queueSend } from './commands.ts';
import type { StoreKey } from './crypto/keys.ts';
import type { OutboxEntry } from './rows.ts';
import type { LocalStore } from './store.ts';

/** What POST /api/recalls takes; the priority is any text here and checked against the picklist. */
export type RecallRequest = Omit<CreateRecallBody, 'priority'> & { priority: string };

/**
 * A recall chosen at check-out (spec 7 POST /api/recalls), queued so an offline check-out still
 * records it once the device is back online. Checked here first, so a bad recall fails while the
 * user is still looking at it rather than later under Needs attention.
 */
export async function queueRecall(store: LocalStore, key: StoreKey, input: RecallRequest): Promise<OutboxEntry> {
  const parsed = parseWith(createRecallSchema, input);
  if (!parsed.ok) throw new CommandValidationError(parsed.issues);
  // Spec 7 lists status and createdBy in the body; the server sets both itself and ignores them.
  const body = { ...parsed.value, status: 'active', createdBy: store.userId };
  return queueSend(store, key, { target: 'recalls', endpoint: '/api/recalls', body });
}

/** The satisfaction survey of a check-out (spec 7 POST /api/surveys/send), queued like a recall. */
export async function queueSurvey(store: LocalStore, key: StoreKey, input: SendSurveyBody): Promise<OutboxEntry> {
  const parsed = parseWith(sendSurveySchema, input);
  if (!parsed.ok) throw new CommandValidationError(parsed.issues);
  return queueSend(store, key, { target: 'survey_sends', endpoint: '/api/surveys/send', body: parsed.value });
}
