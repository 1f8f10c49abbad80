import { ERROR_CODE_MEANINGS, type ErrorCode } from '@dental/domain/error-codes';
import { domainText, say } from './domain-text.ts';
import { i18n } from './i18n.ts';

interface ErrorBodyShape {
  code?: unknown;
  message?: unknown;
}

/**
 * An error answer's words in the user's language: the domain text its English message was filled from
 * (so values such as minutes or a field survive), else the meaning of its code, else the English as sent.
 */
export function serverErrorText(body: unknown): string | undefined {
  const { code, message } = (body ?? {}) as ErrorBodyShape;
  const english = typeof message === 'string' && message ? message : undefined;
  if (english) {
    const translated = domainText(english);
    if (translated !== english || i18n.locale === 'en') return translated;
  }
  const meaning = typeof code === 'string' ? ERROR_CODE_MEANINGS[code as ErrorCode] : undefined;
  if (meaning) return say(meaning);
  return english;
}
