import type { Text } from '../i18n/text.ts';
import { TEMPLATE_PLACEHOLDERS, type TemplatePlaceholder } from './delivery.ts';

/** The kinds of message a practice can reword, each in every channel and language (GET /api/communications/templates). */
export const MESSAGE_TEMPLATE_KEYS = [
  'appointment_reminder',
  'confirmation_request',
  'form_request',
  'review_request',
  'schedule_invitation',
  'general',
] as const;
export type MessageTemplateKey = (typeof MESSAGE_TEMPLATE_KEYS)[number];

export const TEMPLATE_TEXTS = {
  unknownPlaceholder: /*i18n*/ {
    id: 'communications.unknownPlaceholder',
    message: '{placeholder} is not a placeholder this message can fill',
  },
} as const satisfies Record<string, Text>;

/** `{word}`: what a template author writes for a value filled at sending. */
const PLACEHOLDER = /\{(\w+)\}/g;

const isKnown = (name: string): name is TemplatePlaceholder =>
  (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name);

/**
 * The placeholders a text names that no message fills, each once, as written (`{patientName}`), so the
 * editor can refuse them before saving, as the server does.
 */
export function unknownPlaceholders(text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1] as string;
    if (!isKnown(name)) unknown.add(`{${name}}`);
  }
  return [...unknown];
}

export type TemplateValues = Readonly<Partial<Record<TemplatePlaceholder, string>>>;

/** A template with its known placeholders filled; one with no value, or an unknown one, stays as written. */
export function renderTemplate(text: string, values: TemplateValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (isKnown(name) ? (values[name] ?? whole) : whole));
}
