import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DELIVERY_CHANNELS, DELIVERY_RETRY_DELAYS_MS } from '../src/communications/delivery.ts';
import {
  afterFailure,
  chooseChannel,
  confirmationRequestDue,
  isConfirmReply,
  MESSAGE_TYPES,
  needsConsent,
  reminderDue,
  samePhone,
  TEMPLATE_OF_TYPE,
} from '../src/communications/delivery-rules.ts';
import {
  DEFAULT_TEMPLATES,
  renderTemplate,
  TEMPLATE_KEYS,
  templateBodySchema,
  unknownPlaceholders,
} from '../src/communications/templates.ts';
import { PATIENT_LANGUAGES } from '../src/public/public-token.ts';

const NOW = new Date('2026-11-22T15:00:00.000Z');
const inMinutes = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

describe('chooseChannel', () => {
  const patient = { email: 'a@example.ca', phone: '(416) 555-0101' };
  it.each([
    ['sms', patient, undefined, { channel: 'sms', to: '4165550101' }],
    ['email', patient, undefined, { channel: 'email', to: 'a@example.ca' }],
    ['phone', patient, undefined, { channel: 'email', to: 'a@example.ca' }],
    ['portal', patient, undefined, { channel: 'email', to: 'a@example.ca' }],
    ['email', { ...patient, email: null }, undefined, { channel: 'sms', to: '4165550101' }],
    ['portal', { ...patient, email: '  ' }, undefined, { channel: 'sms', to: '4165550101' }],
    ['sms', patient, 'email', { channel: 'email', to: 'a@example.ca' }],
  ] as const)('preference %s → %o', (communicationPreference, contact, requested, expected) => {
    expect(chooseChannel({ communicationPreference, ...contact }, requested)).toEqual(expected);
  });

  it('fails with a reason, on the channel asked, when there is no address for it', () => {
    expect(chooseChannel({ communicationPreference: 'sms', email: null, phone: null })).toEqual({
      channel: 'sms',
      to: null,
      error: 'The patient has no phone number for SMS.',
    });
    expect(chooseChannel({ communicationPreference: 'sms', email: null, phone: '4165550101' }, 'email')).toMatchObject({
      channel: 'email',
      to: null,
      error: 'The patient has no e-mail address.',
    });
  });
});

describe('CASL', () => {
  it('needs consent for recalls only; the transactional kinds go without', () => {
    expect(MESSAGE_TYPES.filter(needsConsent)).toEqual(['recall']);
  });
});

describe('afterFailure', () => {
  it('waits each delay in turn, then fails; a permanent refusal bounces at once', () => {
    expect(afterFailure(1, false, NOW)).toEqual({ status: 'queued', nextAttemptAt: new Date(inMinutes(1)) });
    expect(afterFailure(2, false, NOW)).toEqual({ status: 'queued', nextAttemptAt: new Date(inMinutes(5)) });
    expect(afterFailure(DELIVERY_RETRY_DELAYS_MS.length + 1, false, NOW)).toEqual({ status: 'failed' });
    expect(afterFailure(1, true, NOW)).toEqual({ status: 'bounced' });
  });
});

describe('SMS replies', () => {
  it.each(['C', 'c', ' oui ', 'OUI', 'Yes', 'y'])('%j confirms', (reply) => expect(isConfirmReply(reply)).toBe(true));
  it.each(['', 'no', 'NON', 'C.', 'ok', 'oui merci'])('%j does not', (reply) =>
    expect(isConfirmReply(reply)).toBe(false),
  );
  it('matches a sender’s number however it is written', () => {
    expect(samePhone('+14165550101', '(416) 555-0101')).toBe(true);
    expect(samePhone('+14165550102', '4165550101')).toBe(false);
    expect(samePhone('', '')).toBe(false);
  });
});

describe('automatic messages (spec 9)', () => {
  const booked = (startsIn: number, bookedAgo: number, status: 'scheduled' | 'cancelled' = 'scheduled') => ({
    startsAt: inMinutes(startsIn),
    createdAt: inMinutes(-bookedAgo),
    status,
  });
  it('reminds within 1440 minutes of the start, not before, not after it started', () => {
    expect(reminderDue(booked(1440, 0), NOW)).toBe(true);
    expect(reminderDue(booked(1441, 0), NOW)).toBe(false);
    expect(reminderDue(booked(0, 0), NOW)).toBe(false);
    expect(reminderDue(booked(60, 0, 'cancelled'), NOW)).toBe(false);
  });
  it('reminds a confirmed visit too', () => {
    expect(reminderDue({ ...booked(60, 0), status: 'confirmed' }, NOW)).toBe(true);
  });
  it('asks for a confirmation once the booking is an hour old, unless it is confirmed', () => {
    expect(confirmationRequestDue({ ...booked(600, 120), status: 'confirmed' }, NOW)).toBe(false);
    expect(confirmationRequestDue(booked(600, 59), NOW)).toBe(false);
    expect(confirmationRequestDue(booked(600, 60), NOW)).toBe(true);
    expect(confirmationRequestDue(booked(1500, 600), NOW)).toBe(false);
  });
});

describe('templates', () => {
  it('has a default for every key, channel and language, using only known placeholders', () => {
    for (const key of TEMPLATE_KEYS) {
      for (const channel of DELIVERY_CHANNELS) {
        for (const language of PATIENT_LANGUAGES) {
          const text = DEFAULT_TEMPLATES[key][channel][language];
          expect(unknownPlaceholders(`${text.subject ?? ''} ${text.body}`), `${key}/${channel}/${language}`).toEqual(
            [],
          );
          expect(text.subject === null, `${key}/${channel}/${language} subject`).toBe(channel === 'sms');
        }
      }
    }
    for (const key of Object.values(TEMPLATE_OF_TYPE)) expect(TEMPLATE_KEYS).toContain(key);
  });

  it('every message with a link says where it is', () => {
    for (const key of ['confirmation_request', 'form_request', 'review_request', 'schedule_invitation'] as const) {
      for (const channel of DELIVERY_CHANNELS) {
        for (const language of PATIENT_LANGUAGES)
          expect(DEFAULT_TEMPLATES[key][channel][language].body).toContain('{link}');
      }
    }
  });

  it('fills placeholders, empties the missing ones and leaves other braces', () => {
    expect(
      renderTemplate('Hi {patientFirstName} {providerName}, {x} {link}', { patientFirstName: 'Noor', link: 'L' }),
    ).toBe('Hi Noor , {x} L');
  });

  it('refuses a body with unknown placeholders, naming body and them', () => {
    const result = v.safeParse(templateBodySchema, { body: 'Hi {firstName} {patientFirstName} {when}' });
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe('body uses unknown placeholders: {firstName}, {when}');
    expect(v.safeParse(templateBodySchema, { body: 'Hi {patientFirstName}' }).success).toBe(true);
    expect(v.safeParse(templateBodySchema, { body: '' }).success).toBe(false);
  });
});
