import {
  HEADERS,
  PUSH_BATCH_MAX,
  type PushAction,
  type PushResponse,
  type PushResult,
} from '@dental/domain/sync/protocol';
import { DECRYPT_FAILED, openValue, sealValue } from '../crypto/seal.ts';
import type { StoreKey } from '../crypto/store-key.ts';
import type { StoreHandle } from '../db/handle.ts';
import { isSendOnlyTarget, type OutboxEntry, type StoredRow } from '../db/rows.ts';
import { toStoredRows } from '../records/records.ts';
import { type DrainResult, exclusiveDrain } from './drains.ts';
import { acknowledge, acknowledgeAll, firstPending, pendingCount, refuse } from './queue.ts';
import { errorMessage, readBody } from './responses.ts';
import { backoffDelay, classify, retryAfterMs, STUCK_AFTER_ATTEMPTS, sleepUnlessWoken } from './retry.ts';

export type { DrainResult } from './drains.ts';

export type PusherEventType = 'sent' | 'attention' | 'retrying' | 'stuck' | 'drained' | 'signed-out';

export interface PusherEvent {
  type: PusherEventType;
  entry?: OutboxEntry;
  /** Entries still waiting to be sent, for the offline badge. */
  pending: number;
}

export interface PusherOptions {
  store: StoreHandle;
  key: StoreKey;
  fetch: typeof fetch;
  baseUrl?: string;
  clientSchema: number;
  /**
   * The server's batch route (PUSH_PATH). With it, due entries go up to PUSH_BATCH_MAX per round
   * trip, each still answered and acknowledged on its own; without it, one request per entry.
   */
  batchEndpoint?: string;
  batchSize?: number;
  onEvent?: (event: PusherEvent) => void;
  now?: () => number;
  /** Resolves after ms, or early when the signal aborts (a kick wakes the pusher). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
}

export interface Pusher {
  /** Sends until the queue is empty, the user is signed out, or stop(); resolves with why it ended. */
  drain(): Promise<DrainResult>;
  /**
   * New entry queued or connection back: wake the pusher; `resetBackoff` also retries waiting entries
   * now and starts their backoff over.
   */
  kick(options?: { resetBackoff?: boolean }): Promise<DrainResult>;
  /** After a new sign-in: continue where the 401 paused. */
  resume(): Promise<DrainResult>;
  /** For good (sign-out, store switch): the running drain ends after its current request. */
  stop(): void;
}

