import type { StoreHandle } from '../db/handle.ts';
import { entityKey, isSendOnlyTarget, type OutboxEntry, type StoredRow } from '../db/rows.ts';
import type { DentalDb } from '../db/schema.ts';
import { STUCK_AFTER_ATTEMPTS } from './retry.ts';

/** Entries not yet refused, in queue order (an index on state keeps equal keys in seq order). */
export function pendingEntries(db: DentalDb) {
  return db.outbox.where('state').equals('pending');
}

export async function firstPending(db: DentalDb): Promise<OutboxEntry | undefined> {
  return pendingEntries(db).first();
}

/** What the offline badge shows: changes still on their way. */
export function pendingCount(store: StoreHandle): Promise<number> {
  return pendingEntries(store.db).count();
}

export interface OutboxCounts {
  pending: number;
  attention: number;
  /**
   * A change on its way has failed STUCK_AFTER_ATTEMPTS times in a row. Read from the entries themselves, so it
   * clears when a reconnect starts their backoff over or the change goes through.
   */
  stuck: boolean;
}

/** What the footer shows: changes on their way, changes the server refused, and whether one is stuck. */
export async function outboxCounts(store: StoreHandle): Promise<OutboxCounts> {
  const [pending, attention, stuck] = await Promise.all([
    pendingEntries(store.db).count(),
    store.db.outbox.where('state').equals('attention').count(),
    pendingEntries(store.db)
      .filter((entry) => entry.attempts >= STUCK_AFTER_ATTEMPTS)
      .count(),
  ]);
  return { pending, attention, stuck: stuck > 0 };
}

/** Everything not yet accepted by the server: pending plus needing attention. */
export function unsentCount(store: StoreHandle): Promise<number> {
  return store.db.outbox.count();
}

export async function pendingEntityKeys(db: DentalDb): Promise<Set<string>> {
  const keys = new Set<string>();
  await pendingEntries(db).each((entry) => {
    keys.add(entityKey(entry.entity.table, entry.entity.id));
  });
  return keys;
}

/** The local table an entry changed; none for a send-only entry, which changed nothing on this device. */
export function localTableOf(db: DentalDb, entry: OutboxEntry) {
  const { table } = entry.entity;
  return isSendOnlyTarget(table) ? null : db.table(table);
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

/**
 * Several accepted entries in one transaction, with a handful of bulk requests rather than several
 * awaited ones per entry: a batch push is acknowledged as one write. Per row only the last accepted
 * entry decides what is shown, exactly as acknowledging them one by one in order would.
 */
export async function acknowledgeAll(
  db: DentalDb,
  accepted: readonly { entry: OutboxEntry; canonical: StoredRow | null }[],
): Promise<void> {
  const tableNames = [
    ...new Set(accepted.flatMap(({ entry }) => (isSendOnlyTarget(entry.entity.table) ? [] : [entry.entity.table]))),
  ];
  await db.transaction('rw', [db.outbox, db.deferred, ...tableNames.map((name) => db.table(name))], async () => {
    const seqs = accepted.flatMap(({ entry }) => (entry.seq === undefined ? [] : [entry.seq]));
    const stillQueued = new Set((await db.outbox.bulkGet(seqs)).flatMap((entry) => (entry ? [entry.id] : [])));
    const live = accepted.filter(({ entry }) => stillQueued.has(entry.id));
    if (live.length === 0) return;
    await db.outbox.bulkDelete(live.flatMap(({ entry }) => (entry.seq === undefined ? [] : [entry.seq])));

    const lastPerRow = new Map<string, { entry: OutboxEntry; canonical: StoredRow | null }>();
    const withRows = live.filter(({ entry }) => !isSendOnlyTarget(entry.entity.table));
    if (withRows.length === 0) return;
    for (const item of withRows) lastPerRow.set(entityKey(item.entry.entity.table, item.entry.entity.id), item);
    const rows = [...lastPerRow.values()];
    const waiting = await db.outbox
      .where('[entity.table+entity.id]')
      .anyOf(rows.map(({ entry }) => [entry.entity.table, entry.entity.id]))
      .filter((other) => other.state === 'pending')
      .toArray();
    const busy = new Set(waiting.map((other) => entityKey(other.entity.table, other.entity.id)));
    const settled = rows.filter(({ entry }) => !busy.has(entityKey(entry.entity.table, entry.entity.id)));
    const keys = settled.map(({ entry }) => entityKey(entry.entity.table, entry.entity.id));
    const deferred = await db.deferred.bulkGet(keys);
    await db.deferred.bulkDelete(keys.filter((_key, index) => deferred[index] !== undefined));

    for (const name of tableNames) {
      const table = db.table(name);
      const inTable = settled.flatMap((item, index) =>
        item.entry.entity.table === name ? [{ ...item, deferred: deferred[index] }] : [],
      );
      const current = (await table.bulkGet(inTable.map(({ entry }) => entry.entity.id))) as (StoredRow | undefined)[];
      const puts: StoredRow[] = [];
      const deletes: string[] = [];
      inTable.forEach(({ entry, canonical, deferred: change }, index) => {
        // A server change deferred during a pull is newer than the response; a later pull corrects either.
        if (change) {
          if (change.row) puts.push(change.row);
          else deletes.push(entry.entity.id);
        } else if (canonical) {
          const version =
            typeof canonical.version === 'number' && canonical.version > 0 ? canonical.version : undefined;
          puts.push({ ...canonical, version: version ?? current[index]?.version ?? 0 });
        }
      });
      if (deletes.length > 0) await table.bulkDelete(deletes);
      if (puts.length > 0) await table.bulkPut(puts);
    }
  });
}

/**
 * Puts the row back to what the server holds: the deferred server change if one arrived while
 * this was pending, else the row from before the change. Later pending changes to the same row
 * lose their optimistic effect until they are acknowledged, and now roll back to that state too.
 */
async function restoreServerState(db: DentalDb, entry: OutboxEntry): Promise<void> {
  const table = localTableOf(db, entry);
  if (!table) return;
  const key = entityKey(entry.entity.table, entry.entity.id);
  const deferred = await db.deferred.get(key);
  const target = deferred ? deferred.row : entry.previous;
  if (target) await table.put(target);
  else await table.delete(entry.entity.id);
  const later = await otherPendingForEntity(db, entry);
  for (const other of later) {
    if (other.seq !== undefined) await db.outbox.update(other.seq, { previous: target });
  }
  if (deferred && later.length === 0) await db.deferred.delete(key);
}

/** The server refused the entry for good: roll back and keep it for the user, in one transaction. */
export async function refuse(db: DentalDb, entry: OutboxEntry, failure: OutboxEntry['failure']): Promise<void> {
  const table = localTableOf(db, entry);
  await db.transaction('rw', [db.outbox, db.deferred, ...(table ? [table] : [])], async () => {
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
  const table = localTableOf(db, entry);
  await db.transaction('rw', [db.outbox, db.deferred, ...(table ? [table] : [])], async () => {
    if (entry.seq === undefined || !(await db.outbox.get(entry.seq))) return;
    if (entry.state === 'pending') await restoreServerState(db, entry);
    await db.outbox.delete(entry.seq);
  });
}
