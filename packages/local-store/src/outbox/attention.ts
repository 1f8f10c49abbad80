import { DECRYPT_FAILED, openRecords, openValue } from '../crypto/seal.ts';
import type { StoreKey } from '../crypto/store-key.ts';
import type { StoreHandle } from '../db/handle.ts';
import { isSendOnlyTarget, type OutboxEntry, type OutboxFailure, type StoredRow } from '../db/rows.ts';
import { fromStoredRows, mergeBody, toStoredRows } from '../records/records.ts';
import { describeEntry, friendlyConflictMessage } from './describe.ts';
import { newOutboxEntry } from './entry.ts';
import { localTableOf, removeEntry } from './queue.ts';

/** A change the server refused, ready for the attention panel. */
export interface AttentionItem {
  entry: OutboxEntry;
  failure: OutboxFailure;
  /** What was attempted, such as 'Book appointment 2026-11-23 09:00 Room 3'. */
  description: string;
  /** What to tell the user: spec 8's conflict wording for a clash, else the server's message. */
  reason: string;
  /** The request body as sent, for an "edit and retry" form; undefined if there was none or it cannot be opened. */
  body: unknown;
}

async function openBodies(store: StoreHandle, key: StoreKey, entries: readonly OutboxEntry[]) {
  const sealed = entries.flatMap((entry) => (entry.body ? [{ id: entry.id, sealed: entry.body }] : []));
  const opened = await openRecords<unknown>(key, store.practiceId, 'outbox', sealed);
  return new Map(opened.map((result) => [result.id, result]));
}

/** Refused changes, oldest first, decrypted in one batch. */
export async function listAttention(store: StoreHandle, key: StoreKey): Promise<AttentionItem[]> {
  const entries = await store.db.outbox.where('state').equals('attention').toArray();
  const bodies = await openBodies(store, key, entries);
  const failures = await openRecords<Omit<OutboxFailure, 'status'>>(
    key,
    store.practiceId,
    'outbox-failure',
    entries.flatMap((entry) => (entry.failure ? [{ id: entry.id, sealed: entry.failure.sealed }] : [])),
  );
  const failureById = new Map(failures.map((result) => [result.id, result]));
  return entries.map((entry) => {
    const opened = failureById.get(entry.id);
    const failure: OutboxFailure = {
      status: entry.failure?.status ?? 0,
      message: opened?.ok ? opened.plain.message : DECRYPT_FAILED,
      body: opened?.ok ? opened.plain.body : null,
    };
    const body = bodies.get(entry.id);
    return {
      entry,
      failure,
      body: body?.ok ? body.plain : undefined,
      description: describeEntry(store, entry, body),
      reason: friendlyConflictMessage(failure, entry.entity.table) ?? failure.message,
    };
  });
}

/** Human text of what an entry attempts, for the attention panel and the "stuck" banner. */
export async function describe(store: StoreHandle, key: StoreKey, entry: OutboxEntry): Promise<string> {
  const opened = entry.body
    ? await openValue<unknown>(key, store.practiceId, 'outbox', entry.id, entry.body)
    : undefined;
  return describeEntry(store, entry, opened);
}

async function findEntry(store: StoreHandle, id: string): Promise<OutboxEntry | undefined> {
  return store.db.outbox.where('id').equals(id).first();
}

/** The user gave up this change, explicitly: the only way besides acknowledgement that an entry leaves. */
export async function discard(store: StoreHandle, id: string): Promise<boolean> {
  const entry = await findEntry(store, id);
  if (!entry) return false;
  await removeEntry(store.db, entry);
  return true;
}

async function reappliedRow(store: StoreHandle, key: StoreKey, entry: OutboxEntry, body: unknown) {
  const { table } = entry.entity;
  if (!entry.applied || isSendOnlyTarget(table)) return null;
  const [record] = await fromStoredRows(store, key, table, [entry.applied]);
  if (!record || record.decryptionError) return entry.applied;
  const [row] = await toStoredRows(store, key, table, [mergeBody(record, body)]);
  return row ?? entry.applied;
}

/**
 * Sends a refused change again, at the end of the queue, optionally edited. It gets a new
 * Idempotency-Key: the server remembers its answer to the old one, and that answer was a refusal.
 */
export async function retry(
  store: StoreHandle,
  key: StoreKey,
  id: string,
  changedBody?: unknown,
): Promise<OutboxEntry | null> {
  const entry = await findEntry(store, id);
  if (entry?.state !== 'attention') return null;
  let body = changedBody;
  if (body === undefined && entry.body) {
    const opened = await openValue<unknown>(key, store.practiceId, 'outbox', entry.id, entry.body);
    if (!opened.ok) throw new Error(DECRYPT_FAILED);
    body = opened.plain;
  }
  const applied = await reappliedRow(store, key, entry, changedBody);
  const next = await newOutboxEntry(store, key, {
    type: entry.type,
    method: entry.method,
    endpoint: entry.endpoint,
    body,
    entity: entry.entity,
    applied,
    createdAt: entry.createdAt,
  });
  const { db } = store;
  const table = localTableOf(db, entry);
  await db.transaction('rw', [db.outbox, ...(table ? [table] : [])], async () => {
    if (entry.seq === undefined || !(await db.outbox.get(entry.seq))) return;
    if (table) {
      next.previous = ((await table.get(entry.entity.id)) as StoredRow | undefined) ?? null;
      if (applied) await table.put(applied);
      else await table.delete(entry.entity.id);
    }
    await db.outbox.delete(entry.seq);
    next.seq = await db.outbox.add(next);
  });
  return next.seq === undefined ? null : next;
}

/** Spec 2.7: book despite the scheduling conflict the user has now seen. */
export async function retryWithOverride(store: StoreHandle, key: StoreKey, id: string): Promise<OutboxEntry | null> {
  const entry = await findEntry(store, id);
  if (!entry?.body) return null;
  const opened = await openValue<unknown>(key, store.practiceId, 'outbox', entry.id, entry.body);
  if (!opened.ok || typeof opened.plain !== 'object' || opened.plain === null) return null;
  return retry(store, key, id, { ...opened.plain, override: true });
}
