import { dayOnDevice, dayUpdating, type FillState, isStale, patientsOnDevice } from '@dental/local-store';
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';

/** What the last pulls left on the device: it changes with every page, so it is read by selection. */
export interface SyncStatus {
  /** Undefined until the store has been read: neither "ready" nor "preparing" is known yet. */
  fill: FillState | undefined;
  lastSyncedAt: string | null;
}

export interface SyncStatusStore {
  get(): SyncStatus;
  set(status: SyncStatus): void;
  subscribe(listener: () => void): () => void;
}

export function createSyncStatusStore(): SyncStatusStore {
  let status: SyncStatus = { fill: undefined, lastSyncedAt: null };
  const listeners = new Set<() => void>();
  return {
    get: () => status,
    set(next) {
      if (next.fill === status.fill && next.lastSyncedAt === status.lastSyncedAt) return;
      status = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const SyncStatusContext = createContext<SyncStatusStore | null>(null);

/**
 * A value derived from the sync status. The component re-renders only when that value changes, so
 * a screen asking "is this day on the device?" is not redrawn for each of a first fill's pages.
 */
export function useSyncStatus<T>(select: (status: SyncStatus) => T): T {
  const store = useContext(SyncStatusContext);
  if (!store) throw new Error('useSyncStatus must be used inside LocalDataProvider');
  const snapshot = useCallback(() => select(store.get()), [store, select]);
  return useSyncExternalStore(store.subscribe, snapshot, snapshot);
}

const whole = (status: SyncStatus) => status;

/** The whole status, for the screens that show its figures. */
export function useFullSyncStatus(): SyncStatus & { stale: boolean } {
  const status = useSyncStatus(whole);
  return { ...status, stale: status.lastSyncedAt ? isStale(status.lastSyncedAt, Date.now()) : false };
}

/**
 * 'unknown' until the store is read, then whether the area's data is on the device; 'updating'
 * when it is, but a catch-up is still bringing changes to it.
 */
export type Arrival = 'unknown' | 'arrived' | 'arriving' | 'updating';

const arrival = (known: FillState | undefined, test: (fill: FillState) => boolean): Arrival =>
  known === undefined ? 'unknown' : test(known) ? 'arrived' : 'arriving';

/** Whether this practice day may be drawn (see dayOnDevice and dayUpdating). */
export function useDayArrival(date: string): Arrival {
  return useSyncStatus(
    useCallback(
      (status: SyncStatus) => {
        const state = arrival(status.fill, (fill) => dayOnDevice(fill, date));
        return state === 'arrived' && status.fill && dayUpdating(status.fill) ? 'updating' : state;
      },
      [date],
    ),
  );
}

const patientsArrival = (status: SyncStatus) => arrival(status.fill, patientsOnDevice);

/** Whether the patient list may be drawn (see patientsOnDevice). */
export function usePatientsArrival(): Arrival {
  return useSyncStatus(patientsArrival);
}
