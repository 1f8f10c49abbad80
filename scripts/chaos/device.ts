import { PUSH_PATH, SERVER_SCHEMA_VERSION } from '../../packages/domain/src/sync/protocol.ts';
import { localDate, localTime } from '../../packages/domain/src/time/zones.ts';
import { MIN_ITERATIONS } from '../../packages/local-store/src/crypto/kdf.ts';
import { unlockStoreWithUserKey } from '../../packages/local-store/src/crypto/keys.ts';
import type { StoreKey } from '../../packages/local-store/src/crypto/store-key.ts';
import type { StoreHandle } from '../../packages/local-store/src/db/handle.ts';
import { closeStore, openStore } from '../../packages/local-store/src/db/open.ts';
import {
  type DrainResult,
  type LocalStore,
  type PracticeCalendar,
  PullError,
  type PullResult,
  type Pusher,
  type PusherEvent,
} from '../../packages/local-store/src/index.ts';
import { unlockUserKey, unlockUserKeyWithSession } from '../../packages/local-store/src/keyring.ts';
import { localStore } from '../../packages/local-store/src/local-store.ts';
import { firstPending } from '../../packages/local-store/src/outbox/queue.ts';
import type { OutageClock } from './clock.ts';
import { currentSession, DEMO_PASSWORD, getJson, type Session, signIn } from './session.ts';

/** How a store is unlocked again: the offline sign-in (password) or a reload while signed in (session secret). */
export type UnlockWith = 'password' | 'session';

export interface Reopen {
  device: string;
  phase: 'outage' | 'catch-up';
  unlockWith: UnlockWith;
  /** Entries still queued when the database was closed: a reopen with none would prove nothing. */
  queuedAtClose: number;
}

export interface DeviceCounters {
  sent: number;
  /** 'drained' events: the web pulls on each one. */
  drained: number;
  refused: number;
  retries: number;
  signedOut: number;
  pullFailures: number;
}

/**
 * `local` is the surface the web uses, for everything the device does; `store` and `key` are its
 * insides, for the checks that look at what is on disk after the run.
 */
interface Opened {
  local: LocalStore;
  store: StoreHandle;
  key: StoreKey;
  pusher: Pusher;
}

export interface DeviceOptions {
  name: string;
  username: string;
  baseUrl: string;
  practiceId: number;
  timeZone: string;
  /** The pushers' clock, compressed during the outage. */
  clock: OutageClock;
  /** Sees every request the device sends while online, before it leaves (the kill and reload triggers). */
  onRequest?: (device: Device, method: string, path: string, body: string | undefined) => void;
  onEvent?: (device: Device, event: PusherEvent) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Pulls and session checks while the server is away: soon at first, then every two seconds. */
const RETRY_BASE_MS = 100;
const RETRY_CAP_MS = 2000;
const retryDelay = (attempt: number) => Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** attempt);

const calendars = new Map<string, PracticeCalendar>();

/**
 * The practice's clock as the web gives it to its stores (domain time zones), remembered per
 * instant: three devices share this process's CPU, where each would have its own in a clinic, and
 * time-zone arithmetic for every row they pull would otherwise slow all three down.
 */
function calendarOf(timeZone: string): PracticeCalendar {
  const known = calendars.get(timeZone);
  if (known) return known;
  const remembered = (convert: (iso: string, zone: string) => string) => {
    const seen = new Map<string, string>();
    return (iso: string) => {
      let value = seen.get(iso);
      if (value === undefined) {
        value = convert(iso, timeZone);
        seen.set(iso, value);
      }
      return value;
    };
  };
  const calendar = { dayOf: remembered(localDate), timeOf: remembered(localTime) };
  calendars.set(timeZone, calendar);
  return calendar;
}

/**
 * One front-desk computer: its own user, session cookie and encrypted store, and the local store's
 * real pusher and pull, talking to the server over HTTP the way the web app's LocalDataProvider does.
 */
export class Device {
  readonly name: string;
  readonly username: string;
  readonly counters: DeviceCounters = {
    sent: 0,
    drained: 0,
    refused: 0,
    retries: 0,
    signedOut: 0,
    pullFailures: 0,
  };
  readonly reopens: Reopen[] = [];
  /** False during the outage: every request fails as a dropped connection does. */
  online = true;
  private session: Session;
  private opened: Opened | null = null;
  /** Bumped when a reopen starts, so a drain that ended because of it is told apart from a real stop. */
  private generation = 0;
  private reopening: Promise<void> = Promise.resolve();

  /** `session` is the sign-in this device made (POST /api/auth/login, then GET /api/auth/me). */
  constructor(
    private readonly options: DeviceOptions,
    session: Session,
  ) {
    this.name = options.name;
    this.username = options.username;
    this.session = session;
  }

  get userId(): number {
    return this.session.user.id;
  }

  get local(): LocalStore {
    return this.current().local;
  }

  get store(): StoreHandle {
    return this.current().store;
  }

  private current(): Opened {
    if (!this.opened) throw new Error(`Device ${this.name} has no open store.`);
    return this.opened;
  }

  /** The browser's fetch: the session cookie on every request, nothing at all while offline. */
  readonly fetch: typeof fetch = async (input, init) => {
    if (!this.online) throw new TypeError('fetch failed');
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? 'GET';
    this.options.onRequest?.(this, method, url.pathname, typeof init?.body === 'string' ? init.body : undefined);
    const headers = new Headers(init?.headers);
    headers.set('cookie', this.session.cookie);
    return fetch(url, { ...init, headers });
  };

