// Patient quick search per keystroke against Fuse.js and uFuzzy (issue 12): packages/domain/bench/search.bench.ts
// under tsx, which prints its table and saves bench-results/search.json.
import { join } from 'node:path';
import { root, run } from './lib/toolchain.mjs';

export function runSearchBench() {
  run(process.execPath, ['--import', 'tsx', join('bench', 'search.bench.ts')], {
    cwd: join(root, 'packages', 'domain'),
  });
}
