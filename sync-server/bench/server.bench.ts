/**
 * Server figures for issue 11, run by `pnpm bench` (or BENCH_ONLY=server):
 * - the duplicate check while many patients share one birth date, against the same creates with distinct
 *   birth dates (the flat case) and against the check it replaced (every patient with that date loaded);
 * - the rate limit's sizing: 20 devices replaying a full day's outbox and catching up at once, from one
 *   clinic address, with the production limits.
 * Prints a table and writes bench-results/server.json.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findDuplicate } from '@dental/domain/patients/duplicates';
import { PUSH_BATCH_MAX, PUSH_PATH } from '@dental/domain/sync/protocol';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { defaultSettings } from '../src/config.ts';
import type { ServerSettings } from '../src/context.ts';
import { type Db, migrateToLatest, openDatabase } from '../src/db/connection.ts';
import { seedDemoData } from '../src/seed/index.ts';
import { scryptHasher } from '../src/services/passwords.ts';

const START = new Date('2026-11-24T14:00:00.000Z');
const hasher = scryptHasher({ N: 1024, r: 8, p: 1 });
const SHARED_BIRTH_DATE = '1980-02-29';
const CREATES = 2000;
const DEVICES = 20;
/** A busy reception tablet through an 8-hour outage: bookings, check-ins, edits and check-outs. */
const WRITES_PER_DEVICE = 300;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

async function freshApp(
  settings: Partial<ServerSettings> = {},
): Promise<{ app: FastifyInstance; db: Db; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'dental-bench-server-'));
  const db = openDatabase(join(dir, 'bench.sqlite'));
  await migrateToLatest(db);
  await seedDemoData(db, { clock: () => START, hasher, patientCount: 2000 });
  const app = await buildApp({
    db,
    clock: () => new Date(),
    hasher,
    settings: { ...defaultSettings(null), ...settings },
  });
  return { app, db, dir };
}

async function signIn(app: FastifyInstance, username: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: '192.0.2.50',
    payload: { username, password: 'demo1234' },
  });
  const sid = response.cookies.find((cookie) => cookie.name === 'sid');
  if (response.statusCode !== 200 || !sid) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return `sid=${sid.value}`;
}

interface CreateRun {
  creates: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  firstHundredP50Ms: number;
  lastHundredP50Ms: number;
}

/** Creates one patient as a front desk's outbox replays it; returns how long the server took. */
async function createPatient(app: FastifyInstance, cookie: string, n: number, prefix: string, birthDate: string) {
  const before = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/api/patients',
    headers: { cookie, 'x-practice-id': '2' },
    payload: {
      id: randomUUID(),
      firstName: `${prefix}${n}`,
      lastName: `Twin${prefix}${n}`,
      phone: `${prefix === 'Bench' ? '403' : '780'}${String(5_550_000 + n).padStart(7, '0')}`,
      dateOfBirth: birthDate,
    },
  });
  if (response.statusCode !== 201) throw new Error(`create ${n}: ${response.statusCode} ${response.body}`);
  return performance.now() - before;
}

function summarise(times: number[]): CreateRun {
  const totalSeconds = times.reduce((sum, ms) => sum + ms, 0) / 1000;
  return {
    creates: times.length,
    perSecond: round(times.length / totalSeconds, 0),
    p50Ms: round(quantile(times, 0.5)),
    p95Ms: round(quantile(times, 0.95)),
    firstHundredP50Ms: round(quantile(times.slice(0, 100), 0.5)),
    lastHundredP50Ms: round(quantile(times.slice(-100), 0.5)),
  };
}

/** The check this issue replaced: every patient of the practice with the birth date, compared in memory. */
async function replacedCheckMs(db: Db): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const before = performance.now();
    const rows = await db
      .selectFrom('patients')
      .selectAll()
      .where('practice_id', '=', 2)
      .where('date_of_birth', '=', SHARED_BIRTH_DATE)
      .execute();
    findDuplicate(
      { firstName: 'Nobody', lastName: 'Newcomer', dateOfBirth: SHARED_BIRTH_DATE, phone: '4035559999' },
      rows.map((row) => ({
        firstName: row.first_name,
        lastName: row.last_name,
        dateOfBirth: row.date_of_birth,
        phone: row.phone,
      })),
    );
    times.push(performance.now() - before);
  }
  return round(quantile(times, 0.5));
}

