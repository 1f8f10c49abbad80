import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === '.tsbuild') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when the output is missing or older than any of its inputs. */
export function isStale(output, inputs) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return inputs.some((input) => newestMtime(input) > built);
}

/**
 * What `pnpm build` makes for the browser tests, each with the sources it is built from: the server
 * bundle and the web app (with its service worker). The lockfile counts, since a dependency change
 * changes the output.
 */
export function buildOutputs(root) {
  const packages = join(root, 'packages');
  const lockfile = join(root, 'pnpm-lock.yaml');
  return [
    {
      name: 'sync-server',
      output: join(root, 'sync-server', 'dist', 'main.js'),
      inputs: [join(root, 'sync-server', 'src'), join(root, 'sync-server', 'package.json'), packages, lockfile],
    },
    {
      name: 'web',
      output: join(root, 'web', 'dist', 'index.html'),
      inputs: [
        join(root, 'web', 'src'),
        join(root, 'web', 'public'),
        join(root, 'web', 'index.html'),
        join(root, 'web', 'vite.config.ts'),
        join(root, 'web', 'package.json'),
        join(root, 'service-worker', 'src'),
        packages,
        lockfile,
      ],
    },
  ];
}

/** The names of the build outputs that are missing or older than a source of theirs. */
export function staleBuilds(root) {
  return buildOutputs(root)
    .filter(({ output, inputs }) => isStale(output, inputs))
    .map(({ name }) => name);
}
