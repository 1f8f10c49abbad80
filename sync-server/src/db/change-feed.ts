import pg from 'pg';

/** The notification channel a change to a practice's hours is announced on (see repos/change-signals.ts). */
export const HOURS_CHANNEL = 'dental_practice_hours';

/**
 * News of changes other server processes made: what a process caches must be dropped when another one
 * writes. `practiceId` null means "anything may have changed" (the feed was cut and has just come back).
 */
export interface ChangeFeed {
  onPracticeHoursChanged(listener: (practiceId: number | null) => void): void;
  close(): Promise<void>;
}

interface FeedLog {
  warn(details: object, message: string): void;
}

const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * PostgreSQL's LISTEN on one connection of its own. Notifications are sent inside the writer's transaction
 * and delivered at its commit, so a process never drops a cached copy before the change is visible. A lost
 * connection is reopened with backoff, and listeners are told everything may have changed meanwhile.
 */
export async function listenForChanges(url: string, log: FeedLog): Promise<ChangeFeed> {
  const listeners: ((practiceId: number | null) => void)[] = [];
  const tell = (practiceId: number | null) => {
    for (const listener of listeners) listener(practiceId);
  };
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel !== HOURS_CHANNEL) return;
      const practiceId = Number(message.payload);
      tell(Number.isInteger(practiceId) ? practiceId : null);
    });
    next.on('error', (error) => {
      log.warn({ err: error.message }, 'change feed connection lost; reconnecting');
      void next.end().catch(() => {});
      if (client === next) client = null;
      if (!closed) setTimeout(() => void reconnect(), RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
      failures += 1;
    });
    await next.connect();
    await next.query(`listen ${HOURS_CHANNEL}`);
    client = next;
    failures = 0;
  };
  const reconnect = async () => {
    if (closed || client) return;
    try {
      await connect();
      tell(null);
    } catch (error) {
      log.warn({ err: error instanceof Error ? error.message : String(error) }, 'change feed could not reconnect');
      failures += 1;
      setTimeout(() => void reconnect(), RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
    }
  };

  await connect();
  return {
    onPracticeHoursChanged(listener) {
      listeners.push(listener);
    },
    async close() {
      closed = true;
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
