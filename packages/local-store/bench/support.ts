import { SERVER_SCHEMA_VERSION } from '@dental/domain/sync/protocol';
import Dexie from 'dexie';
import { unlockStore } from '../src/crypto/keys.ts';
import type { StoreKey } from '../src/crypto/store-key.ts';
import type { StoreHandle } from '../src/db/handle.ts';
import { closeStore, openStore } from '../src/db/open.ts';
import { type LocalStore, localStore } from '../src/local-store.ts';
import type { PracticeCalendar } from '../src/types.ts';

export const PASSWORD = 'bench password, not a real one';
/** The floor of keys.ts: the bench measures storage and sync, not key derivation. */
export const ITERATIONS = 100_000;
export const CLIENT_SCHEMA = SERVER_SCHEMA_VERSION;
export const calendar: PracticeCalendar = { dayOf: (iso) => iso.slice(0, 10), timeOf: (iso) => iso.slice(11, 16) };

export const since = (started: number) => performance.now() - started;
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An unlocked store: `local`, the surface the app uses, for what the app does; `store` and `key`,
 * its insides, for timing the steps underneath it.
 */
export interface BenchStore {
  local: LocalStore;
  store: StoreHandle;
  key: StoreKey;
}

export async function unlockedStore(practiceId: number, userId: number): Promise<BenchStore> {
  const store = await openStore({ practiceId, userId, calendar });
  const key = await unlockStore(store.db, PASSWORD, { iterations: ITERATIONS });
  return { local: localStore(store, key), store, key };
}

export async function deleteStore(store: StoreHandle): Promise<void> {
  closeStore(store);
  await Dexie.delete(store.db.name);
}

/** fetch with its receiver bound, as the pusher and the pull call it. */
export const boundFetch: typeof fetch = (input, init) => fetch(input, init);
