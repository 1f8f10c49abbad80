import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { log } from './toolchain.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The flags every headless run here needs (no sandbox or GPU in CI containers, no background traffic). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

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
