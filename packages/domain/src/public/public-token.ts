import type { Text } from '../i18n/text.ts';

/**
 * What a patient's link is for. Each token serves one purpose only: a form link never opens a booking.
 * The page paths are spec 2.1's.
 */
export const PUBLIC_TOKEN_PURPOSES = ['form', 'review', 'confirm', 'schedule'] as const;
export type PublicTokenPurpose = (typeof PUBLIC_TOKEN_PURPOSES)[number];

export const PUBLIC_PAGE_PATHS: Readonly<Record<PublicTokenPurpose, string>> = {
  form: '/form/',
  review: '/patient-review/',
  confirm: '/confirm-appointment/',
  schedule: '/schedule/',
};

const DAY_MS = 86_400_000;

/**
 * How long a link works after it is sent. A confirmation request has no fixed lifetime: it works until
 * the appointment starts (`expiresAt` is the appointment's start).
 */
export const PUBLIC_TOKEN_LIFETIME_MS: Readonly<Record<Exclude<PublicTokenPurpose, 'confirm'>, number>> = {
  form: 14 * DAY_MS,
  review: 30 * DAY_MS,
  schedule: 7 * DAY_MS,
};

/** Links used up by their answer: a form submitted, a confirmation given, a review left, a slot booked. */
export const SINGLE_USE_PURPOSES: ReadonlySet<PublicTokenPurpose> = new Set(['form', 'review', 'confirm', 'schedule']);

/** 128 random bits, as base64url: 22 characters. */
export const PUBLIC_TOKEN_BYTES = 16;
export const PUBLIC_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** Public endpoints: requests per address per window, well under what a patient filling in a form needs. */
export const PUBLIC_RATE_LIMIT = { capacity: 60, windowMs: 15 * 60_000 } as const;

/** The languages a patient's messages and pages come in. */
export const PATIENT_LANGUAGES = ['en', 'fr'] as const;
export type PatientLanguage = (typeof PATIENT_LANGUAGES)[number];

/** The answers of an unusable link: the same few words whatever the purpose, and nothing about the patient. */
export const PUBLIC_TOKEN_TEXTS = {
  unknown: /*i18n*/ { id: 'publicToken.unknown', message: 'This link is not valid.' },
  gone: /*i18n*/ { id: 'publicToken.gone', message: 'This link has expired or has already been used.' },
} as const satisfies Record<string, Text>;
