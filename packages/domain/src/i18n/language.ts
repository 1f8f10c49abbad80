import type { Text } from './text.ts';

/** The two official languages of Canada; English is the source of every text. */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const SOURCE_LANGUAGE: Language = 'en';

/** Each language's name in itself, as a language menu lists them. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', fr: 'Français' };

/** The Intl locale each language formats with: French as in Canada; English keeps the spec's en-US money ('$1,234.56'). */
export const INTL_LOCALE: Readonly<Record<Language, string>> = { en: 'en-US', fr: 'fr-CA' };

export const LANGUAGE_INVALID: Text = /*i18n*/ { id: 'language.invalid', message: 'Language must be en or fr' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language of a browser's preference list ('fr-CA', 'fr', 'en-US'…): the first one we speak,
 * English when none is.
 */
export function languageFromTags(tags: readonly string[]): Language {
  for (const tag of tags) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return SOURCE_LANGUAGE;
}
