// The catalogue check of `npm test`: Lingui's own extractor reads the code, and the run fails when a text
// in code is missing from a catalogue, when a catalogue keeps a text no code uses, when a French text is
// empty, or when it lacks a placeholder its English source has (or adds one).
import { resolve } from 'node:path';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';

const webDir = resolve(import.meta.dirname, '..');
const config = getConfig({ cwd: webDir, configPath: resolve(webDir, 'lingui.config.ts') });

/** The names an ICU message fills in: `{name}`, `{count, plural, …}`, and `#` inside a plural. */
export function placeholders(message) {
  const names = new Set();
  for (const match of message.matchAll(/\{\s*(\w+)\s*[,}]/g)) names.add(match[1]);
  return [...names].sort();
}

const problems = [];
let total = 0;
for (const catalog of await getCatalogs(config)) {
  const where = catalog.path.replace(`${webDir}/`, '').replace('{locale}', '*');
  const extracted = (await catalog.collect()) ?? {};
  const stored = await catalog.readAll();
  total += Object.keys(extracted).length;
  for (const locale of config.locales) {
    const entries = stored[locale] ?? {};
    for (const [id, message] of Object.entries(extracted)) {
      if (!(id in entries)) problems.push(`${where} ${locale}: missing "${message.message ?? id}"`);
    }
    for (const [id, entry] of Object.entries(entries)) {
      if (!(id in extracted)) problems.push(`${where} ${locale}: no code uses "${entry.message ?? id}"`);
    }
  }
  for (const [id, entry] of Object.entries(stored.fr ?? {})) {
    const source = extracted[id]?.message ?? entry.message ?? id;
    if (!entry.translation) {
      if (id in extracted) problems.push(`${where} fr: no French for "${source}"`);
      continue;
    }
    const english = placeholders(source).join(', ');
    const french = placeholders(entry.translation).join(', ');
    if (english !== french) {
      problems.push(`${where} fr: "${entry.translation}" has {${french}} where the English has {${english}}`);
    }
  }
}

if (problems.length > 0) {
  console.error(`Catalogue check failed (${problems.length}):\n  ${problems.join('\n  ')}`);
  console.error('Run `cd web && pnpm exec lingui extract --clean`, then write the French in the fr.po files.');
  process.exit(1);
}
console.log(`Catalogues complete: ${total} texts, each in English and French with the same placeholders.`);
