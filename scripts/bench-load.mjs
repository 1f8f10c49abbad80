// The server under load (sync-server/bench/load.bench.ts) on SQLite and on a throwaway PostgreSQL server,
// one and two processes each; builds the server first when it is stale.
import { join } from 'node:path';
import { buildIfStale } from './lib/bench-server.mjs';
import { startPostgres } from './lib/postgres.mjs';
import { installEnv, log, root, run } from './lib/toolchain.mjs';

export async function runLoadBench() {
  buildIfStale();
  log('server load: starting a throwaway PostgreSQL server');
  const postgres = await startPostgres({ database: 'dental_bench' });
  try {
    run(process.execPath, ['--import', 'tsx', join('bench', 'load.bench.ts')], {
      cwd: join(root, 'sync-server'),
      env: { ...installEnv(), BENCH_POSTGRES_URL: postgres.url },
    });
  } finally {
    postgres.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runLoadBench();
