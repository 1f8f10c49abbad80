// What the browser benchmarks share: the built app, served by the real server on a fresh data directory.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isStale } from './freshness.mjs';
import { log, pnpm, root } from './toolchain.mjs';

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForServer(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

export function buildIfStale() {
  const packages = join(root, 'packages');
  const lockfile = join(root, 'pnpm-lock.yaml');
  const serverStale = isStale(join(root, 'sync-server', 'dist', 'main.js'), [
    join(root, 'sync-server', 'src'),
    packages,
    lockfile,
  ]);
  const webStale = isStale(join(root, 'web', 'dist', 'index.html'), [join(root, 'web', 'src'), packages, lockfile]);
  if (serverStale || webStale) {
    log('building the server and the web app for the browser benchmarks');
    pnpm(['-r', '--filter', '@dental/web', '--filter', '@dental/sync-server', 'run', 'build']);
  }
}

export async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'dental-bench-'));
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'sync-server', 'dist', 'main.js')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForServer(`${baseURL}/api/auth/me`, child, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, stop };
}
