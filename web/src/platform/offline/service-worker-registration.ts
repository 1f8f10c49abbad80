import { APP } from '@dental/domain/constants';
import { Workbox } from 'workbox-window';
import { installUntilItTakes } from './install-retry.ts';

type Listener = (state: UpdateState) => void;

export interface UpdateState {
  /** A new version is installed and waiting for the user's go-ahead. */
  updateReady: boolean;
  /** Whether the browser agreed to keep our storage under pressure (navigator.storage.persist). */
  persisted: boolean | null;
}

let state: UpdateState = { updateReady: false, persisted: null };
const listeners = new Set<Listener>();
let workbox: Workbox | undefined;

function set(partial: Partial<UpdateState>): void {
  state = { ...state, ...partial };
  for (const listener of listeners) listener(state);
}

export function subscribeUpdates(listener: Listener): () => void {
  listeners.add(listener);
  listener(state);
  return () => listeners.delete(listener);
}

/** Forms mark themselves with data-dirty="true" while they hold input that has not been saved. */
export function hasUnsavedInput(): boolean {
  return document.querySelector('form[data-dirty="true"]') !== null;
}

/**
 * An active worker that does not control this page (it activated while the page loaded, or its claim was
 * cut short) is asked to take it over, so the page the user is on already reopens offline.
 */
function claimIfUncontrolled(registration: ServiceWorkerRegistration): void {
  if (navigator.serviceWorker.controller === null) registration.active?.postMessage({ type: 'CLAIM' });
}

/** Registers /sw.js in prompt mode: a new version never reloads the page by itself. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  workbox = new Workbox('/sw.js');
  workbox.addEventListener('waiting', () => set({ updateReady: true }));
  void installUntilItTakes(workbox.register(), {
    registerAgain: () => navigator.serviceWorker.register('/sw.js'),
    pause: (ms) => new Promise((resolve) => window.setTimeout(resolve, ms)),
  }).catch(() => undefined);
  void navigator.serviceWorker.ready.then(claimIfUncontrolled);
  window.setTimeout(() => void workbox?.update(), APP.serviceWorkerUpdateCheckMs);
  void navigator.storage
    ?.persist?.()
    .then((persisted) => set({ persisted }))
    .catch(() => set({ persisted: false }));
}

/** Activates the waiting version and reloads; refuses while a form has unsaved input. */
export function applyUpdate(): 'reloading' | 'unsaved-input' | 'nothing-waiting' {
  if (!workbox || !state.updateReady) return 'nothing-waiting';
  if (hasUnsavedInput()) return 'unsaved-input';
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
  return 'reloading';
}
