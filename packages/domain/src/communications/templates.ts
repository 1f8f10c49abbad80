import * as v from 'valibot';
import { fill, type Text } from '../i18n/text.ts';
import { PATIENT_LANGUAGES, type PatientLanguage } from '../public/public-token.ts';
import { FIELD_TEXTS, jsonObject } from '../validation/fields.ts';
import {
  DELIVERY_CHANNELS,
  type DeliveryChannel,
  TEMPLATE_PLACEHOLDERS,
  type TemplatePlaceholder,
} from './delivery.ts';

/** One editable text per kind of message (the staff API's template keys). */
export const TEMPLATE_KEYS = [
  'appointment_reminder',
  'confirmation_request',
  'form_request',
  'review_request',
  'schedule_invitation',
  'general',
] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];

export interface TemplateText {
  /** E-mail only; null for SMS. */
  subject: string | null;
  body: string;
}

type Defaults = Record<TemplateKey, Record<DeliveryChannel, Record<PatientLanguage, TemplateText>>>;

const SIGN_OFF = { en: '{practiceName}\n{practicePhone}', fr: '{practiceName}\n{practicePhone}' };

/**
 * What a practice sends until it edits a template. Short SMS (one segment where the link allows it);
 * e-mails say who writes and why. Canadian French in the polite form.
 */
export const DEFAULT_TEMPLATES: Defaults = {
  appointment_reminder: {
    email: {
      en: {
        subject: 'Reminder: your appointment on {appointmentDate}',
        body: `Hello {patientFirstName},\n\nThis is a reminder of your appointment for {procedure} with {providerName} on {appointmentDate} at {appointmentTime}.\n\n${SIGN_OFF.en}`,
      },
      fr: {
        subject: 'Rappel : votre rendez-vous du {appointmentDate}',
        body: `Bonjour {patientFirstName},\n\nNous vous rappelons votre rendez-vous pour {procedure} avec {providerName} le {appointmentDate} à {appointmentTime}.\n\n${SIGN_OFF.fr}`,
      },
    },
    sms: {
      en: {
        subject: null,
        body: '{practiceName}: reminder of your appointment on {appointmentDate} at {appointmentTime}.',
      },
      fr: {
        subject: null,
        body: '{practiceName} : rappel de votre rendez-vous le {appointmentDate} à {appointmentTime}.',
      },
    },
  },
  confirmation_request: {
    email: {
      en: {
        subject: 'Please confirm your appointment on {appointmentDate}',
        body: `Hello {patientFirstName},\n\nPlease confirm your appointment for {procedure} on {appointmentDate} at {appointmentTime}, or ask for another time:\n{link}\n\n${SIGN_OFF.en}`,
      },
      fr: {
        subject: 'Veuillez confirmer votre rendez-vous du {appointmentDate}',
        body: `Bonjour {patientFirstName},\n\nVeuillez confirmer votre rendez-vous pour {procedure} le {appointmentDate} à {appointmentTime}, ou demander un autre moment :\n{link}\n\n${SIGN_OFF.fr}`,
      },
    },
    sms: {
      en: {
        subject: null,
        body: '{practiceName}: appointment {appointmentDate} at {appointmentTime}. Reply C to confirm, or: {link}',
      },
      fr: {
        subject: null,
        body: '{practiceName} : rendez-vous le {appointmentDate} à {appointmentTime}. Répondez OUI pour confirmer, ou : {link}',
      },
    },
  },
  form_request: {
    email: {
      en: {
        subject: 'Forms to fill in before your visit to {practiceName}',
        body: `Hello {patientFirstName},\n\nPlease fill in your forms before your visit:\n{link}\n\n${SIGN_OFF.en}`,
      },
      fr: {
        subject: 'Formulaires à remplir avant votre visite chez {practiceName}',
        body: `Bonjour {patientFirstName},\n\nVeuillez remplir vos formulaires avant votre visite :\n{link}\n\n${SIGN_OFF.fr}`,
      },
    },
    sms: {
      en: { subject: null, body: '{practiceName}: please fill in your forms before your visit: {link}' },
      fr: { subject: null, body: '{practiceName} : veuillez remplir vos formulaires avant votre visite : {link}' },
    },
  },
  review_request: {
    email: {
      en: {
        subject: 'How was your visit to {practiceName}?',
        body: `Hello {patientFirstName},\n\nThank you for your visit. Would you tell us how it went?\n{link}\n\n${SIGN_OFF.en}`,
      },
      fr: {
        subject: 'Comment s’est passée votre visite chez {practiceName}?',
        body: `Bonjour {patientFirstName},\n\nMerci de votre visite. Pourriez-vous nous dire comment elle s’est passée?\n{link}\n\n${SIGN_OFF.fr}`,
      },
    },
    sms: {
      en: { subject: null, body: '{practiceName}: thank you for your visit. How did it go? {link}' },
      fr: { subject: null, body: '{practiceName} : merci de votre visite. Comment s’est-elle passée? {link}' },
    },
  },
  schedule_invitation: {
    email: {
      en: {
        subject: 'Book your {procedure} at {practiceName}',
        body: `Hello {patientFirstName},\n\nYou can choose a time for your {procedure} here:\n{link}\n\n${SIGN_OFF.en}`,
      },
      fr: {
        subject: 'Réservez votre rendez-vous ({procedure}) chez {practiceName}',
        body: `Bonjour {patientFirstName},\n\nVous pouvez choisir le moment de votre rendez-vous ({procedure}) ici :\n{link}\n\n${SIGN_OFF.fr}`,
      },
    },
    sms: {
      en: { subject: null, body: '{practiceName}: choose a time for your {procedure}: {link}' },
      fr: { subject: null, body: '{practiceName} : choisissez le moment de votre rendez-vous ({procedure}) : {link}' },
    },
  },
  general: {
    email: {
      en: {
        subject: 'A message from {practiceName}',
        body: `Hello {patientFirstName},\n\n{message}\n\n${SIGN_OFF.en}`,
      },
      fr: {
        subject: 'Un message de {practiceName}',
        body: `Bonjour {patientFirstName},\n\n{message}\n\n${SIGN_OFF.fr}`,
      },
    },
    sms: {
      en: { subject: null, body: '{practiceName}: {message}' },
      fr: { subject: null, body: '{practiceName} : {message}' },
    },
  },
};

