import { type Text, TextMatcher, type TextValues } from '@dental/domain/i18n/text';
import { DOMAIN_TEXTS } from '@dental/domain/i18n/texts';
import { i18n } from './i18n.ts';

let matcher: TextMatcher | undefined;

/** A domain text in the language shown, its placeholders filled. */
export function say(text: Text, values: TextValues = {}): string {
  return i18n._(text.id, values, { message: text.message });
}

/** A stored value's name (a status, a relationship) in the language shown; as stored when it has none. */
export function sayValue(texts: Readonly<Record<string, Text>>, value: string): string {
  const text = Object.hasOwn(texts, value) ? texts[value] : undefined;
  return text ? say(text) : value;
}

/**
 * An English sentence the domain or the server wrote (a validation message, a conflict, a refusal kept
 * in Needs attention) in the language shown; as written when it is none of the domain's texts.
 */
export function domainText(english: string): string {
  matcher ??= new TextMatcher(DOMAIN_TEXTS);
  return matcher.translate(english, say);
}
