/**
 * Load on the real server (dist/main.js) for issue 15, run by `pnpm bench` (server section): 50 concurrent
 * connections for 20 s of GET /api/appointments?date= (the schedule's read), then of a write mix (a patient
 * created, booked and checked in, in that order, on each connection), on SQLite and on PostgreSQL, with one
 * and with two server processes sharing the database. Prints req/s and latency percentiles, and writes
 * bench-results/load.json. PostgreSQL comes from BENCH_POSTGRES_URL (scripts/bench-load.mjs starts one).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { addDays } from '@dental/domain/scheduling/booking-rules';
import { HEADERS } from '@dental/domain/sync/protocol';
import { instantAt, localDate } from '@dental/domain/time/zones';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/connection.ts';

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const ZONE = 'America/Toronto';
const root = resolve(import.meta.dirname, '..', '..');
const serverMain = join(root, 'sync-server', 'dist', 'main.js');

type DatabaseKind = 'sqlite' | 'postgres';
type Workload = 'read' | 'write mix';

interface Figures {
  workload: Workload;
  database: DatabaseKind;
  processes: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error())));
    });
  });
}

interface Running {
  url: string;
  child: ChildProcess;
}

async function startServer(env: Readonly<Record<string, string | undefined>>): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, [serverMain], {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000000' },
    stdio: ['ignore', process.env.LOAD_SERVER_LOG ? 'inherit' : 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const status = await fetch(`${url}/api/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return { url, child };
    await new Promise((wait) => setTimeout(wait, 200));
  }
  throw new Error('the server did not start within 2 minutes');
}

async function stopServer(server: Running): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((done) => server.child.once('exit', done));
  server.child.kill('SIGTERM');
  await exited;
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'demo1234' }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** A Monday-to-Friday instant between 9:00 and 16:30 in Toronto, spread over the coming year. */
function bookableInstant(connection: number, round: number): string {
  let date = addDays(localDate(new Date().toISOString(), ZONE), 1 + ((connection * 7 + round) % 300));
  while ([0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay())) date = addDays(date, 1);
  const slot = (connection + round) % 16;
  const time = `${String(9 + Math.floor(slot / 2)).padStart(2, '0')}:${slot % 2 === 0 ? '00' : '30'}`;
  return instantAt(date, time, ZONE);
}

interface FlowContext {
  connection?: number;
  round?: number;
  patientId?: string;
  appointmentId?: string;
}

let nextConnection = 0;

/** One connection's loop: a new patient, their booking, their check-in (ids carried from answer to request). */
function writeMix(): autocannon.Request[] {
  return [
    {
      method: 'POST',
      path: '/api/patients',
      setupRequest: (request, context: FlowContext) => {
        context.connection ??= nextConnection++;
        context.round = (context.round ?? -1) + 1;
        context.patientId = randomUUID();
        const tag = `${context.connection}x${context.round}`;
        return {
          ...request,
          body: JSON.stringify({
            id: context.patientId,
            firstName: 'Load',
            lastName: `Bench${tag}`,
            phone: `437${String(1_000_000 + ((context.connection * 100_003 + context.round) % 8_999_999)).slice(0, 7)}`,
            email: `load.${tag}@example.ca`,
            dateOfBirth: '1990-05-05',
            province: 'ON',
          }),
        };
      },
    },
    {
      method: 'POST',
      path: '/api/appointments',
      setupRequest: (request, context: FlowContext) => {
        context.appointmentId = randomUUID();
        return {
          ...request,
          body: JSON.stringify({
            id: context.appointmentId,
            patientId: context.patientId,
            providerId: 2,
            treatmentRoom: `Room ${1 + ((context.connection ?? 0) % 14)}`,
            appointmentDate: bookableInstant(context.connection ?? 0, context.round ?? 0),
            duration: 30,
            procedure: 'Cleaning',
            // The load is about the write path; a clash with an earlier round's booking books anyway.
            override: true,
          }),
        };
      },
    },
    {
      method: 'PATCH',
      setupRequest: (request, context: FlowContext) => ({
        ...request,
        path: `/api/appointments/${context.appointmentId}`,
        body: JSON.stringify({ status: 'checked-in', arrivalTime: '09:55', waitingArea: 'main' }),
      }),
    },
  ];
}

