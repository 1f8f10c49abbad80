// `npm start`: install, build what changed, then serve the app and API (migrates and seeds on first run).
import { join } from 'node:path';
import { isStale } from './lib/freshness.mjs';
import { supervise } from './lib/supervise.mjs';
import { installDependencies, log, pnpm, root } from './lib/toolchain.mjs';

const started = Date.now();
installDependencies();

const domain = join(root, 'packages');
const lockfile = join(root, 'pnpm-lock.yaml');
if (
  isStale(join(root, 'web', 'dist', 'index.html'), [join(root, 'web'), join(root, 'service-worker'), domain, lockfile])
) {
  log('building the web app');
  pnpm(['--filter', '@dental/web', 'run', 'build']);
}
if (isStale(join(root, 'sync-server', 'dist', 'main.js'), [join(root, 'sync-server', 'src'), domain, lockfile])) {
  log('building the server');
  pnpm(['--filter', '@dental/sync-server', 'run', 'build']);
}

log(`ready to serve after ${Math.round((Date.now() - started) / 1000)} s of install and build`);
supervise(process.execPath, ['--enable-source-maps', join(root, 'sync-server', 'dist', 'main.js')], {
  cwd: root,
  env: process.env,
});
