// `npm run test:e2e`: browser tests only, against the current build.
import { ensureChromium } from './lib/chromium.mjs';
import { pnpm } from './lib/toolchain.mjs';

ensureChromium();
pnpm(['exec', 'vitest', 'run', '--project', 'e2e', ...process.argv.slice(2)]);
