import type { DentalDb } from './schema.ts';

export type MetaKey =
  | 'cursor'
  | 'fill'
  | 'lastSyncedAt'
  | 'wrappedKey'
  | 'salt'
  | 'iterations'
  | 'schemaVersion'
  | 'userWrappedKey'
  /** The last chart mark forgotten (records/chart-pack.ts): a pack cut before it is not written. */
  | 'chartMarksPrunedThrough';

export async function getMeta(db: DentalDb, key: MetaKey): Promise<unknown> {
  return (await db.meta.get(key))?.value;
}
