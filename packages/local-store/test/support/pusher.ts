import type { LocalStore } from '../../src/local-store.ts';
import type { Pusher, PusherEvent } from '../../src/outbox/pusher.ts';
import { FakeServer } from './fake-server.ts';

export const CLIENT_SCHEMA = 1;

/** A pusher on a fake clock: sleeping advances time, so backoff is recorded, never waited for. */
export function aPusher(
  local: LocalStore,
  options: {
    server?: FakeServer;
    fetch?: typeof fetch;
    onEvent?: (event: PusherEvent, pusher: Pusher) => void;
  } = {},
) {
  const server = options.server ?? new FakeServer();
  const events: PusherEvent[] = [];
  const sleeps: number[] = [];
  let clock = Date.parse('2026-11-20T15:00:00.000Z');
  const pusher: Pusher = local.sync.pusher({
    fetch: options.fetch ?? server.fetch,
    clientSchema: CLIENT_SCHEMA,
    now: () => clock,
    random: () => 1,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    onEvent: (event) => {
      events.push(event);
      options.onEvent?.(event, pusher);
    },
  });
  return { pusher, server, events, sleeps, types: () => events.map((event) => event.type) };
}
