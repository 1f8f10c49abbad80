import type { DentalDb } from '../db.ts';
import { entityKey, type OutboxEntry, type StoredRow } from '../rows.ts';
import type { LocalStore } from '../store.ts';

export type { OutboxEntry, OutboxFailure } from '../rows.ts';

/** Entries not yet refused, in queue order (an index on state keeps equal keys in seq order). */
export function pendingEntries(db: DentalDb) {
  return db.outbox.where('state').equals('pending');
}

export async function firstPending(db: DentalDb): Promise<OutboxEntry | undefined> {
  return pendingEntries(db).first();
}

/** What the offline badge shows: changes still on their way. */
export function pendingCount(store: LocalStore): Promise<number> {
  return pendingEntries(store.db).count();
}

/** Everything not yet accepted by the server: pending plus needing attention. */
export function unsentCount(store: LocalStore): Promise<number> {
  return store.db.outbox.count();
}

export async function pendingEntityKeys(db: DentalDb): Promise<Set<string>> {
  const keys = new Set<string>();
  await pendingEntries(db).each((entry) => {
    keys.add(entityKey(entry.entity.table, entry.entity.id));
  });
  return keys;
}

async function putOrDelete(db: DentalDb, entry: OutboxEntry, row: StoredRow | null): Promise<void> {
  const table = db.table(entry.entity.table);
  if (row) await table.put(row);
  else await table.delete(entry.entity.id);
}

async function otherPendingForEntity(db: DentalDb, entry: OutboxEntry): Promise<OutboxEntry[]> {
  const sameRow = await db.outbox
    .where('[entity.table+entity.id]')
    .equals([entry.entity.table, entry.entity.id])
    .filter((other) => other.id !== entry.id && other.state === 'pending')
    .toArray();
  return sameRow.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/**
 * The server accepted the entry: remove it and, when no later local change to the same row is
 * waiting, show the server's version of the row. A server change deferred during a pull is newer
 * than anything the cursor has passed, so it wins over the response; a later pull corrects either.
 */
export async function acknowledge(db: DentalDb, entry: OutboxEntry, canonical: StoredRow | null): Promise<void> {
  await acknowledgeAll(db, [{ entry, canonical }]);
}

/** Several accepted entries in one transaction: a batch push is acknowledged as one write. */
export async function acknowledgeAll(
  db: DentalDb,
  accepted: readonly { entry: OutboxEntry; canonical: StoredRow | null }[],
): Promise<void> {
  const tables = [...new Set(accepted.map(({ entry }) => entry.entity.table))].map((name) => db.table(name));
  await db.transaction('rw', [db.outbox, db.deferred, ...tables], async () => {
    for (const { entry, canonical } of accepted) await acknowledgeOne(db, entry, canonical);
  });
}

async function acknowledgeOne(db: DentalDb, entry: OutboxEntry, canonical: StoredRow | null): Promise<void> {
  const table = db.table(entry.entity.table);
  if (entry.seq === undefined || !(await db.outbox.get(entry.seq))) return;
  await db.outbox.delete(entry.seq);
  if ((await otherPendingForEntity(db, entry)).length > 0) return;
  const key = entityKey(entry.entity.table, entry.entity.id);
  const deferred = await db.deferred.get(key);
  if (deferred) {
    await putOrDelete(db, entry, deferred.row);
    await db.deferred.delete(key);
  } else if (canonical) {
    const current = (await table.get(entry.entity.id)) as StoredRow | undefined;
    const version = typeof canonical.version === 'number' && canonical.version > 0 ? canonical.version : undefined;
    await table.put({ ...canonical, version: version ?? current?.version ?? 0 });
  }
}

/**
 * Puts the row back to what the server holds: the deferred server change if one arrived while
 * this was pending, else the row from before the change. Later pending changes to the same row
 * lose their optimistic effect until they are acknowledged, and now roll back to that state too.
 */
async function restoreServerState(db: DentalDb, entry: OutboxEntry): Promise<void> {
  const key = entityKey(entry.entity.table, entry.entity.id);
  const deferred = await db.deferred.get(key);
  const target = deferred ? deferred.row : entry.previous;
  await putOrDelete(db, entry, target);
  const later = await otherPendingForEntity(db, entry);
  for (const other of later) {
    if (other.seq !== undefined) await db.outbox.update(other.seq, { previous: target });
  }
  if (deferred && later.length === 0) await db.deferred.delete(key);
}

/** The server refused the entry for good: roll back and keep it for the user, in one transaction. */
export async function refuse(db: DentalDb, entry: OutboxEntry, failure: OutboxEntry['failure']): Promise<void> {
  const table = db.table(entry.entity.table);
  await db.transaction('rw', [db.outbox, db.deferred, table], async () => {
    if (entry.seq === undefined || !(await db.outbox.get(entry.seq))) return;
    await db.outbox.update(entry.seq, { state: 'attention', failure, lastError: undefined });
    await restoreServerState(db, entry);
  });
}

/**
 * Removes an entry the user chose to give up. A pending one is rolled back first; a refused one
 * already was.
 */
export async function removeEntry(db: DentalDb, entry: OutboxEntry): Promise<void> {
  const table = db.table(entry.entity.table);
  await db.transaction('rw', [db.outbox, db.deferred, table], async () => {
    if (entry.seq === undefined || !(await db.outbox.get(entry.seq))) return;
    if (entry.state === 'pending') await restoreServerState(db, entry);
    await db.outbox.delete(entry.seq);
  });
}
