import { DEFAULTS, STALE_TIMES_MS } from '@dental/domain/constants';
import { PUSH_PATH, SERVER_SCHEMA_VERSION } from '@dental/domain/sync/protocol';
import { type LocalStore, PullError, type Pusher, type PusherEvent } from '@dental/local-store';
import { t } from '@lingui/core/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { isConnected, trackedFetch, useConnection } from '../api/connection.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { toast } from '../toasts/toast.ts';
import { createSyncStatusStore, SyncStatusContext } from './sync-status.ts';
import { type OpenedStore, openUserStore, overridesOf, pullStore } from './user-store.ts';

export type LocalStatus = 'locked' | 'opening' | 'ready' | 'error';

interface LocalDataValue {
  status: LocalStatus;
  store: LocalStore | null;
  timezone: string;
  pending: number;
  attention: number;
  syncing: boolean;
  /**
   * A change on its way failed five times in a row and the device is online: shown so nobody assumes it went
   * through. Offline, failed sends are expected and 'Offline' already says why nothing goes out.
   */
  stuck: boolean;
  /** The server session ended: changes wait until the user signs in again. */
  signedOut: boolean;
  /** The server no longer accepts this version's reads: finish syncing, then reload to update. */
  updateRequired: boolean;
  error: string | null;
  syncNow(): Promise<void>;
  /** Asks the server for what changed since the last pull, leaving the outbox as it is. */
  pullNow(): Promise<void>;
  /** Call after every local write: wakes the pusher and tells an offline user the change is queued. */
  afterWrite(): void;
}

const LocalDataContext = createContext<LocalDataValue | null>(null);

const NO_COUNTS = { pending: 0, attention: 0, stuck: false };

/**
 * The current practice's encrypted local store for the signed-in user: opened with the user's key,
 * kept in step with the server (pull) and draining its outbox (push) whenever there is a connection.
 */
export function LocalDataProvider({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const { online } = useConnection();
  const userId = auth.user?.id;
  const practiceId = auth.user?.currentPracticeId;
  const userKey = auth.userKey;
  const role = auth.user?.role;
  const overrides = overridesOf(auth.user);
  const [opened, setOpened] = useState<OpenedStore | null>(null);
  const [status, setStatus] = useState<LocalStatus>('locked');
  const [error, setError] = useState<string | null>(null);
  const [syncing, setSyncing] = useState(false);
  const [signedOut, setSignedOut] = useState(false);
  const [updateRequired, setUpdateRequired] = useState(false);
  const pusher = useRef<Pusher | null>(null);
  // What the pusher did since it last drained, so a catch-up after an outage can be reported once.
  const round = useRef({ sent: 0, refused: 0, afterOutage: false });

  const store = opened?.store ?? null;
  const counts = useLiveQuery(async () => (store ? store.outbox.counts() : NO_COUNTS), [store], NO_COUNTS);
  // Changes with every page pulled: kept out of the context value, and read by selection.
  const [statusStore] = useState(createSyncStatusStore);
  const syncStatus = useLiveQuery(async () => store?.sync.state(), [store]);
  useEffect(() => {
    statusStore.set(syncStatus ?? { fill: undefined, lastSyncedAt: null });
  }, [statusStore, syncStatus]);

  const pull = useCallback(async () => {
    if (!opened || !isConnected()) return;
    setSyncing(true);
    try {
      await pullStore(opened);
      setError(null);
    } catch (caught) {
      if (caught instanceof PullError && caught.status === 426) setUpdateRequired(true);
      else if (caught instanceof PullError && caught.status === 401) setSignedOut(true);
      else console.warn('Pull failed; the local data stays readable and will catch up later.', caught);
    } finally {
      setSyncing(false);
    }
  }, [opened]);

  useEffect(() => {
    if (userId === undefined || practiceId === undefined || !userKey) {
      setStatus('locked');
      return;
    }
    let cancelled = false;
    let current: OpenedStore | null = null;
    setStatus('opening');
    void (async () => {
      try {
        const opened = await openUserStore({ userId, practiceId, role, overrides, userKey });
        current = opened;
        if (cancelled) {
          opened.store.close();
          return;
        }
        setOpened(opened);
        setStatus('ready');
      } catch (caught) {
        console.error('Failed to decrypt data', caught);
        setError(caught instanceof Error ? caught.message : 'Failed to decrypt data');
        setStatus('error');
      }
    })();
    return () => {
      cancelled = true;
      pusher.current?.stop();
      pusher.current = null;
      current?.store.close();
      setOpened(null);
    };
  }, [userId, practiceId, userKey, role, overrides]);

  // One pusher per open store; it drains now and whenever it is kicked.
  useEffect(() => {
    if (!opened) return;
    const onEvent = (event: PusherEvent) => {
      const current = round.current;
      if (event.type === 'sent') current.sent += 1;
      if (event.type === 'attention') current.refused += 1;
      if (event.type === 'retrying') current.afterOutage = true;
      if (event.type === 'signed-out') setSignedOut(true);
      // 'drained' also fires when the only entries left are waiting out a backoff: not the end of a round.
      if (event.type === 'drained' && event.pending === 0) {
        if (current.afterOutage && current.refused > 0) {
          toast(t`Partial Sync`, t`Some changes could not be saved. They are listed under Needs attention.`, 'warning');
        } else if (current.afterOutage && current.sent > 0) {
          toast(t`Sync Complete`, t`All changes made on this device are saved on the server.`, 'success');
        }
        round.current = { sent: 0, refused: 0, afterOutage: false };
      }
      if (event.type === 'drained') void pull();
    };
    const instance = opened.store.sync.pusher({
      fetch: trackedFetch,
      clientSchema: SERVER_SCHEMA_VERSION,
      batchEndpoint: PUSH_PATH,
      onEvent,
    });
    pusher.current = instance;
    void pull().then(() => instance.drain());
    return () => instance.stop();
  }, [opened, pull]);

  // Reconnect: retry at once, then catch up. While online, refresh on the default stale time.
  useEffect(() => {
    if (!online || !opened) return;
    // Whatever is still queued now was saved while the server was out of reach: report when it is through.
    round.current.afterOutage = true;
    void pusher.current?.kick({ resetBackoff: true });
    const timer = window.setInterval(() => void pull(), STALE_TIMES_MS.default);
    return () => window.clearInterval(timer);
  }, [online, opened, pull]);

  const value = useMemo<LocalDataValue>(
    () => ({
      status,
      store,
      timezone: opened?.timezone ?? DEFAULTS.timezone,
      pending: counts.pending,
      attention: counts.attention,
      syncing,
      stuck: counts.stuck && online,
      signedOut,
      updateRequired,
      error,
      syncNow: async () => {
        await pusher.current?.kick({ resetBackoff: true });
        await pull();
      },
      pullNow: pull,
      afterWrite: () => {
        if (!isConnected()) {
          round.current.afterOutage = true;
          toast(t`Action Queued`, t`Saved on this device. It will be sent when the connection is back.`, 'info');
        }
        void pusher.current?.kick();
      },
    }),
    [
      status,
      store,
      opened,
      counts.pending,
      counts.attention,
      syncing,
      counts.stuck,
      online,
      signedOut,
      updateRequired,
      error,
      pull,
    ],
  );

  return (
    <LocalDataContext.Provider value={value}>
      <SyncStatusContext.Provider value={statusStore}>{children}</SyncStatusContext.Provider>
    </LocalDataContext.Provider>
  );
}

export function useLocalData(): LocalDataValue {
  const value = useContext(LocalDataContext);
  if (!value) throw new Error('useLocalData must be used inside LocalDataProvider');
  return value;
}
