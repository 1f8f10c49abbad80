import { DEFAULTS } from '@dental/domain/constants';
import { SERVER_SCHEMA_VERSION } from '@dental/domain/sync/protocol';
import { localDate, localTime } from '@dental/domain/time/zones';
import type { User } from '@dental/domain/users/user';
import { type LocalStore, openLocalStore, type PullPage } from '@dental/local-store';
import { markMoment } from '@dental/local-store/timing';
import { trackedFetch } from '../api/connection.ts';
import { practicesFor } from '../auth/offline-profiles.ts';
import { expectLanding, untilLandingDrawn } from './landing.ts';

/** Whose store to open: the signed-in user in their current practice, with what they may do. */
export interface StoreOwner {
  userId: number;
  practiceId: number;
  role: string | undefined;
  /** The user's permission overrides, as JSON text. */
  overrides: string;
  userKey: CryptoKey;
}

export interface OpenedStore {
  store: LocalStore;
  timezone: string;
}

/** The store owner for a signed-in user, the same whoever asks (sign-in page or shell). */
export function storeOwner(user: User, userKey: CryptoKey): StoreOwner {
  return {
    userId: user.id,
    practiceId: user.currentPracticeId,
    role: user.role,
    overrides: overridesOf(user),
    userKey,
  };
}

/** As text, so the store reopens only when the overrides really change, not on every user refresh. */
export function overridesOf(user: User | null | undefined): string {
  return JSON.stringify(user?.permissions ?? {});
}

function timezoneOf(userId: number, practiceId: number): string {
  return practicesFor(userId).find((practice) => practice.id === practiceId)?.settings.timezone ?? DEFAULTS.timezone;
}

async function open(owner: StoreOwner): Promise<OpenedStore> {
  const timezone = timezoneOf(owner.userId, owner.practiceId);
  markMoment('store-opening');
  const store = await openLocalStore({
    practiceId: owner.practiceId,
    userId: owner.userId,
    calendar: { dayOf: (iso) => localDate(iso, timezone), timeOf: (iso) => localTime(iso, timezone) },
    // Commands refuse on the device what the server would refuse this user.
    actor: { role: owner.role, permissions: JSON.parse(owner.overrides) as Record<string, boolean> },
    userKey: owner.userKey,
  });
  return { store, timezone };
}

const same = (a: StoreOwner, b: StoreOwner) =>
  a.userId === b.userId &&
  a.practiceId === b.practiceId &&
  a.role === b.role &&
  a.overrides === b.overrides &&
  a.userKey === b.userKey;

/** A store opened ahead of the shell (during the sign-in redirect), waiting to be taken. */
let prepared: { owner: StoreOwner; opening: Promise<OpenedStore> } | null = null;

/**
 * Opens the store during the second the sign-in page waits before it redirects, and starts its
 * first pull, so a new device's first page is on its way before the shell has rendered.
 */
export function prepareStore(owner: StoreOwner): void {
  if (prepared) return;
  expectLanding();
  const opening = open(owner);
  prepared = { owner, opening };
  void opening.then((opened) => pullStore(opened)).catch(() => undefined);
  // Nobody took it (the user signed out at once): close it rather than hold it open.
  window.setTimeout(() => {
    if (prepared?.opening !== opening) return;
    prepared = null;
    void opening.then(({ store }) => store.close()).catch(() => undefined);
  }, 60_000);
}

/** The store for this owner: the one prepared at sign-in if it matches, else a newly opened one. */
export function openUserStore(owner: StoreOwner): Promise<OpenedStore> {
  const ready = prepared;
  prepared = null;
  if (ready && same(ready.owner, owner)) return ready.opening;
  if (ready) void ready.opening.then(({ store }) => store.close()).catch(() => undefined);
  return open(owner);
}

function markPulledPage(page: PullPage): void {
  markMoment('pull-page', {
    page: page.page,
    applied: page.applied,
    phase: page.fill.phase,
    complete: page.fill.complete.join(','),
    ...page.timings,
  });
}

interface PullRun {
  running: Promise<void>;
  again: boolean;
}
const pulls = new WeakMap<LocalStore, PullRun>();

async function pullOnce({ store, timezone }: OpenedStore): Promise<void> {
  await store.sync.pull({
    fetch: trackedFetch,
    clientSchema: SERVER_SCHEMA_VERSION,
    // A new device gets today's appointments first: the day a front desk opens on.
    focus: localDate(new Date().toISOString(), timezone),
    onPage: markPulledPage,
    betweenPages: async () => {
      await untilLandingDrawn();
      await untilIdle();
    },
  });
}

/**
 * Lets the page draw between pages of a long pull (a first fill is a dozen pages of sealing and
 * writing), without waiting longer than a few frames when the page is busy.
 */
function untilIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 100 });
    else setTimeout(resolve, 0);
  });
}

/**
 * Pulls the store up to date. One pull at a time per store: asked again while one runs, it runs
 * once more after it (and answers when that is done) instead of alongside, which would fetch, seal
 * and write every page twice.
 */
export function pullStore(opened: OpenedStore): Promise<void> {
  const current = pulls.get(opened.store);
  if (current) {
    current.again = true;
    return current.running;
  }
  const run: PullRun = { running: Promise.resolve(), again: true };
  run.running = (async () => {
    while (run.again) {
      run.again = false;
      await pullOnce(opened);
    }
  })().finally(() => pulls.delete(opened.store));
  pulls.set(opened.store, run);
  return run.running;
}
