import { isLanguage, type Language, SOURCE_LANGUAGE } from '@dental/domain/i18n/language';
import { i18n } from '@lingui/core';
import dayjs from 'dayjs';
import 'dayjs/locale/fr-ca';
import { englishMessages, loadMessages } from './catalogues.ts';

/** dayjs's name of each language's locale; Mantine's date pickers take the same. */
export const DAYJS_LOCALE: Readonly<Record<Language, string>> = { en: 'en', fr: 'fr-ca' };

i18n.load('en', englishMessages);
i18n.activate('en');

/** Switches every text, date and number to a language: the catalogues, dayjs, and `<html lang>`. */
export async function activateLanguage(language: Language): Promise<void> {
  if (!i18n.messages || i18n.locale !== language) {
    i18n.load(language, await loadMessages(language));
    i18n.activate(language);
  }
  dayjs.locale(DAYJS_LOCALE[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The language of a Lingui locale, by default the one active now. */
export function activeLanguage(locale: string = i18n.locale): Language {
  return isLanguage(locale) ? locale : SOURCE_LANGUAGE;
}

export { i18n };
