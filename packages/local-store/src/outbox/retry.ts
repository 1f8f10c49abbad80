export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 60_000;
/** Consecutive failures after which the UI is told the queue is stuck (it still retries). */
export const STUCK_AFTER_ATTEMPTS = 5;

export type Outcome = 'accepted' | 'refused' | 'retry' | 'signed-out';

/**
 * What a response means for an outbox entry. Only answers that will be the same next time are
 * final; 401 waits for a new sign-in, and everything transient is retried without limit, because
 * dropping a change after N tries is exactly how typed data gets lost.
 */
export function classify(status: number): Outcome {
  if (status >= 200 && status < 300) return 'accepted';
  if (status === 401) return 'signed-out';
  // 426: this build is too old; the change is kept until the updated app sends it.
  if (status === 408 || status === 425 || status === 426 || status === 429) return 'retry';
  if (status >= 400 && status < 500) return 'refused';
  return 'retry';
}

/**
 * Capped exponential backoff with "equal jitter": at least half the step, so tablets that lost
 * the network together do not all come back in the same second.
 */
export function backoffDelay(attempts: number, random: () => number): number {
  const step = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

/** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Resolves after ms, or early when the signal aborts: a kick wakes a pusher waiting out a backoff. */
export function sleepUnlessWoken(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
