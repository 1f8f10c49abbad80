import type { Language } from '@dental/domain/i18n/language';
import type { Messages } from '@lingui/core';

interface CatalogueModule {
  messages: Messages;
}

// English is the source and is needed at once; French arrives in chunks the service worker precaches,
// so a device that has opened the app once can switch languages offline.
const english = import.meta.glob<CatalogueModule>('/src/**/locales/**/en.po', { eager: true });
const french = import.meta.glob<CatalogueModule>('/src/**/locales/**/fr.po');

function merged(modules: readonly CatalogueModule[]): Messages {
  return Object.assign({}, ...modules.map((module) => module.messages));
}

export const englishMessages: Messages = merged(Object.values(english));

/** Every catalogue file of a language, merged into one. */
export async function loadMessages(language: Language): Promise<Messages> {
  if (language === 'en') return englishMessages;
  return merged(await Promise.all(Object.values(french).map((load) => load())));
}