export function createPusher(options: PusherOptions): Pusher {
  const { store, key } = options;
  const { db } = store;
  const now = options.now ?? (() => Date.now());
  const sleep = options.sleep ?? sleepUnlessWoken;
  const random = options.random ?? Math.random;
  let paused = false;
  let stopped = false;
  let again = false;
  let wake = new AbortController();
  let batchUnsupported = !options.batchEndpoint;
  const batchSize = Math.min(PUSH_BATCH_MAX, options.batchSize ?? 50);

  async function emit(type: PusherEventType, entry?: OutboxEntry): Promise<void> {
    options.onEvent?.({ type, ...(entry ? { entry } : {}), pending: await pendingCount(store) });
  }

  async function canonicalRow(entry: OutboxEntry, body: unknown): Promise<StoredRow | null> {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
    const record = body as Record<string, unknown>;
    const { table, id } = entry.entity;
    // A send-only entry has no row on this device for the answer to replace.
    if (isSendOnlyTarget(table) || record.id === undefined || String(record.id) !== id) return null;
    const [row] = await toStoredRows(store, key, table, [{ ...record, id }]);
    return row ?? null;
  }

  async function refuseWith(entry: OutboxEntry, status: number, message: string, body: unknown): Promise<void> {
    const sealed = await sealValue(key, store.practiceId, 'outbox-failure', entry.id, { message, body });
    await refuse(db, entry, { status, sealed });
    await emit('attention', { ...entry, state: 'attention' });
  }

  async function scheduleRetry(entry: OutboxEntry, lastError: string, waitMs: number | null): Promise<void> {
    if (entry.seq === undefined) return;
    const at = now();
    let updated: OutboxEntry | undefined;
    // Counted on the stored entry, not this copy: a reconnect may have started the backoff over while
    // the attempt was on its way, and a failure from before it must not bring the old count back.
    await db.outbox
      .where('seq')
      .equals(entry.seq)
      .modify((stored) => {
        stored.attempts += 1;
        stored.nextAttemptAt = at + (waitMs ?? backoffDelay(stored.attempts, random));
        stored.lastError = lastError;
        updated = { ...stored };
      });
    if (!updated) return;
    await emit('retrying', updated);
    if (updated.attempts >= STUCK_AFTER_ATTEMPTS) await emit('stuck', updated);
  }

  async function send(entry: OutboxEntry): Promise<void> {
    let payload: unknown;
    if (entry.body) {
      const opened = await openValue(key, store.practiceId, 'outbox', entry.id, entry.body);
      if (!opened.ok) return refuseWith(entry, 0, DECRYPT_FAILED, null);
      payload = opened.plain;
    }
    const headers: Record<string, string> = {
      [HEADERS.practice]: String(entry.practiceId),
      [HEADERS.idempotencyKey]: entry.id,
      [HEADERS.clientSchema]: String(options.clientSchema),
    };
    const withBody = entry.method !== 'DELETE' && payload !== undefined;
    if (withBody) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await options.fetch(`${options.baseUrl ?? ''}${entry.endpoint}`, {
        method: entry.method,
        credentials: 'include',
        headers,
        ...(withBody ? { body: JSON.stringify(payload) } : {}),
      });
    } catch {
      return scheduleRetry(entry, 'Network error', null);
    }
    const body = await readBody(response);
    switch (classify(response.status)) {
      case 'accepted':
        await acknowledge(db, entry, await canonicalRow(entry, body));
        return emit('sent', entry);
      case 'refused':
        return refuseWith(entry, response.status, errorMessage(body, response.statusText, response.status), body);
      case 'signed-out':
        paused = true;
        return emit('signed-out', entry);
      case 'retry':
        return scheduleRetry(
          entry,
          `HTTP ${response.status}`,
          retryAfterMs(response.headers.get('retry-after'), now()),
        );
    }
  }

  /** The due entries after `afterSeq` (from the head when absent), in queue order. */
  async function dueRun(afterSeq?: number): Promise<OutboxEntry[]> {
    const from = afterSeq === undefined ? db.outbox.orderBy('seq') : db.outbox.where('seq').above(afterSeq);
    const next = await from
      .filter((entry) => entry.state === 'pending')
      .limit(batchSize)
      .toArray();
    const cut = next.findIndex((entry) => entry.nextAttemptAt > now());
    return cut === -1 ? next : next.slice(0, cut);
  }

  type Posted =
    | { kind: 'unsupported' }
    | { kind: 'handled' }
    | { kind: 'answered'; batch: OutboxEntry[]; results: PushResult[] };

  /** Sends one batch; null when fewer than two entries can go together (the caller sends one). */
  async function postBatch(entries: OutboxEntry[]): Promise<Posted | null> {
    const head = entries[0];
    if (!head || !options.batchEndpoint) return null;
    const opened = await Promise.all(
      entries.map((entry) => (entry.body ? openValue(key, store.practiceId, 'outbox', entry.id, entry.body) : null)),
    );
    // An entry whose body cannot be opened is refused on its own by send(); the batch stops before it.
    const usable = opened.findIndex((result) => result !== null && !result.ok);
    const batch = usable === -1 ? entries : entries.slice(0, usable);
    if (batch.length < 2) return null;
    const actions: PushAction[] = batch.map((entry, index) => {
      const plain = opened[index];
      const body = plain?.ok && entry.method !== 'DELETE' ? plain.plain : undefined;
      return { id: entry.id, method: entry.method, endpoint: entry.endpoint, ...(body !== undefined ? { body } : {}) };
    });
    let response: Response;
    try {
      response = await options.fetch(`${options.baseUrl ?? ''}${options.batchEndpoint}`, {
        method: 'POST',
        credentials: 'include',
        headers: {
          'content-type': 'application/json',
          [HEADERS.practice]: String(store.practiceId),
          [HEADERS.clientSchema]: String(options.clientSchema),
        },
        body: JSON.stringify({ actions }),
      });
    } catch {
      await scheduleRetry(head, 'Network error', null);
      return { kind: 'handled' };
    }
    // An older server without the batch route: one request per entry for the life of this pusher.
    if (response.status === 404 || response.status === 405) return { kind: 'unsupported' };
    if (!response.ok) {
      const outcome = classify(response.status);
      if (outcome === 'refused') return { kind: 'unsupported' };
      if (outcome === 'signed-out') {
        paused = true;
        await emit('signed-out', head);
      } else {
        await scheduleRetry(head, `HTTP ${response.status}`, retryAfterMs(response.headers.get('retry-after'), now()));
      }
      return { kind: 'handled' };
    }
    const { results } = ((await readBody(response)) ?? {}) as Partial<PushResponse>;
    if (!Array.isArray(results) || results.length === 0) {
      await scheduleRetry(head, 'The server answered the batch without results', null);
      return { kind: 'handled' };
    }
    return { kind: 'answered', batch, results };
  }

  /** Records a batch's answers in order: accepted runs acknowledged together, the first non-final one stops it. */
  async function settle(batch: OutboxEntry[], results: PushResult[]): Promise<void> {
    let accepted: { entry: OutboxEntry; body: unknown }[] = [];
    const flush = async () => {
      if (accepted.length === 0) return;
      const rows = await Promise.all(accepted.map(({ entry, body }) => canonicalRow(entry, body)));
      await acknowledgeAll(
        db,
        accepted.map(({ entry }, index) => ({ entry, canonical: rows[index] ?? null })),
      );
      const pending = await pendingCount(store);
      for (const { entry } of accepted) options.onEvent?.({ type: 'sent', entry, pending });
      accepted = [];
    };
    for (const [index, result] of results.entries()) {
      const entry = batch[index];
      if (!entry || result.id !== entry.id) break;
      const outcome = classify(result.status);
      if (outcome === 'accepted') {
        accepted.push({ entry, body: result.body });
        continue;
      }
      await flush();
      if (outcome === 'refused') {
        await refuseWith(entry, result.status, errorMessage(result.body, '', result.status), result.body);
        continue;
      }
      if (outcome === 'signed-out') {
        paused = true;
        await emit('signed-out', entry);
      } else {
        await scheduleRetry(entry, `HTTP ${result.status}`, retryAfterMs(result.retryAfter, now()));
      }
      return;
    }
    await flush();
  }

  /**
   * Sends batches until one is not wholly accepted. The next batch goes up while the previous one
   * is still being acknowledged locally: the server has applied it, so order holds, and a crash
   * before its acknowledgement only means a resend the server answers from its Idempotency-Key
   * records. Acknowledgements still run one after another, in queue order.
   * Returns false when nothing went as a batch, so the caller sends the head on its own.
   */
  async function sendBatches(): Promise<boolean> {
    let settling: Promise<void> = Promise.resolve();
    // Caught as it happens, not only when awaited at the end: a store closed while the next batch is on
    // its way must not surface as an unhandled rejection. The first failure is rethrown below.
    let settleFailure: { error: unknown } | undefined;
    let afterSeq: number | undefined;
    let sentAny = false;
    try {
      while (!stopped && !paused && !settleFailure) {
        const posted = await postBatch(await dueRun(afterSeq));
        if (!posted) break;
        if (posted.kind === 'unsupported') {
          batchUnsupported = true;
          break;
        }
        sentAny = true;
        if (posted.kind === 'handled') break;
        const { batch, results } = posted;
        settling = settling
          .then(() => (settleFailure ? undefined : settle(batch, results)))
          .catch((error: unknown) => {
            settleFailure ??= { error };
          });
        const whollyAccepted =
          results.length === batch.length &&
          results.every((result, index) => result.id === batch[index]?.id && classify(result.status) === 'accepted');
        const last = batch.at(-1)?.seq;
        if (!whollyAccepted || last === undefined) break;
        afterSeq = last;
      }
    } finally {
      await settling;
    }
    if (settleFailure) throw settleFailure.error;
    return sentAny;
  }

  async function loop(): Promise<DrainResult> {
    for (;;) {
      if (stopped) return 'stopped';
      if (paused) return 'signed-out';
      const head = await firstPending(db);
      if (!head) {
        if (again) {
          again = false;
          continue;
        }
        await emit('drained');
        return 'drained';
      }
      // Strict FIFO: a later change may depend on this one (an edit of a patient not yet created).
      const wait = head.nextAttemptAt - now();
      if (wait > 0) {
        await sleep(wait, wake.signal);
        if (wake.signal.aborted) wake = new AbortController();
        continue;
      }
      if (!batchUnsupported && (await sendBatches())) continue;
      await send(head);
    }
  }

  function poke(): void {
    again = true;
    wake.abort();
  }

  function drain(): Promise<DrainResult> {
    return exclusiveDrain(db.name, loop, poke);
  }

  return {
    drain,
    async kick(kickOptions = {}) {
      if (kickOptions.resetBackoff) {
        // Failures from before a reconnect say nothing about the server now: after hours offline they
        // would make the first hiccup of the catch-up wait the full minute of the cap.
        await db.outbox.where('state').equals('pending').modify({ nextAttemptAt: now(), attempts: 0 });
      }
      wake.abort();
      return drain();
    },
    resume() {
      paused = false;
      return drain();
    },
    stop() {
      stopped = true;
      wake.abort();
    },
  };
}
