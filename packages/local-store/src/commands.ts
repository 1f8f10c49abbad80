import type { Permission } from '@dental/domain/permissions/catalogue';
import type { SyncedTable } from '@dental/domain/sync/protocol';
import type { FieldIssue } from '@dental/domain/validation/issues';
import type { StoreKey } from './crypto/keys.ts';
import { sealValue } from './crypto/seal.ts';
import { type PlainRecord, toStoredRows } from './records.ts';
import type { OutboxEntry, OutboxMethod, SendOnlyTarget, StoredRow } from './rows.ts';
import type { LocalStore } from './store.ts';

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

/** The input broke a domain rule; nothing was written. Issues are per field, as the server reports them. */
export class CommandValidationError extends Error {
  readonly issues: FieldIssue[];

  constructor(issues: FieldIssue[]) {
    super(issues[0]?.message ?? 'The change is not valid.');
    this.name = 'CommandValidationError';
    this.issues = issues;
  }
}

/**
 * The signed-in user may not make this change: refused on the device exactly as the server would
 * refuse it (403 with requiredPermission), so nothing is queued only to come back as Needs attention.
 */
export class CommandPermissionError extends Error {
  readonly requiredPermission: Permission;

  constructor(requiredPermission: Permission, message: string) {
    super(message);
    this.name = 'CommandPermissionError';
    this.requiredPermission = requiredPermission;
  }
}

/** Seals the body with its own entry id in the additional data, so bodies cannot be swapped between entries. */
export function sealBody(store: LocalStore, key: StoreKey, entryId: string, body: unknown) {
  return sealValue(key, store.practiceId, 'outbox', entryId, body);
}

/**
 * Applies a change locally and queues it for the server, atomically: after a crash or reload
 * either both the row and its outbox entry exist or neither does. Everything is sealed first,
 * because awaiting WebCrypto inside a Dexie transaction would commit it early.
 */
export async function writeThrough(store: LocalStore, key: StoreKey, input: WriteInput): Promise<OutboxEntry> {
  const rowId = input.op === 'delete' ? input.id : String(input.record.id);
  const entryId = crypto.randomUUID();
  const [applied] = input.op === 'delete' ? [null] : await toStoredRows(store, key, input.table, [input.record]);
  const body =
    input.request.method === 'DELETE' || input.request.body === undefined
      ? undefined
      : await sealBody(store, key, entryId, input.request.body);
  const createdAt = store.clock().getTime();
  const entry: OutboxEntry = {
    id: entryId,
    practiceId: store.practiceId,
    type: input.op,
    method: input.request.method,
    endpoint: input.request.endpoint,
    ...(body ? { body } : {}),
    entity: { table: input.table, id: rowId },
    previous: null,
    applied: applied ?? null,
    createdAt,
    attempts: 0,
    nextAttemptAt: createdAt,
    state: 'pending',
  };
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
 * Queues a request that the server records without a row on this device (a check-out's survey).
 * It goes through the outbox like any change, so it is sent once and in order, also after
 * an offline check-out, and a refusal lands under Needs attention; there is nothing to roll back.
 */
export async function queueSend(
  store: LocalStore,
  key: StoreKey,
  input: { target: SendOnlyTarget; endpoint: string; body: unknown },
): Promise<OutboxEntry> {
  const entryId = crypto.randomUUID();
  const createdAt = store.clock().getTime();
  const entry: OutboxEntry = {
    id: entryId,
    practiceId: store.practiceId,
    type: 'create',
    method: 'POST',
    endpoint: input.endpoint,
    body: await sealBody(store, key, entryId, input.body),
    entity: { table: input.target, id: entryId },
    previous: null,
    applied: null,
    createdAt,
    attempts: 0,
    nextAttemptAt: createdAt,
    state: 'pending',
  };
  entry.seq = await store.db.outbox.add(entry);
  return entry;
}