async function duplicateCheckBench() {
  // One session sending 2,000 creates in seconds is this measurement, not a client the limit is for.
  const unlimited = { rateLimitMax: 1_000_000 };
  const shared = await freshApp(unlimited);
  const distinct = await freshApp(unlimited);
  try {
    const sharedCookie = await signIn(shared.app, 'admin');
    const distinctCookie = await signIn(distinct.app, 'admin');
    const dayAfter1950 = (i: number) => new Date(Date.UTC(1950, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    // Both apps warm up (JIT, statement cache), then run in alternating blocks of 100, so machine load and
    // run order weigh on both alike.
    for (let i = 0; i < 300; i++) {
      await createPatient(shared.app, sharedCookie, i, 'Warm', dayAfter1950(i));
      await createPatient(distinct.app, distinctCookie, i, 'Warm', dayAfter1950(i));
    }
    const sharedTimes: number[] = [];
    const distinctTimes: number[] = [];
    for (let block = 0; block < CREATES; block += 100) {
      for (let i = block; i < block + 100; i++) {
        sharedTimes.push(await createPatient(shared.app, sharedCookie, i, 'Bench', SHARED_BIRTH_DATE));
      }
      for (let i = block; i < block + 100; i++) {
        distinctTimes.push(await createPatient(distinct.app, distinctCookie, i, 'Bench', dayAfter1950(i)));
      }
    }
    const sharedRun = summarise(sharedTimes);
    const distinctRun = summarise(distinctTimes);
    return {
      sharedBirthDate: sharedRun,
      distinctBirthDates: distinctRun,
      ratioP50: round(sharedRun.p50Ms / distinctRun.p50Ms),
      replacedCheckP50MsAt2000: await replacedCheckMs(shared.db),
    };
  } finally {
    for (const { app, db, dir } of [shared, distinct]) {
      await app.close();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

interface DeviceRun {
  requests: number;
  refused: number;
  lowestRemaining: number;
}

/** One device: sign in, push its day's outbox in batches, then pull until caught up. */
async function syncDevice(app: FastifyInstance, device: number): Promise<DeviceRun> {
  const cookie = await signIn(app, 'admin');
  const run: DeviceRun = { requests: 1, refused: 0, lowestRemaining: Number.POSITIVE_INFINITY };
  const note = (response: { statusCode: number; headers: Record<string, unknown> }) => {
    run.requests += 1;
    if (response.statusCode === 429) run.refused += 1;
    const remaining = Number(response.headers['x-ratelimit-remaining']);
    if (Number.isFinite(remaining)) run.lowestRemaining = Math.min(run.lowestRemaining, remaining);
  };
  const actions = Array.from({ length: WRITES_PER_DEVICE }, (_, i) => ({
    id: randomUUID(),
    method: 'POST' as const,
    endpoint: '/api/patients',
    body: {
      id: randomUUID(),
      firstName: `Device${device}`,
      lastName: `Write${i}`,
      phone: `587${String(device * 100_000 + i).padStart(7, '0')}`,
    },
  }));
  for (let start = 0; start < actions.length; start += PUSH_BATCH_MAX) {
    const response = await app.inject({
      method: 'POST',
      url: PUSH_PATH,
      remoteAddress: '192.0.2.50',
      headers: { cookie, 'x-practice-id': '3' },
      payload: { actions: actions.slice(start, start + PUSH_BATCH_MAX) },
    });
    note(response);
  }
  let cursor: string | null = null;
  for (;;) {
    const response = await app.inject({
      url: `/api/sync/pull${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      remoteAddress: '192.0.2.50',
      headers: { cookie, 'x-practice-id': '3' },
    });
    note(response);
    if (response.statusCode !== 200) break;
    const page = response.json() as { cursor: string; hasMore: boolean };
    cursor = page.cursor;
    if (!page.hasMore) break;
  }
  return run;
}

async function rateLimitBench() {
  const { app, db, dir } = await freshApp();
  try {
    const started = performance.now();
    const runs = await Promise.all(Array.from({ length: DEVICES }, (_, device) => syncDevice(app, device)));
    const seconds = (performance.now() - started) / 1000;
    const settings = defaultSettings(null);
    return {
      devices: DEVICES,
      writesPerDevice: WRITES_PER_DEVICE,
      bucket: { capacity: settings.rateLimitMax, windowMs: settings.rateLimitWindowMs },
      requestsPerDeviceMax: Math.max(...runs.map((run) => run.requests)),
      requestsTotal: runs.reduce((sum, run) => sum + run.requests, 0),
      refused: runs.reduce((sum, run) => sum + run.refused, 0),
      lowestRemaining: Math.min(...runs.map((run) => run.lowestRemaining)),
      seconds: round(seconds, 1),
    };
  } finally {
    await app.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

const duplicates = await duplicateCheckBench();
const rateLimit = await rateLimitBench();

console.log(
  '\nDuplicate check, 2,000 creates in one practice (sequential, as an outbox replays them; creates/s from server time)',
);
console.log('| run | creates/s | p50 ms | p95 ms | p50 first 100 | p50 last 100 |');
console.log('|---|---|---|---|---|---|');
for (const [label, run] of [
  ['all sharing one birth date', duplicates.sharedBirthDate],
  ['distinct birth dates (peer)', duplicates.distinctBirthDates],
] as const) {
  console.log(
    `| ${label} | ${run.perSecond} | ${run.p50Ms} | ${run.p95Ms} | ${run.firstHundredP50Ms} | ${run.lastHundredP50Ms} |`,
  );
}
console.log(`shared / distinct p50: ${duplicates.ratioP50}x`);
console.log(
  `the replaced check (load every patient with the date) at 2,000 sharing it: ${duplicates.replacedCheckP50MsAt2000} ms p50 for the check alone`,
);
console.log(
  `\nRate limit sizing: ${DEVICES} devices from one address, each replaying ${WRITES_PER_DEVICE} writes then pulling`,
);
console.log(
  `bucket ${rateLimit.bucket.capacity} per ${rateLimit.bucket.windowMs / 60_000} min per session | requests per device (max) ${rateLimit.requestsPerDeviceMax} | total ${rateLimit.requestsTotal} | refused (429) ${rateLimit.refused} | lowest tokens left ${rateLimit.lowestRemaining} | ${rateLimit.seconds} s`,
);

const out = resolve(import.meta.dirname, '../../bench-results');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'server.json'), `${JSON.stringify({ duplicates, rateLimit }, null, 2)}\n`);
if (rateLimit.refused > 0) {
  console.error('A device replaying its day was refused by the rate limit.');
  process.exitCode = 1;
}
