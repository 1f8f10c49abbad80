import type { SyncedTable } from '@dental/domain/sync/protocol';
import type { StoreKey } from '../crypto/store-key.ts';
import type { StoreHandle } from '../db/handle.ts';
import type { OutboxEntry, OutboxMethod, SendOnlyTarget, StoredRow } from '../db/rows.ts';
import { newOutboxEntry } from '../outbox/entry.ts';
import { toStoredRows } from '../records/records.ts';
import type { PlainRecord } from '../types.ts';

export interface WriteRequest {
  method: OutboxMethod;
  /** Path on the API, such as '/api/patients' or '/api/appointments/{id}'. */
  endpoint: string;
  /** Sent as JSON; never sent for DELETE. */
  body?: unknown;
}

/**
 * One local change and the request that tells the server. `record` is the whole record after the
 * change, in the server's JSON shape: the store decides what is sealed (every field not on the
 * table's clear allow-list), so no caller can leave patient data in clear by forgetting a field.
 */
export type WriteInput =
  | { table: SyncedTable; op: 'create' | 'update'; record: PlainRecord; request: WriteRequest }
  | { table: SyncedTable; op: 'delete'; id: string; request: WriteRequest };

/**
 * Applies a change locally and queues it for the server, atomically: after a crash or reload
 * either both the row and its outbox entry exist or neither does. Everything is sealed first,
 * because awaiting WebCrypto inside a Dexie transaction would commit it early.
 */
export async function writeThrough(store: StoreHandle, key: StoreKey, input: WriteInput): Promise<OutboxEntry> {
  const rowId = input.op === 'delete' ? input.id : String(input.record.id);
  const [applied] = input.op === 'delete' ? [null] : await toStoredRows(store, key, input.table, [input.record]);
  const entry = await newOutboxEntry(store, key, {
    type: input.op,
    method: input.request.method,
    endpoint: input.request.endpoint,
    body: input.request.method === 'DELETE' ? undefined : input.request.body,
    entity: { table: input.table, id: rowId },
    applied: applied ?? null,
  });
  const { db } = store;
  const table = db.table(input.table);
  await db.transaction('rw', [table, db.outbox], async () => {
    entry.previous = ((await table.get(rowId)) as StoredRow | undefined) ?? null;
    if (entry.applied) await table.put(entry.applied);
    else await table.delete(rowId);
    entry.seq = await db.outbox.add(entry);
  });
  return entry;
}

/**
 * Queues a request that the server records without a row on this device (a check-out's survey, a
 * new patient's forms). It goes through the outbox like any change, so it is sent once and in
 * order, also after an offline check-out, and a refusal lands under Needs attention; there is
 * nothing to roll back.
 */
export async function queueSend(
  store: StoreHandle,
  key: StoreKey,
  input: { target: SendOnlyTarget; endpoint: string; body: unknown },
): Promise<OutboxEntry> {
  const entry = await newOutboxEntry(store, key, {
    type: 'create',
    method: 'POST',
    endpoint: input.endpoint,
    body: input.body,
    entity: { table: input.target },
    applied: null,
  });
  entry.seq = await store.db.outbox.add(entry);
  return entry;
}
