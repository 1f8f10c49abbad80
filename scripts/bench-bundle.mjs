// The JavaScript a browser must download to show the sign-in page: the entry chunk and its static imports.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const TARGET_KB = 250;

export function measureFirstScreen(distDir) {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('no entry chunk in the Vite manifest');
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit(entryKey);
  const size = (file) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
  const chunks = [...seen].map((key) => ({ file: manifest[key].file, gzipBytes: size(manifest[key].file) }));
  const css = [...seen].flatMap((key) => manifest[key].css ?? []).map((file) => ({ file, gzipBytes: size(file) }));
  const lazy = Object.values(manifest)
    .filter((chunk) => chunk.file.endsWith('.js') && !chunks.some((c) => c.file === chunk.file))
    .map((chunk) => ({ file: chunk.file, gzipBytes: size(chunk.file) }));
  const totalKb = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0) / 1024;
  return { totalKb, targetKb: TARGET_KB, chunks, css, lazy };
}

export function printFirstScreen(result) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `\nFirst screen (sign-in) JavaScript, gzipped: ${result.totalKb.toFixed(1)} KB (target under ${result.targetKb} KB)`,
  );
  for (const chunk of [...result.chunks].sort((a, b) => b.gzipBytes - a.gzipBytes))
    console.log(`  ${kb(chunk.gzipBytes).padStart(10)}  ${chunk.file}`);
  console.log(`  CSS: ${result.css.map((c) => `${c.file} ${kb(c.gzipBytes)}`).join(', ')}`);
  console.log(`Loaded later (lazy): ${result.lazy.length} chunks, largest:`);
  for (const chunk of [...result.lazy].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 5))
    console.log(`  ${kb(chunk.gzipBytes).padStart(10)}  ${chunk.file}`);
}
