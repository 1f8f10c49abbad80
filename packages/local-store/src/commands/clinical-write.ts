import { MESSAGES } from '@dental/domain/messages';
import { can } from '@dental/domain/permissions/can';
import type { Permission } from '@dental/domain/permissions/catalogue';
import type { SyncedTable } from '@dental/domain/sync/protocol';
import { openValue, sealValue } from '../crypto/seal.ts';
import type { StoreKey } from '../crypto/store-key.ts';
import type { StoreHandle } from '../db/handle.ts';
import type { OutboxEntry, StoredRow } from '../db/rows.ts';
import { newOutboxEntry } from '../outbox/entry.ts';
import { toStoredRows } from '../records/records.ts';
import type { PlainRecord } from '../types.ts';
import { CommandPermissionError, CommandValidationError } from './errors.ts';
import type { WriteRequest } from './write-through.ts';

/** The server's permission rule, on the device: a change it would refuse with 403 is never queued. */
export function requireClinical(store: StoreHandle, permission: Permission): void {
  if (store.actor && !can(store.actor, permission)) {
    throw new CommandPermissionError(permission, MESSAGES.permissionDenied);
  }
}

export function refused(field: string, message: string): CommandValidationError {
  return new CommandValidationError([{ field, message }]);
}

/** The signed-in user's name as the chart shows it (Dr. for doctors), from the synced staff list. */
export async function actorName(store: StoreHandle): Promise<string> {
  const user = await store.db.users.get(String(store.userId));
  if (typeof user?.displayName === 'string' && user.displayName) return user.displayName;
  return [user?.firstName, user?.lastName].filter((part) => typeof part === 'string' && part).join(' ');
}

/** One row written on the device and the request that tells the server. */
export interface ClinicalWrite {
  table: SyncedTable;
  op: 'create' | 'update';
  record: PlainRecord;
  request: WriteRequest;
  /**
   * An unsent entry this one makes pointless (an autosave of the same note, readings of the same exam):
   * it is taken off the queue if it is still the row's last pending entry, and this one inherits the row it
   * would have rolled back to. If it was already on its way, it is simply acknowledged or refused on its own.
   */
  supersedes?: OutboxEntry | null;
}

/** The row's last pending entry when it is a `method` request: the one a new change may supersede. */
export async function lastPendingOf(
  store: StoreHandle,
  table: SyncedTable,
  id: string,
  method: OutboxEntry['method'],
  endpoint: string,
): Promise<OutboxEntry | null> {
  const entries = await store.db.outbox.where('[entity.table+entity.id]').equals([table, id]).toArray();
  const pending = entries.filter((entry) => entry.state === 'pending').sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  const last = pending.at(-1);
  return last && last.method === method && last.endpoint === endpoint ? last : null;
}

/** The JSON body an entry will send, opened; null when it has none or cannot be opened. */
export async function openedBody(store: StoreHandle, key: StoreKey, entry: OutboxEntry): Promise<unknown> {
  if (!entry.body) return null;
  const opened = await openValue(key, store.practiceId, 'outbox', entry.id, entry.body);
  return opened.ok ? opened.plain : null;
}

export interface DraftChange {
  noteId: string;
  /** Delete the draft only when it still holds this text (typing after the save is kept). */
  whenBody?: string;
}

/**
 * Several changes applied on the device and queued, in order, in one IndexedDB transaction (a note's
 * last autosave and its signature together), so after a crash either all are there or none. Everything
 * is sealed first: WebCrypto awaited inside a Dexie transaction would commit it early.
 */
export async function writeClinical(
  store: StoreHandle,
  key: StoreKey,
  writes: readonly ClinicalWrite[],
  options: { dropDraft?: DraftChange } = {},
): Promise<OutboxEntry[]> {
  const prepared: { write: ClinicalWrite; entry: OutboxEntry; id: string }[] = [];
  for (const write of writes) {
    const id = String(write.record.id);
    const [applied] = await toStoredRows(store, key, write.table, [write.record]);
    const entry = await newOutboxEntry(store, key, {
      type: write.op,
      method: write.request.method,
      endpoint: write.request.endpoint,
      body: write.request.body,
      entity: { table: write.table, id },
      applied: (applied as StoredRow | undefined) ?? null,
    });
    prepared.push({ write, entry, id });
  }
  const draft = options.dropDraft;
  const draftBody = draft?.whenBody;
  const draftRow = draft ? await store.db.note_drafts.get(draft.noteId) : undefined;
  const draftText = draftRow && draftBody !== undefined ? await openDraftText(store, key, draftRow) : null;
  const { db } = store;
  const tables = [...new Set(writes.map((write) => write.table))].map((table) => db.table(table));
  await db.transaction('rw', [...tables, db.outbox, db.note_drafts], async () => {
    for (const { write, entry, id } of prepared) {
      const table = db.table(write.table);
      entry.previous = ((await table.get(id)) as StoredRow | undefined) ?? null;
      const old = write.supersedes;
      if (old?.seq !== undefined) {
        const still = await lastPendingOf(store, write.table, id, old.method, old.endpoint);
        if (still && still.id === old.id && still.seq !== undefined) {
          entry.previous = still.previous;
          await db.outbox.delete(still.seq);
        }
      }
      if (entry.applied) await table.put(entry.applied);
      entry.seq = await db.outbox.add(entry);
    }
    if (draft) {
      const current = await db.note_drafts.get(draft.noteId);
      // Only the draft that was read above, unchanged: a keystroke saved meanwhile has a new IV and stays.
      const unchanged = current && draftRow && sameSeal(current.sealed.iv, draftRow.sealed.iv);
      if (current && unchanged && (draftBody === undefined || draftText === draftBody)) {
        await db.note_drafts.delete(draft.noteId);
      }
    }
  });
  return prepared.map(({ entry }) => entry);
}

function sameSeal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

async function openDraftText(
  store: StoreHandle,
  key: StoreKey,
  row: { id: string; sealed: Parameters<typeof openValue>[4] },
): Promise<string | null> {
  const opened = await openValue<{ body: string }>(key, store.practiceId, 'note_drafts', row.id, row.sealed);
  return opened.ok && typeof opened.plain.body === 'string' ? opened.plain.body : null;
}

/** Saves typing on the device only: sealed, no outbox entry. */
export async function putDraft(
  store: StoreHandle,
  key: StoreKey,
  draft: { noteId: string; patientId: string; body: string },
): Promise<void> {
  const sealed = await sealValue(key, store.practiceId, 'note_drafts', draft.noteId, { body: draft.body });
  await store.db.note_drafts.put({
    id: draft.noteId,
    patientId: draft.patientId,
    updatedAt: store.clock().toISOString(),
    sealed,
  });
}
