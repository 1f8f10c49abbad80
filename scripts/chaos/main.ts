// `pnpm chaos [--short] [--seed N] [--keep-data] [--trace]`: a clinic day offline on three devices, then a
// reconnect during which the server is killed, checked write by write. Run through scripts/chaos.mjs.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values } = parseArgs({
  options: {
    short: { type: 'boolean', default: false },
    seed: { type: 'string' },
    'keep-data': { type: 'boolean', default: false },
    trace: { type: 'boolean', default: false },
  },
});
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
if (!Number.isSafeInteger(seed)) throw new Error(`--seed must be a whole number, got ${values.seed}`);

// Dexie reads the IndexedDB globals when it loads: fake-indexeddb goes in before any store module.
const fromLocalStore = createRequire(join(root, 'packages', 'local-store', 'package.json'));
await import(pathToFileURL(fromLocalStore.resolve('fake-indexeddb/auto')).href);
const { runChaos } = await import('./run.ts');

console.log(
  `chaos (${values.short ? 'short' : 'full'}, seed ${seed}): a fresh server, three devices, an outage, a kill`,
);

const passed = await runChaos({ short: values.short, seed, keepData: values['keep-data'], trace: values.trace, root });
process.exit(passed ? 0 : 1);
