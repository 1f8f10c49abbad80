// Server figures (duplicate check under a shared birth date, rate-limit sizing for 20 devices):
// sync-server/bench/server.bench.ts under tsx, which prints its tables and saves bench-results/server.json.
import { join } from 'node:path';
import { root, run } from './lib/toolchain.mjs';

export function runServerBench() {
  run(process.execPath, ['--import', 'tsx', join('bench', 'server.bench.ts')], { cwd: join(root, 'sync-server') });
}
