import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { GUIDE_IDS } from '@dental/domain/assistant/contract';
import { GUIDES } from '@dental/domain/assistant/guides';
import { describe, expect, it } from 'vitest';

const SOURCE = resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path] : [];
  });
}

/** Every `data-guide` mark in the app, written as an attribute or as a Mantine `attributes` entry. */
function marks(): Set<string> {
  const found = new Set<string>();
  for (const file of sources(SOURCE)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/'?data-guide'?[=:]\s*["']([\w-]+)["']/g)) {
      found.add(match[1] as string);
    }
  }
  return found;
}

describe('the guides point at the screens', () => {
  const known = marks();

  it.each(GUIDE_IDS)('%s: every step’s element is marked on some screen', (id) => {
    const missing = GUIDES[id].steps.flatMap((step) => (step.target && !known.has(step.target) ? [step.target] : []));
    expect(missing).toEqual([]);
  });

  it('use routes the app has', () => {
    const routes = new Set(Object.values(GUIDES).flatMap((guide) => guide.steps.flatMap((step) => step.route ?? [])));
    expect([...routes].sort()).toEqual(['/clinical-charts', '/patients', '/scheduling']);
  });
});
