import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { log } from './toolchain.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Browser tests drive Debian's Chromium: Playwright's own browser download is not reachable here. */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    throw new Error(`Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium`);
  }
  log('installing Chromium from Debian packages');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-liberation']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
}
