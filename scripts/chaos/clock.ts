/** How long the compressed outage lasts on the pushers' clock. */
export const OUTAGE_MS = 8 * 60 * 60_000;

interface Waiter {
  at: number;
  wake: () => void;
}

/**
 * The pushers' clock (their `now` and `sleep`). During the outage it runs on the writes: every
 * write moves it on by its share of eight hours, so the pushers retry, fail and back off as
 * they would through a real outage and reach the reconnect with that history. Afterwards it runs
 * in real time, eight hours ahead.
 */
export class OutageClock {
  private offset = 0;
  private offline = false;
  private readonly waiters = new Set<Waiter>();

  readonly now = (): number => Date.now() + this.offset;

  readonly sleep = (ms: number, signal: AbortSignal): Promise<void> =>
    new Promise((resolve) => {
      if (signal.aborted) return resolve();
      const waiter: Waiter = {
        at: this.now() + ms,
        wake: () => {
          this.waiters.delete(waiter);
          resolve();
        },
      };
      signal.addEventListener('abort', () => waiter.wake(), { once: true });
      if (this.offline) this.waiters.add(waiter);
      else setTimeout(waiter.wake, ms);
    });

  startOutage(): void {
    this.offline = true;
  }

  /** Moves the outage on; every sleep that has run its course on this clock ends. */
  advance(ms: number): void {
    this.offset += ms;
    const now = this.now();
    for (const waiter of [...this.waiters]) if (waiter.at <= now) waiter.wake();
  }

  /** Back to real time: what is still sleeping wakes when its time comes in real milliseconds. */
  endOutage(): void {
    this.offline = false;
    for (const waiter of [...this.waiters]) {
      this.waiters.delete(waiter);
      setTimeout(waiter.wake, Math.max(0, waiter.at - this.now()));
    }
  }
}