  /** A read of the harness's own (planning), with this device's session. */
  api(path: string): Promise<unknown> {
    return getJson(this.options.baseUrl, this.session.cookie, path);
  }

  /** Opens (on first use, creates) the store as the web does after sign-in: user key, then the practice's key. */
  async open(unlockWith: UnlockWith): Promise<void> {
    const { user } = this.session;
    const userKey =
      unlockWith === 'password'
        ? await unlockUserKey(user.id, DEMO_PASSWORD, {
            deviceSecret: this.online ? this.session.deviceSecret : null,
            // The floor: calibrating for 600,000 iterations would only slow every unlock of the run down.
            iterations: MIN_ITERATIONS,
          })
        : await unlockUserKeyWithSession(user.id, this.session.deviceSecret);
    if (!userKey) throw new Error(`Device ${this.name}: the session secret did not open the user key.`);
    const { timeZone, practiceId } = this.options;
    const store = await openStore({ practiceId, userId: user.id, calendar: calendarOf(timeZone) });
    const key = await unlockStoreWithUserKey(store.db, userKey);
    const local = localStore(store, key);
    const pusher = local.sync.pusher({
      fetch: this.fetch,
      baseUrl: this.options.baseUrl,
      clientSchema: SERVER_SCHEMA_VERSION,
      batchEndpoint: PUSH_PATH,
      now: this.options.clock.now,
      sleep: this.options.clock.sleep,
      onEvent: (event) => this.count(event),
    });
    this.opened = { local, store, key, pusher };
  }

  private count(event: PusherEvent): void {
    if (event.type === 'sent') this.counters.sent += 1;
    if (event.type === 'drained') this.counters.drained += 1;
    if (event.type === 'attention') this.counters.refused += 1;
    if (event.type === 'retrying') this.counters.retries += 1;
    if (event.type === 'signed-out') this.counters.signedOut += 1;
    this.options.onEvent?.(this, event);
  }

  /**
   * A reload of the tab: the pusher stops, the key is dropped and the database closed with entries
   * still queued, then the store is opened and unlocked again. Offline the user signs in with the
   * password; online the page asks GET /api/auth/me for the session's secret.
   */
  reopen(phase: Reopen['phase'], unlockWith: UnlockWith): Promise<void> {
    this.generation += 1;
    const previous = this.reopening;
    this.reopening = (async () => {
      await previous;
      const old = this.current();
      const queuedAtClose = (await old.local.outbox.counts()).pending;
      old.pusher.stop();
      old.key.lock();
      closeStore(old.store);
      this.opened = null;
      if (unlockWith === 'session') await this.refreshSession();
      await this.open(unlockWith);
      this.reopens.push({ device: this.name, phase, unlockWith, queuedAtClose });
    })();
    return this.reopening;
  }

  /** GET /api/auth/me until the server answers (it may be restarting). */
  private async refreshSession(): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const { user, deviceSecret } = await currentSession(this.options.baseUrl, this.session.cookie);
        this.session = { ...this.session, user, deviceSecret };
        return;
      } catch {
        await sleep(retryDelay(attempt));
      }
    }
  }

  /** Failed attempts of the oldest queued entry: what its next backoff grows from. */
  async headAttempts(): Promise<number> {
    return (await firstPending(this.store.db))?.attempts ?? 0;
  }

  /** What the app does after every local write: wake the pusher (which fails fast while offline). */
  afterWrite(): void {
    void this.current()
      .pusher.kick()
      .catch((error: unknown) => {
        console.error(`Device ${this.name}: the pusher failed`, error);
      });
  }

  /**
   * Reconnect: retry at once, then keep draining until nothing is pending, across reloads and
   * server restarts. A reloaded page pulls before it drains, as LocalDataProvider does, so that
   * pull meets changes still queued. A 401 is answered by signing in again, as the user would.
   */
  async pushUntilEmpty(): Promise<void> {
    let resetBackoff = true;
    let seen = this.generation;
    for (;;) {
      await this.reopening;
      if (seen !== this.generation) {
        seen = this.generation;
        await this.pull();
        continue;
      }
      const { pusher, local } = this.current();
      let result: DrainResult;
      try {
        result = await pusher.kick({ resetBackoff });
      } catch (error) {
        if (seen !== this.generation) continue;
        throw error;
      }
      resetBackoff = false;
      if (seen !== this.generation) continue;
      if (result === 'drained') {
        if ((await local.outbox.counts()).pending === 0) return;
        continue;
      }
      if (result === 'signed-out') {
        this.session = await signIn(this.options.baseUrl, this.username);
        await this.current().pusher.resume();
        continue;
      }
      throw new Error(`Device ${this.name}: the pusher ended with '${result}' without a reload.`);
    }
  }

  /** One complete pull (every page), retried with backoff while the server is unreachable. */
  async pull(): Promise<PullResult> {
    for (let attempt = 0; ; attempt += 1) {
      await this.reopening;
      const generation = this.generation;
      const { local } = this.current();
      try {
        return await local.sync.pull({
          fetch: this.fetch,
          baseUrl: this.options.baseUrl,
          clientSchema: SERVER_SCHEMA_VERSION,
        });
      } catch (error) {
        // A reload closed the database under the pull: it starts again on the reopened store.
        if (generation !== this.generation) continue;
        this.counters.pullFailures += 1;
        if (error instanceof PullError && error.status === 401) {
          this.session = await signIn(this.options.baseUrl, this.username);
        }
        await sleep(retryDelay(attempt));
      }
    }
  }

  close(): void {
    if (!this.opened) return;
    this.opened.pusher.stop();
    this.opened.key.lock();
    closeStore(this.opened.store);
    this.opened = null;
  }
}
