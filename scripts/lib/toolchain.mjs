// Shared by start.mjs, test.mjs and bench.mjs: they run on a machine with Node 20 and npm only.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PNPM_VERSION = '12.21.0';
const localPnpm = join(root, '.tools', 'node_modules', '.bin', 'pnpm');

export function log(message) {
  process.stdout.write(`\n> ${message}\n`);
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) {
    const why = result.error ? result.error.message : `exit code ${result.status ?? result.signal}`;
    throw new Error(`${command} ${args.join(' ')} failed (${why})`);
  }
}

function pnpmOnPath() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  return probe.status === 0 && probe.stdout.trim() === PNPM_VERSION;
}

/** pnpm pinned to one version, installed into .tools/ so nothing global is touched. */
export function pnpmCommand() {
  if (pnpmOnPath()) return 'pnpm';
  if (!existsSync(localPnpm)) {
    log(`installing pnpm ${PNPM_VERSION} into .tools/`);
    run('npm', ['install', '--prefix', join(root, '.tools'), '--no-audit', '--no-fund', `pnpm@${PNPM_VERSION}`]);
  }
  return localPnpm;
}

/** better-sqlite3 compiles from source; node-gyp must use the installed Node headers, not download them. */
export function installEnv() {
  const env = { ...process.env };
  if (!env.npm_config_nodedir && existsSync('/usr/include/node/node.h')) env.npm_config_nodedir = '/usr';
  return env;
}

export function pnpm(args, options = {}) {
  run(pnpmCommand(), args, { env: installEnv(), ...options });
}

export function installDependencies() {
  log('installing dependencies');
  pnpm(['install', '--reporter=append-only']);
}
