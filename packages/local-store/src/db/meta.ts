import type { DentalDb } from './schema.ts';

export type MetaKey =
  | 'cursor'
  | 'fill'
  | 'lastSyncedAt'
  | 'wrappedKey'
  | 'salt'
  | 'iterations'
  | 'schemaVersion'
  | 'userWrappedKey';

export async function getMeta(db: DentalDb, key: MetaKey): Promise<unknown> {
  return (await db.meta.get(key))?.value;
}
