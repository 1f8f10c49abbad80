import { sendMultipleFormsSchema } from '@dental/domain/patients/forms';
import { parseWith } from '@dental/domain/validation/issues';
import type { StoreKey } from '../crypto/store-key.ts';
import type { StoreHandle } from '../db/handle.ts';
import type { OutboxEntry } from '../db/rows.ts';
import { CommandValidationError } from './errors.ts';
import { queueSend } from './write-through.ts';

/** The forms to send to one patient, by template id. */
export interface FormSendRequest {
  patientId: string;
  templateIds: number[];
}

/**
 * Sends forms to a patient (spec 7 POST /api/forms/send-multiple), queued without a local row: the
 * server records each send and the next pull brings them to the patient's page. Queued behind a new
 * patient's own create, so it goes out, in order, once the server knows the patient.
 */
export async function queueFormSend(store: StoreHandle, key: StoreKey, input: FormSendRequest): Promise<OutboxEntry> {
  const parsed = parseWith(sendMultipleFormsSchema, input);
  if (!parsed.ok) throw new CommandValidationError(parsed.issues);
  return queueSend(store, key, { target: 'form_requests', endpoint: '/api/forms/send-multiple', body: parsed.value });
}