async function load(urls: string[], cookie: string, workload: Workload): Promise<autocannon.Result[]> {
  const today = localDate(new Date().toISOString(), ZONE);
  const headers = {
    cookie,
    'content-type': 'application/json',
    [HEADERS.practice]: '1',
  };
  // Connections split evenly between the processes, as a load balancer would spread them.
  const share = Math.ceil(CONNECTIONS / urls.length);
  return Promise.all(
    urls.map(
      (url) =>
        new Promise<autocannon.Result>((done, fail) => {
          autocannon(
            {
              url,
              connections: share,
              duration: SECONDS,
              headers,
              ...(workload === 'read'
                ? { requests: [{ method: 'GET', path: `/api/appointments?date=${today}` }] }
                : { requests: writeMix() }),
            },
            (error, result) => (error ? fail(error) : done(result)),
          );
        }),
    ),
  );
}

function combine(results: autocannon.Result[], workload: Workload, database: DatabaseKind): Figures {
  // Percentiles of two runs side by side: the slower process's, so the figure never flatters.
  return {
    workload,
    database,
    processes: results.length,
    requestsPerSecond: Math.round(results.reduce((sum, result) => sum + result.requests.average, 0)),
    p50Ms: Math.max(...results.map((result) => result.latency.p50)),
    p99Ms: Math.max(...results.map((result) => result.latency.p99)),
    requests: results.reduce((sum, result) => sum + result.requests.total, 0),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    errors: results.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
  };
}

/** A fresh database: a new SQLite folder, or a new database on the benchmark's PostgreSQL server. */
async function freshDatabase(kind: DatabaseKind, name: string) {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'dental-load-'));
    return { env: { DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.BENCH_POSTGRES_URL as string;
  const admin = openDatabase({ kind: 'postgres', url: adminUrl, poolSize: 1 });
  await sql`create database ${sql.id(name)}`.execute(admin);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
      await admin.destroy();
    },
  };
}

async function configuration(database: DatabaseKind, processes: number): Promise<Figures[]> {
  const storage = await freshDatabase(database, `load_${database}_${processes}_${process.pid}`);
  const servers: Running[] = [];
  try {
    // The first process migrates and seeds; the second joins the ready database.
    for (let index = 0; index < processes; index += 1) servers.push(await startServer(storage.env));
    const cookie = await signIn(servers[0]?.url as string);
    const figures: Figures[] = [];
    for (const workload of ['read', 'write mix'] as const) {
      process.stdout.write(`  ${database}, ${processes} process${processes > 1 ? 'es' : ''}, ${workload}… `);
      const result = combine(
        await load(
          servers.map((server) => server.url),
          cookie,
          workload,
        ),
        workload,
        database,
      );
      process.stdout.write(`${result.requestsPerSecond} req/s\n`);
      figures.push(result);
    }
    return figures;
  } finally {
    for (const server of servers) await stopServer(server);
    await storage.drop();
  }
}

const figures: Figures[] = [];
console.log(`\nLoad: ${CONNECTIONS} connections for ${SECONDS} s per run, the real server (dist/main.js)`);
for (const database of ['sqlite', 'postgres'] as const) {
  for (const processes of [1, 2]) figures.push(...(await configuration(database, processes)));
}

console.log('\n| workload | database | processes | req/s | p50 | p99 | requests | non-2xx | errors |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const row of figures) {
  console.log(
    `| ${row.workload} | ${row.database} | ${row.processes} | ${row.requestsPerSecond} | ${row.p50Ms} ms | ` +
      `${row.p99Ms} ms | ${row.requests} | ${row.non2xx} | ${row.errors} |`,
  );
}
const out = join(root, 'bench-results');
mkdirSync(out, { recursive: true });
writeFileSync(
  join(out, 'load.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), connections: CONNECTIONS, seconds: SECONDS, figures }, null, 2)}\n`,
);