export type TemplateValues = Partial<Record<TemplatePlaceholder, string>>;

const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

/** Fills the known placeholders; a value not given becomes empty, anything else in braces stays as written. */
export function renderTemplate(text: string, values: TemplateValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name) ? (values[name as TemplatePlaceholder] ?? '') : whole,
  );
}

/** The names in braces that are not placeholders, each once: a template using one is refused. */
export function unknownPlaceholders(text: string): string[] {
  const names = [...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
  return [...new Set(names.filter((name) => !(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name)))];
}

export const TEMPLATE_TEXTS = {
  unknownPlaceholder: /*i18n*/ {
    id: 'template.unknownPlaceholder',
    message: '{field} uses unknown placeholders: {names}',
  },
} as const satisfies Record<string, Text>;

function templateText(field: string, max: number) {
  return v.pipe(
    v.string(fill(FIELD_TEXTS.text, { field })),
    v.maxLength(max, fill(FIELD_TEXTS.maxLength, { field, max })),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const unknown = unknownPlaceholders(dataset.value);
      if (unknown.length > 0) {
        addIssue({
          message: fill(TEMPLATE_TEXTS.unknownPlaceholder, { field, names: unknown.map((n) => `{${n}}`).join(', ') }),
        });
      }
    }),
  );
}

/** PUT /api/communications/templates/{key}/{channel}/{language}. */
export const templateBodySchema = jsonObject({
  subject: v.optional(v.nullable(templateText('subject', 200))),
  body: v.pipe(templateText('body', 2000), v.nonEmpty(fill(FIELD_TEXTS.required, { field: 'body' }))),
});
export type TemplateBody = v.InferOutput<typeof templateBodySchema>;

export const templateParamsSchema = v.object({
  key: v.picklist(TEMPLATE_KEYS, fill(FIELD_TEXTS.oneOf, { field: 'key', values: TEMPLATE_KEYS.join(', ') })),
  channel: v.picklist(
    DELIVERY_CHANNELS,
    fill(FIELD_TEXTS.oneOf, { field: 'channel', values: DELIVERY_CHANNELS.join(', ') }),
  ),
  language: v.picklist(
    PATIENT_LANGUAGES,
    fill(FIELD_TEXTS.oneOf, { field: 'language', values: PATIENT_LANGUAGES.join(', ') }),
  ),
});
