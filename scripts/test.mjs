// `npm test`: installs what the tests need, then lint, type-check, import rules, unit and server tests, build, browser tests.
import { ensureChromium } from './lib/chromium.mjs';
import { installDependencies, log, pnpm } from './lib/toolchain.mjs';

const steps = [];
function step(name, action) {
  const started = Date.now();
  log(name);
  action();
  steps.push(`${name}: ${Math.round((Date.now() - started) / 1000)} s`);
}

const started = Date.now();
step('install dependencies', installDependencies);
step('install Chromium', ensureChromium);
step('lint and format check (Biome)', () => pnpm(['exec', 'biome', 'ci', '.']));
step('type-check (tsc -b)', () => pnpm(['exec', 'tsc', '-b']));
step('import rules (dependency-cruiser)', () => pnpm(['run', 'check:imports']));
step('unit and server tests (vitest)', () =>
  pnpm([
    'exec',
    'vitest',
    'run',
    '--project',
    'domain',
    '--project',
    'local-store',
    '--project',
    'web',
    '--project',
    'server',
  ]),
);
step('build', () => pnpm(['-r', '--filter', '@dental/web', '--filter', '@dental/sync-server', 'run', 'build']));
step('chaos (short)', () => pnpm(['run', 'chaos', '--short']));
step('browser tests (vitest + Playwright + Chromium)', () => pnpm(['exec', 'vitest', 'run', '--project', 'e2e']));
log(`all checks passed in ${Math.round((Date.now() - started) / 1000)} s\n  ${steps.join('\n  ')}`);
