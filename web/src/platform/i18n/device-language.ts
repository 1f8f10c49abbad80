import { isLanguage, type Language, languageFromTags } from '@dental/domain/i18n/language';

const KEY = 'dental.language';

/**
 * The language this device shows: the user's choice as last known here (so sign-in and offline screens
 * speak it too), else the browser's.
 */
export function deviceLanguage(): Language {
  try {
    const stored = localStorage.getItem(KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage can be blocked; the browser's language still applies.
  }
  return browserLanguage();
}

export function browserLanguage(): Language {
  const tags =
    typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  return languageFromTags(tags);
}

export function rememberDeviceLanguage(language: Language): void {
  try {
    localStorage.setItem(KEY, language);
  } catch {
    // Nothing to keep it in; the server still holds the user's choice.
  }
}
