import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { vi } from 'vitest';

/** The built server; the global setup checks that it exists before any file starts one. */
export const SERVER_ENTRY = resolve(import.meta.dirname, '../../sync-server/dist/main.js');

interface RunningServer {
  url: string;
  child: ChildProcess;
  dataDir: string;
}

let current: RunningServer | null = null;

/** The data directory of this test file's server: its database, and the e-mails it writes under mail/. */
export function serverDataDir(): string {
  if (!current) throw new Error('No e2e server is running: web/e2e/setup-server.ts starts one for each test file.');
  return current.dataDir;
}

/** The address of this test file's own server (started by setup-server.ts before the file's tests). */
export function serverURL(): string {
  if (!current) throw new Error('No e2e server is running: web/e2e/setup-server.ts starts one for each test file.');
  return current.url;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('exit', () => done());
  });
}

/** Polls until the server answers (or has died): the state waited for is "listening", not a time. */
async function answers(url: string, child: ChildProcess, timeoutMs: number): Promise<boolean> {
  let died = false;
  void exited(child).then(() => {
    died = true;
  });
  try {
    await vi.waitUntil(
      async () => {
        if (died) return true;
        try {
          return (await fetch(url)).status < 500;
        } catch {
          return false; // not listening yet
        }
      },
      { timeout: timeoutMs, interval: 100 },
    );
  } catch {
    throw new Error(`the e2e server did not answer ${url} within ${timeoutMs} ms`);
  }
  return !died;
}

/**
 * Starts the built server on a fresh data directory (so it seeds the demo data anew) and a free port.
 * Each test file gets its own, so no file sees another's bookings or patients.
 */
export async function startServer(timeoutMs = 90_000): Promise<string> {
  if (current) return current.url;
  const dataDir = mkdtempSync(join(tmpdir(), 'dental-e2e-'));
  // Another process may take the probed port before the server binds it: then try a new one.
  for (let attempt = 1; attempt <= 3; attempt++) {
    const port = await freePort();
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const url = `http://127.0.0.1:${port}`;
    let up: boolean;
    try {
      up = await answers(`${url}/api/auth/me`, child, timeoutMs);
    } catch (error) {
      child.kill('SIGKILL');
      await exited(child);
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
    if (up) {
      current = { url, child, dataDir };
      // Should the worker end without running afterAll (an interrupted run), the server and its data go with it.
      process.once('exit', () => {
        child.kill('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
      });
      return url;
    }
    if (attempt === 3) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`the e2e server exited with code ${child.exitCode} (${attempt} attempts)`);
    }
  }
  throw new Error('unreachable');
}

/** SIGTERM (the server closes its database), then the data directory goes. */
export async function stopServer(timeoutMs = 15_000): Promise<void> {
  const server = current;
  current = null;
  if (!server) return;
  server.child.kill('SIGTERM');
  const killed = setTimeout(() => server.child.kill('SIGKILL'), timeoutMs);
  await exited(server.child);
  clearTimeout(killed);
  rmSync(server.dataDir, { recursive: true, force: true });
}
