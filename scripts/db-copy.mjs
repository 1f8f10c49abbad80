// `npm run db:copy -- --to postgres://… [--from data/dental.sqlite]`: builds the server's tools when stale,
// then copies the SQLite database into an empty PostgreSQL database (sync-server/src/copy-database.ts).
import { join } from 'node:path';
import { isStale } from './lib/freshness.mjs';
import { installDependencies, log, pnpm, root, run } from './lib/toolchain.mjs';

installDependencies();
const tool = join(root, 'sync-server', 'dist', 'copy-database.js');
if (isStale(tool, [join(root, 'sync-server', 'src'), join(root, 'packages'), join(root, 'pnpm-lock.yaml')])) {
  log('building the server and its tools');
  pnpm(['--filter', '@dental/sync-server', 'run', 'build']);
}
const args = process.argv.slice(2).filter((arg) => arg !== '--');
try {
  run(process.execPath, ['--enable-source-maps', tool, ...args], { cwd: root });
} catch {
  process.exit(1);
}
