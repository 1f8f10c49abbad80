import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HEADERS } from '@dental/domain/sync/protocol';
import { aPatient } from '@dental/domain/testing/patients';
import { aWeek, open } from '@dental/domain/testing/practices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase, onPostgres, type TestDatabase } from './helpers/test-database.ts';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');

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

interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: string[];
}

/** The real server (src/main.ts) in a process of its own, on the shared database. */
async function startProcess(databaseUrl: string | null, dataDir: string): Promise<ServerProcess> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  return { url: `http://127.0.0.1:${port}`, child, output };
}

async function ready(server: ServerProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output.join('')}`);
    const status = await fetch(`${server.url}/api/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
  }
  throw new Error(`server not ready in ${timeoutMs} ms: ${server.output.join('')}`);
}

async function stop(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolveExit) => server.child.once('exit', resolveExit));
  server.child.kill('SIGTERM');
  await exited;
}

function cookieOf(response: Response): string {
  const sid = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .find((cookie) => cookie.startsWith('sid='));
  if (!sid) throw new Error('no session cookie');
  return sid;
}

// Several processes on one database is what PostgreSQL is for; SQLite is meant for one, but two on one
// file must still never lose or refuse a write. Each pass of `npm test` runs this file on its database;
// what only PostgreSQL shares between processes (request budgets, the hours cache) is checked there only.
describe('two server processes on one database', () => {
  let database: TestDatabase;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let admin: string;

  const call = (server: ServerProcess, path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: {
        origin: server.url,
        'content-type': 'application/json',
        [HEADERS.practice]: '1',
        cookie: admin,
        ...init.headers,
      },
    });

  const signIn = (server: ServerProcess, username: string, password: string) =>
    fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ username, password }),
    });

  beforeAll(async () => {
    database = await emptyDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'dental-two-processes-'));
    if (database.url) {
      // Both start at once on an empty database: one migrates and seeds, the other waits and finds it done.
      a = await startProcess(database.url, dataDir);
      b = await startProcess(database.url, dataDir);
      await Promise.all([ready(a, 120_000), ready(b, 120_000)]);
    } else {
      // SQLite: both on the file in DATA_DIR, the second started once the first has made it.
      a = await startProcess(null, dataDir);
      await ready(a, 120_000);
      b = await startProcess(null, dataDir);
      await ready(b, 120_000);
    }
    const login = await signIn(a, 'admin', 'demo1234');
    expect(login.status).toBe(200);
    admin = cookieOf(login);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map(stop));
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a session made by one process is honoured by the other', async () => {
    const me = await call(b, '/api/auth/me');
    expect(me.status).toBe(200);
  });

  it('a write through one process is pulled through the other', async () => {
    let cursor: string | undefined;
    for (;;) {
      const query = new URLSearchParams({ limit: '5000', ...(cursor ? { cursor } : {}) });
      const page = (await (await call(b, `/api/sync/pull?${query}`)).json()) as { cursor: string; hasMore: boolean };
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    const patient = aPatient({ id: randomUUID() });
    const created = await call(a, '/api/patients', { method: 'POST', body: JSON.stringify(patient) });
    expect(created.status).toBe(201);
    const page = (await (await call(b, `/api/sync/pull?cursor=${encodeURIComponent(cursor as string)}`)).json()) as {
      changes: { table: string; id: string }[];
    };
    expect(page.changes.filter((change) => change.table === 'patients').map((change) => change.id)).toEqual([
      patient.id,
    ]);
  });

  it('an Idempotency-Key replayed to the other process returns the stored result', async () => {
    const key = randomUUID();
    const body = JSON.stringify(aPatient({ id: randomUUID() }));
    const first = await call(a, '/api/patients', { method: 'POST', body, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(201);
    const again = await call(b, '/api/patients', { method: 'POST', body, headers: { 'idempotency-key': key } });
    expect(again.status).toBe(201);
    expect(again.headers.get(HEADERS.idempotentReplayed)).toBe('true');
    expect(await again.json()).toEqual(await first.json());
  });

  it('a lockout earned through both processes holds in both', async () => {
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const failed = await signIn(attempt % 2 === 0 ? a : b, 'receptionist', 'wrong password');
      expect(failed.status).toBe(401);
    }
    // The fifth failure, counted with the four before it whichever process saw them, locks the username.
    const fifth = await signIn(a, 'receptionist', 'wrong password');
    expect(fifth.status).toBe(429);
    for (const server of [a, b]) {
      const refused = await signIn(server, 'receptionist', 'demo1234');
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { message: string }).message).toMatch(/locked/);
    }
  });

  it('writes sent to both processes at once all land: none refused, none lost', async () => {
    const ids = Array.from({ length: 40 }, () => randomUUID());
    const statuses = await Promise.all(
      ids.map(async (id, index) => {
        const response = await call(index % 2 === 0 ? a : b, '/api/patients', {
          method: 'POST',
          body: JSON.stringify(aPatient({ id })),
        });
        return response.status;
      }),
    );
    expect(statuses).toEqual(ids.map(() => 201));
    for (const [index, id] of ids.entries()) {
      expect((await call(index % 2 === 0 ? b : a, `/api/patients/${id}`)).status).toBe(200);
    }
  });

  it.runIf(onPostgres())(
    "a change to a practice's hours through one process is seen at once through the other",
    async () => {
      const read = async (server: ServerProcess) =>
        (await (await call(server, '/api/practice-hours-unified/1')).json()) as {
          hours: { saturday: { closeTime: string | null } };
          cached: boolean;
        };
      await read(a);
      await read(b);
      expect((await read(b)).cached).toBe(true);
      const hours = aWeek({ saturday: open('09:00', '13:00') });
      const saved = await call(a, '/api/practice-hours-unified/1', { method: 'PUT', body: JSON.stringify({ hours }) });
      expect(saved.status).toBe(200);
      await expect.poll(async () => (await read(b)).hours.saturday.closeTime, { timeout: 5_000 }).toBe('13:00');
    },
  );
});
