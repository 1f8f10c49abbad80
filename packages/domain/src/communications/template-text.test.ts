import { describe, expect, it } from 'vitest';
import { renderTemplate, unknownPlaceholders } from './template-text.ts';

describe('message template text', () => {
  it('names each placeholder no message fills, once, as written', () => {
    expect(unknownPlaceholders('Hi {patientFirstName}, {patientName} and {patientName} at {time}.')).toEqual([
      '{patientName}',
      '{time}',
    ]);
  });

  it('accepts a text with only known placeholders, and ignores braces around no word', () => {
    expect(unknownPlaceholders('{practiceName}: {appointmentDate} {appointmentTime} { } {link}')).toEqual([]);
  });

  it('fills the known placeholders and leaves the rest as written', () => {
    expect(
      renderTemplate('Bonjour {patientFirstName}, {procedure} le {appointmentDate}. {unknown}', {
        patientFirstName: 'Amélie',
        procedure: 'Nettoyage',
      }),
    ).toBe('Bonjour Amélie, Nettoyage le {appointmentDate}. {unknown}');
  });
});
