import type { PatientLanguage } from '@dental/domain/public/public-token';
import { i18n } from '@lingui/core';
import { messages as english } from './locales/en.po';
import { messages as french } from './locales/fr.po';

// Only this feature's catalogue: the page never loads the staff app's thousands of texts. Both languages
// are a few kilobytes, so French needs no second request.
i18n.load({ en: english, fr: french });
i18n.activate('en');

/** `<html lang>` in Canadian usage, so a screen reader picks a Canadian voice. */
const HTML_LANG: Readonly<Record<PatientLanguage, string>> = { en: 'en-CA', fr: 'fr-CA' };

/** Shows the page in a language: every text, and `<html lang>`. */
export function showIn(language: PatientLanguage): void {
  if (i18n.locale !== language) i18n.activate(language);
  document.documentElement.lang = HTML_LANG[language];
}

export { i18n };
