import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NAV_GROUPS, NAV_ITEMS } from './nav-items.ts';

/**
 * nav-labels.ts repeats the spec's English names as Lingui messages. Read as text: the web project's
 * unit tests do not compile Lingui macros.
 */
const source = readFileSync(new URL('./nav-labels.ts', import.meta.url), 'utf8');
const messages = new Map(
  [...source.matchAll(/^\s*'?([^'\n]+?)'?: msg`([^`]+)`/gm)].map((match) => [match[1], match[2]]),
);

describe('nav labels', () => {
  it('every nav item has a message whose English is its spec name, word for word', () => {
    for (const item of NAV_ITEMS) expect(messages.get(item.to), item.to).toBe(item.label);
  });

  it('every group has a message whose English is the group', () => {
    for (const group of NAV_GROUPS) expect(messages.get(group)).toBe(group);
  });
});
