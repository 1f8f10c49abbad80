/**
 * Pauses before installing again after a first install failed. One download of the shell cut off (a
 * dropped connection, a busy server) fails the whole install, and the browser would otherwise not try
 * again before the next visit: a tablet could then go offline with no shell to open.
 */
export const INSTALL_RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000] as const;

/** The part of a ServiceWorkerRegistration the retry reads. */
export interface InstallingRegistration {
  readonly installing: Pick<ServiceWorker, 'state' | 'addEventListener'> | null;
  readonly waiting: object | null;
  readonly active: object | null;
}

/** Whether the worker being installed ends up in use; an update that fails leaves the current one, which is fine. */
function installTakes(registration: InstallingRegistration): Promise<boolean> {
  const worker = registration.installing;
  if (!worker) return Promise.resolve(registration.active !== null || registration.waiting !== null);
  return new Promise((resolve) => {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'redundant') resolve(registration.active !== null);
      else if (worker.state === 'installed' || worker.state === 'activated') resolve(true);
    });
  });
}

export async function installUntilItTakes(
  first: Promise<InstallingRegistration | undefined>,
  io: { registerAgain: () => Promise<InstallingRegistration>; pause: (ms: number) => Promise<unknown> },
): Promise<void> {
  let registration = await first;
  for (const delay of INSTALL_RETRY_DELAYS_MS) {
    if (!registration || (await installTakes(registration))) return;
    await io.pause(delay);
    registration = await io.registerAgain();
  }
}
