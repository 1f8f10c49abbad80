import { createPatientSchema } from '@dental/domain/patients/patient.schema';
import { HEADERS, PUSH_PATH } from '@dental/domain/sync/protocol';
import { systemClock } from '@dental/domain/time/clock';
import { parseWith } from '@dental/domain/validation/issues';
import type { PatientInput } from '../src/commands/patients.ts';
import type { PusherEvent } from '../src/outbox/pusher.ts';
import { acknowledge, firstPending, pendingCount } from '../src/outbox/queue.ts';
import { FIRST_NAMES, generator, STREETS } from './patient-fixture.ts';
import { boundFetch, CLIENT_SCHEMA, deleteStore, pause, since, unlockedStore } from './support.ts';

// ---------------------------------------------------------------------------------------------
// 3: replaying 1,000 queued patient creations through the pusher versus 1,000 direct fetches.

const REPLAY_PROVINCE = 'AB';

export async function signIn(): Promise<{ status: number }> {
  const response = await fetch('/api/auth/login', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'demo1234' }),
  });
  await response.text();
  if (!response.ok) throw new Error(`sign-in failed: HTTP ${response.status}`);
  return { status: response.status };
}

/** Unique names and phones per run tag and index, so the server's duplicate rules never refuse one. */
function replayInput(tag: number, index: number): PatientInput {
  const random = generator(tag * 100_003 + index);
  return {
    firstName: random.pick(FIRST_NAMES),
    lastName: `Bench${tag}x${index}`,
    phone: `7${String(tag).padStart(3, '0')}${String(index).padStart(6, '0')}`,
    email: `bench${tag}.${index}@example.ca`,
    dateOfBirth: `19${60 + (index % 40)}-0${1 + (index % 9)}-1${index % 10}`,
    address: `${1 + (index % 900)} ${random.pick(STREETS)}`,
    city: 'Calgary',
    province: REPLAY_PROVINCE,
    zipCode: 'T2P 1J9',
    medicalHistory: { allergies: index % 7 === 0 ? ['latex'] : [] },
  };
}

interface ReplayTiming {
  ms: number;
  enqueueMs?: number;
  sent: number;
  /** Per entry: time spent in fetch (server and network, body read) and in the rest of the loop. */
  networkMs?: number;
  firstHundredLocalMs?: number;
  lastHundredLocalMs?: number;
}

