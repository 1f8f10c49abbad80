import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildOutputs, staleBuilds } from '../../scripts/lib/freshness.mjs';

const root = resolve(import.meta.dirname, '../..');

/**
 * Runs once before the browser tests: they drive the built app, so the build must be there. Each test
 * file then starts a server of its own (setup-server.ts); nothing else is shared between files.
 */
export default function setup() {
  const missing = buildOutputs(root).filter(({ output }) => !existsSync(output));
  if (missing.length > 0) {
    throw new Error(
      `The browser tests need the build (${missing.map(({ output }) => output).join(', ')} missing). ` +
        'Run: pnpm -r --filter @dental/web --filter @dental/sync-server run build (npm test and npm run test:stress build first).',
    );
  }
  const stale = staleBuilds(root);
  if (stale.length > 0) {
    console.warn(
      `\n  Warning: the ${stale.join(' and ')} build is older than its sources; the tests run the old build.\n`,
    );
  }
}
