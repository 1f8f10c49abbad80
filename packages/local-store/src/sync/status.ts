import { getMeta } from '../db/meta.ts';
import type { DentalDb } from '../db/schema.ts';
import { type FillState, storedFillState } from './fill.ts';

export const STALE_AFTER_MS = 60 * 60_000;

/** What the last pulls left on the device. */
export interface SyncState {
  /** ISO instant of the last pull that completed a page; null before the first. */
  lastSyncedAt: string | null;
  fill: FillState;
}

/** Where this device's copy stands (see FillState). */
export async function readFillState(db: DentalDb): Promise<FillState> {
  const [fill, cursor] = await Promise.all([getMeta(db, 'fill'), getMeta(db, 'cursor')]);
  return storedFillState(fill, typeof cursor === 'string');
}

export async function readSyncState(db: DentalDb): Promise<SyncState> {
  const [at, fill] = await Promise.all([getMeta(db, 'lastSyncedAt'), readFillState(db)]);
  return {
    lastSyncedAt: typeof at === 'string' || typeof at === 'number' ? new Date(at).toISOString() : null,
    fill,
  };
}

/** Whether the local copy is too old to trust without saying so (no pull for an hour by default). */
export function isStale(lastSyncedAt: string | number | null | undefined, now: number, maxAgeMs = STALE_AFTER_MS) {
  if (lastSyncedAt === null || lastSyncedAt === undefined) return true;
  const at = typeof lastSyncedAt === 'number' ? lastSyncedAt : Date.parse(lastSyncedAt);
  return Number.isNaN(at) || now - at > maxAgeMs;
}
