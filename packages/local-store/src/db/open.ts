import type { PermissionSubject } from '@dental/domain/permissions/can';
import { type Clock, systemClock } from '@dental/domain/time/clock';
import type { DexieOptions } from 'dexie';
import { chartPackMiddleware } from '../records/chart-pack.ts';
import { rosterMiddleware } from '../records/roster.ts';
import type { PracticeCalendar } from '../types.ts';
import type { StoreHandle } from './handle.ts';
import { DentalDb, SCHEMA_VERSION, storeName } from './schema.ts';

export interface OpenStoreOptions {
  practiceId: number;
  userId: number;
  calendar: PracticeCalendar;
  clock?: Clock;
  /** The signed-in user, so commands refuse on the device what the server would refuse them. */
  actor?: PermissionSubject;
  /** For tests: fake-indexeddb's factory and key range, when not installed globally. */
  dexie?: DexieOptions;
}

/** The open tab runs an older build than the database on disk: reload, never delete. */
export class StoreOutdatedError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('This page is out of date. Reload to continue; your unsent changes are kept.', options);
    this.name = 'StoreOutdatedError';
  }
}

/**
 * Opens (on first use, creates) the practice's database. The roster middleware is installed here,
 * before the first transaction, so every write to patients is noted whatever its path.
 */
export async function openStore(options: OpenStoreOptions): Promise<StoreHandle> {
  const db = new DentalDb(storeName(options.practiceId, options.userId), options.dexie);
  db.use(rosterMiddleware);
  db.use(chartPackMiddleware);
  try {
    await db.open();
  } catch (error) {
    if (error instanceof Error && error.name === 'VersionError') throw new StoreOutdatedError({ cause: error });
    throw error;
  }
  if ((await db.meta.get('schemaVersion'))?.value !== SCHEMA_VERSION) {
    await db.meta.put({ key: 'schemaVersion', value: SCHEMA_VERSION });
  }
  return {
    db,
    practiceId: options.practiceId,
    userId: options.userId,
    calendar: options.calendar,
    clock: options.clock ?? systemClock,
    actor: options.actor ?? null,
  };
}

export function closeStore(store: StoreHandle): void {
  store.db.close();
}

export type ClearResult = { ok: true } | { ok: false; unsent: number };

/**
 * Deletes this practice's local database (sign-out on a shared device, or a reset). Refuses while
 * anything typed has not reached the server, unless the user has explicitly chosen to lose it.
 */
export async function clearStore(store: StoreHandle, options: { force?: boolean } = {}): Promise<ClearResult> {
  // A note's typing not yet saved into it (a draft) is unsent too: clearing would lose it.
  const unsent = (await store.db.outbox.count()) + (await store.db.note_drafts.count());
  if (unsent > 0 && options.force !== true) return { ok: false, unsent };
  await store.db.delete();
  return { ok: true };
}
