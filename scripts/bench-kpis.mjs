// The practice manager's KPI report over a year of data at the largest demo practice (issue 19), on SQLite and a
// throwaway PostgreSQL server: sync-server/bench/kpis.bench.ts under tsx, which prints its table and saves
// bench-results/kpis.json.
import { join } from 'node:path';
import { startPostgres } from './lib/postgres.mjs';
import { installEnv, log, root, run } from './lib/toolchain.mjs';

export async function runKpisBench() {
  log('KPI report: starting a throwaway PostgreSQL server');
  const postgres = await startPostgres({ database: 'dental_bench_kpis' });
  try {
    run(process.execPath, ['--import', 'tsx', join('bench', 'kpis.bench.ts')], {
      cwd: join(root, 'sync-server'),
      env: { ...installEnv(), BENCH_POSTGRES_URL: postgres.url },
    });
  } finally {
    postgres.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runKpisBench();
