import { sealValue } from '../crypto/seal.ts';
import type { StoreKey } from '../crypto/store-key.ts';
import type { StoreHandle } from '../db/handle.ts';
import type { OutboxEntry, OutboxMethod, OutboxTarget, OutboxType, StoredRow } from '../db/rows.ts';

/** What an entry asks of the server and what it wrote on this device. */
export interface EntrySpec {
  type: OutboxType;
  method: OutboxMethod;
  endpoint: string;
  /** The JSON body; sealed with the entry's own id, as it holds patient data. */
  body?: unknown;
  /** The row it changes. A send-only entry has no row and is filed under its own id. */
  entity: { table: OutboxTarget; id?: string };
  /** The optimistic row written with it (null for a delete or a send-only request). */
  applied: StoredRow | null;
  /** When the user made the change: a retry keeps the original's, so the panel still says when. */
  createdAt?: number;
}

/**
 * The one place an outbox entry is made, for a change, a send-only request and a retry alike. Its
 * id is new, so it is also a new Idempotency-Key; the body is sealed with that id in the additional
 * data, so bodies cannot be swapped between entries. Call before opening a Dexie transaction.
 */
export async function newOutboxEntry(store: StoreHandle, key: StoreKey, spec: EntrySpec): Promise<OutboxEntry> {
  const id = crypto.randomUUID();
  const body = spec.body === undefined ? undefined : await sealValue(key, store.practiceId, 'outbox', id, spec.body);
  const now = store.clock().getTime();
  return {
    id,
    practiceId: store.practiceId,
    type: spec.type,
    method: spec.method,
    endpoint: spec.endpoint,
    ...(body ? { body } : {}),
    entity: { table: spec.entity.table, id: spec.entity.id ?? id },
    previous: null,
    applied: spec.applied,
    createdAt: spec.createdAt ?? now,
    attempts: 0,
    nextAttemptAt: now,
    state: 'pending',
  };
}
