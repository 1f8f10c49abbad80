import { type SendSurveyBody, sendSurveySchema } from '@dental/domain/communications/survey.schema';
import { type CreateRecallBody, createRecallSchema } from '@dental/domain/patients/recall.schema';
import { parseWith } from '@dental/domain/validation/issues';
import type { StoreKey } from '../crypto/store-key.ts';
import type { StoreHandle } from '../db/handle.ts';
import type { OutboxEntry } from '../db/rows.ts';
import type { LocalRecall, PlainRecord } from '../types.ts';
import { CommandValidationError } from './errors.ts';
import { queueSend, writeThrough } from './write-through.ts';

/** What POST /api/recalls takes; the priority is any text here and checked against the picklist. */
export type RecallRequest = Omit<CreateRecallBody, 'priority' | 'id'> & { id?: string; priority: string };

export interface QueuedRecall {
  recall: LocalRecall;
  entry: OutboxEntry;
}

/**
 * A recall chosen at check-out (spec 7 POST /api/recalls): shown on the patient's page at once and
 * queued, with its own id, so an offline check-out still records it once the device is back online;
 * a refusal takes it off the page again and lists it under Needs attention. Checked here first, so a
 * bad recall fails while the user is still looking at it rather than later under Needs attention.
 */
export async function queueRecall(store: StoreHandle, key: StoreKey, input: RecallRequest): Promise<QueuedRecall> {
  const parsed = parseWith(createRecallSchema, { ...input, id: input.id ?? crypto.randomUUID() });
  if (!parsed.ok) throw new CommandValidationError(parsed.issues);
  const value = parsed.value;
  // The schema gives the id back lowercased, as the server stores it.
  const id = value.id ?? crypto.randomUUID();
  const type = await store.db.recall_types.get(String(value.recallTypeId));
  const stamp = store.clock().toISOString();
  const recall: LocalRecall = {
    id,
    practiceId: store.practiceId,
    patientId: value.patientId,
    recallTypeId: value.recallTypeId,
    recallTypeName: typeof type?.name === 'string' ? type.name : '',
    lastVisitDate: value.lastVisitDate ?? null,
    dueDate: value.dueDate,
    priority: value.priority,
    notes: value.notes ?? null,
    status: 'active',
    createdBy: store.userId,
    createdAt: stamp,
    updatedAt: stamp,
    version: 0,
  };
  // Spec 7 lists status and createdBy in the body; the server sets both itself and ignores them.
  const body = { ...value, id, status: 'active', createdBy: store.userId };
  const entry = await writeThrough(store, key, {
    table: 'recalls',
    op: 'create',
    record: recall as unknown as PlainRecord,
    request: { method: 'POST', endpoint: '/api/recalls', body },
  });
  return { recall, entry };
}

/** The satisfaction survey of a check-out (spec 7 POST /api/surveys/send), queued without a local row. */
export async function queueSurvey(store: StoreHandle, key: StoreKey, input: SendSurveyBody): Promise<OutboxEntry> {
  const parsed = parseWith(sendSurveySchema, input);
  if (!parsed.ok) throw new CommandValidationError(parsed.issues);
  return queueSend(store, key, { target: 'survey_sends', endpoint: '/api/surveys/send', body: parsed.value });
}
