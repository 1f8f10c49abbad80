// `pnpm chaos [--short] [--seed N] [--keep-data] [--trace]`: three devices work a clinic day offline against
// the real server, which is killed during the catch-up; every write is then accounted for (scripts/chaos/).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isStale } from './lib/freshness.mjs';
import { log, pnpm, root } from './lib/toolchain.mjs';

if (
  isStale(join(root, 'sync-server', 'dist', 'main.js'), [
    join(root, 'sync-server', 'src'),
    join(root, 'packages'),
    join(root, 'pnpm-lock.yaml'),
  ])
) {
  log('building the server');
  pnpm(['--filter', '@dental/sync-server', 'run', 'build']);
}

// tsx is the server's dev dependency: Node 20 runs the TypeScript harness through its loader.
const tsx = createRequire(join(root, 'sync-server', 'package.json')).resolve('tsx');
const result = spawnSync(
  process.execPath,
  ['--import', pathToFileURL(tsx).href, join(root, 'scripts', 'chaos', 'main.ts'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
