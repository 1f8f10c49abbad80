import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fill } from '@dental/domain/i18n/text';
import { DOMAIN_TEXTS } from '@dental/domain/i18n/texts';
import { accountLockedMessage } from '@dental/domain/messages';
import { CONFLICT_TEXTS } from '@dental/domain/scheduling/conflicts';
import { FIELD_TEXTS } from '@dental/domain/validation/fields';
import { afterAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../src/platform/i18n/catalogues.ts';
import { domainText } from '../src/platform/i18n/domain-text.ts';
import { i18n } from '../src/platform/i18n/i18n.ts';

const locales = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'locales', 'domain');
const PLACEHOLDER = /\{(\w+)\}/g;
const placeholders = (message: string) => [...message.matchAll(PLACEHOLDER)].map((match) => match[1]).sort();

/** The msgid → msgstr pairs of a .po catalogue (one-line entries, as the extractor writes them). */
function catalogue(language: 'en' | 'fr'): Map<string, string> {
  const entries = new Map<string, string>();
  const text = readFileSync(join(locales, `${language}.po`), 'utf8');
  for (const match of text.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm)) {
    if (match[1]) entries.set(match[1], (match[2] as string).replace(/\\"/g, '"'));
  }
  return entries;
}

describe('the domain catalogue', () => {
  it('lists every domain text, and only those', () => {
    expect(new Set(catalogue('en').keys())).toEqual(new Set(DOMAIN_TEXTS.map((text) => text.id)));
  });

  it('has French for every text, keeping its placeholders', () => {
    const fr = catalogue('fr');
    for (const text of DOMAIN_TEXTS) {
      const french = fr.get(text.id) ?? '';
      expect(french, text.id).not.toBe('');
      expect(placeholders(french), text.id).toEqual(placeholders(text.message));
    }
  });
});

describe('domainText in French', () => {
  afterAll(() => i18n.activate('en'));

  it('translates what the server said in English, its values kept', async () => {
    i18n.load('fr', await loadMessages('fr'));
    i18n.activate('fr');
    expect(domainText(accountLockedMessage(15))).toBe(
      'Trop de tentatives de connexion échouées. Ce compte est verrouillé pendant 15 minutes. Veuillez réessayer plus tard.',
    );
    expect(domainText(fill(CONFLICT_TEXTS.provider, { patient: 'Marie Tremblay', time: '9:00 a.m.' }))).toBe(
      'Le praticien voit déjà Marie Tremblay à 9:00 a.m.',
    );
    expect(domainText(fill(FIELD_TEXTS.required, { field: 'procedure' }))).toBe('procedure est obligatoire');
    expect(domainText('Something the domain never said')).toBe('Something the domain never said');
  });
});
