/**
 * Findings charted quickly are written one after another, in the order they were charted; the same finding sent
 * again while it is being written (a double Enter) is charted once. Nothing charted is dropped for being quick.
 */
export function chartingQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  let inFlight: string | null = null;
  return {
    /** The write's answer, or null when the same finding was already on its way. */
    async submit(key: string, write: () => Promise<boolean>): Promise<boolean | null> {
      if (inFlight === key) return null;
      inFlight = key;
      const run = tail.then(write);
      tail = run.catch(() => false);
      try {
        return await run;
      } finally {
        if (inFlight === key) inFlight = null;
      }
    },
  };
}