/** patients.create × count (timed apart), then one pusher drain against the real server (the figure). */
export async function replayPusher(
  practiceId: number,
  tag: number,
  count: number,
  profile = false,
): Promise<ReplayTiming> {
  const { local, store } = await unlockedStore(practiceId, 20_000 + tag);
  let started = performance.now();
  for (let index = 0; index < count; index += 1) await local.patients.create(replayInput(tag, index));
  const enqueueMs = since(started);

  // Profiling wraps fetch to read the body inside the timed call: server + network per entry.
  const network: number[] = [];
  const sentAt: number[] = [];
  const timedFetch: typeof fetch = async (input, init) => {
    const begun = performance.now();
    const response = await fetch(input, init);
    const text = await response.text();
    network.push(since(begun));
    return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  let sent = 0;
  const problems: PusherEvent[] = [];
  const pusher = local.sync.pusher({
    fetch: profile ? timedFetch : boundFetch,
    clientSchema: CLIENT_SCHEMA,
    // As the app configures it: queued actions go up in batches through the server's push route.
    batchEndpoint: PUSH_PATH,
    onEvent: (event) => {
      if (event.type === 'sent') {
        sent += 1;
        if (profile) sentAt.push(performance.now());
      } else if (event.type !== 'drained') problems.push(event);
    },
  });
  await pause(100);
  started = performance.now();
  const result = await pusher.drain();
  const ms = since(started);
  const left = await store.db.outbox.count();
  await deleteStore(store);
  if (result !== 'drained' || sent !== count || left !== 0) {
    const first = problems[0];
    throw new Error(
      `pusher ended ${result} with ${sent}/${count} sent, ${left} left; first problem: ${first?.type} ${first?.entry?.lastError ?? ''}`,
    );
  }
  if (!profile) return { ms, enqueueMs, sent };
  // Local time of entry n: from the previous 'sent' (or the drain start) to this one, minus its fetch.
  const localMs = sentAt.map(
    (at, index) => at - (index === 0 ? started : (sentAt[index - 1] as number)) - (network[index] ?? 0),
  );
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
  return {
    ms,
    enqueueMs,
    sent,
    networkMs: network.reduce((sum, value) => sum + value, 0),
    firstHundredLocalMs: mean(localMs.slice(0, 100)),
    lastHundredLocalMs: mean(localMs.slice(-100)),
  };
}

/** The same requests the pusher sends (body, Idempotency-Key, headers), one after another with fetch. */
export async function replayDirect(practiceId: number, tag: number, count: number): Promise<ReplayTiming> {
  // The body patients.create queues: the input as the shared schema parses it, plus id, practice and isActive.
  const schema = createPatientSchema(systemClock);
  const requests = Array.from({ length: count }, (_, index) => {
    const id = crypto.randomUUID();
    const parsed = parseWith(schema, { ...replayInput(tag, index), id });
    if (!parsed.ok) throw new Error(`bench patient is invalid: ${parsed.issues[0]?.message}`);
    return {
      key: crypto.randomUUID(),
      body: JSON.stringify({ ...parsed.value, id, practiceId, isActive: true }),
    };
  });
  await pause(100);
  const started = performance.now();
  let sent = 0;
  for (const request of requests) {
    const response = await fetch('/api/patients', {
      method: 'POST',
      credentials: 'include',
      headers: {
        [HEADERS.practice]: String(practiceId),
        [HEADERS.idempotencyKey]: request.key,
        [HEADERS.clientSchema]: String(CLIENT_SCHEMA),
        'content-type': 'application/json',
      },
      body: request.body,
    });
    const body = await response.json();
    if (response.status !== 201) throw new Error(`direct POST: HTTP ${response.status} ${JSON.stringify(body)}`);
    sent += 1;
  }
  return { ms: since(started), sent };
}

/**
 * How the pusher's per-entry bookkeeping scales with the queue: acknowledge() (what runs after each
 * 2xx) and pendingCount() (run for every event) timed at the head of a full and of a short queue.
 */
export async function profileOutbox(practiceId: number, tag: number, count: number): Promise<Record<string, number>> {
  const { local, store } = await unlockedStore(practiceId, 30_000 + tag);
  for (let index = 0; index < count; index += 1) await local.patients.create(replayInput(tag, index));
  const entryBytes = JSON.stringify(await store.db.outbox.toCollection().first(), (_key, value: unknown) =>
    value instanceof ArrayBuffer || value instanceof Uint8Array ? Array.from(new Uint8Array(value)) : value,
  ).length;
  const samples = 20;
  const headOfQueue = async () => {
    let ackMs = 0;
    let countMs = 0;
    for (let sample = 0; sample < samples; sample += 1) {
      const entry = await firstPending(store.db);
      if (!entry) throw new Error('outbox ran empty');
      let started = performance.now();
      await acknowledge(store.db, entry, null);
      ackMs += since(started);
      started = performance.now();
      await pendingCount(store);
      countMs += since(started);
    }
    return { ackMs: ackMs / samples, countMs: countMs / samples };
  };
  await pause(50);
  const full = await headOfQueue();
  const keep = 2 * samples;
  const drop = (await store.db.outbox.count()) - keep;
  await store.db.outbox.bulkDelete(await store.db.outbox.orderBy('seq').limit(drop).primaryKeys());
  await pause(50);
  const short = await headOfQueue();
  await deleteStore(store);
  return {
    entries: count,
    entryBytes,
    ackFullMs: full.ackMs,
    countFullMs: full.countMs,
    shortEntries: keep,
    ackShortMs: short.ackMs,
    countShortMs: short.countMs,
  };
}
