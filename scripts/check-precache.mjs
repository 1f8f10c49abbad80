// Fails the build when a file the app may load offline is missing from the service worker's precache.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const dist = process.argv[2] ?? 'dist';
const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
const precached = new Set([...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1].replace(/^\//, '')));

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [relative(dist, path)];
  });
}

const needed = files(dist).filter(
  (file) => /\.(js|css|html|png|svg|webmanifest|woff2)$/.test(file) && file !== 'sw.js',
);
const missing = needed.filter((file) => !precached.has(file));
if (missing.length > 0) {
  console.error(`Not precached (the app would break offline): ${missing.join(', ')}`);
  process.exit(1);
}
console.log(`precache check: all ${needed.length} app files are in the service worker's precache`);
