import { useSyncExternalStore } from 'react';

/**
 * Whether the server can be reached: the browser's own flag and what requests actually meet.
 * navigator.onLine alone is not enough for a clinic: it stays true when the office network is up and
 * the internet is down, and after an offline reload Chromium can report true while nothing gets through.
 * A request that fails to reach the server marks it unreachable; from then on a small probe asks
 * /api/health every few seconds until it answers.
 */
const PROBE_INTERVAL_MS = 5_000;
const PROBE_TIMEOUT_MS = 4_000;
const HEALTH_PATH = '/api/health';

let browserOnline = typeof navigator === 'undefined' ? true : navigator.onLine;
let serverReachable = true;
let probeTimer: number | undefined;
const listeners = new Set<() => void>();

export function isConnected(): boolean {
  return browserOnline && serverReachable;
}

function update(change: () => void): void {
  const before = isConnected();
  change();
  if (isConnected() !== before) for (const listener of listeners) listener();
  if (browserOnline && !serverReachable) startProbing();
  else stopProbing();
}

function startProbing(): void {
  if (probeTimer !== undefined) return;
  probeTimer = window.setInterval(() => void probe(), PROBE_INTERVAL_MS);
}

function stopProbing(): void {
  if (probeTimer === undefined) return;
  window.clearInterval(probeTimer);
  probeTimer = undefined;
}

async function probe(): Promise<void> {
  try {
    await fetch(HEALTH_PATH, { cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    // Any answer, even a 503, means the server is reachable; the requests themselves say what else is wrong.
    update(() => {
      serverReachable = true;
    });
  } catch {
    // Still out of reach: the next probe tries again.
  }
}

/** A request reached the server (any status): the connection works. */
export function reportReachable(): void {
  if (serverReachable) return;
  update(() => {
    serverReachable = true;
  });
}

/** A request never reached the server (not a caller's own cancel): work offline until a probe answers. */
export function reportUnreachable(): void {
  if (!serverReachable) return;
  update(() => {
    serverReachable = false;
  });
}

/** fetch that tells the connection what it met; for the outbox pusher and the pull. */
export const trackedFetch: typeof fetch = async (input, init) => {
  try {
    const response = await fetch(input, init);
    reportReachable();
    return response;
  } catch (error) {
    if (!init?.signal?.aborted) reportUnreachable();
    throw error;
  }
};

export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    update(() => {
      browserOnline = true;
    });
    // The browser thinks it is back: ask the server at once rather than at the next probe.
    if (!serverReachable) void probe();
  });
  window.addEventListener('offline', () =>
    update(() => {
      browserOnline = false;
    }),
  );
}

/** The connection as the screens should show and use it. */
export function useConnection(): { online: boolean } {
  return { online: useSyncExternalStore(subscribeConnection, isConnected, () => true) };
}
