import { describe, expect, it } from 'vitest';
import { formatPhone } from '../patients/phone.ts';
import {
  formatClock,
  formatInstantDated,
  formatInstantTime,
  formatLongDate,
  formatMoney,
  formatNumber,
  formatScheduleClock,
} from './formats.ts';
import { languageFromTags } from './language.ts';

// Intl writes the thin spaces French typography asks for; the texts compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('Canadian formats in both languages', () => {
  it('writes a long date', () => {
    expect(formatLongDate('2026-11-23', 'fr')).toBe('lundi 23 novembre 2026');
    expect(formatLongDate('2026-11-23', 'en')).toBe('Monday, November 23, 2026');
  });

  it('writes a time', () => {
    expect(plain(formatClock('14:30', 'fr'))).toBe('14 h 30');
    expect(plain(formatClock('14:30', 'en'))).toBe('2:30 PM');
    expect(plain(formatClock('09:05', 'fr'))).toBe('9 h 05');
    expect(plain(formatInstantTime('2026-11-23T19:30:00Z', 'America/Toronto', 'fr'))).toBe('14 h 30');
  });

  it('writes a moment of a record that spans years with its year', () => {
    expect(plain(formatInstantDated('2018-07-17T17:37:00Z', 'America/Toronto', 'en'))).toBe('Jul 17, 2018, 1:37 PM');
    expect(plain(formatInstantDated('2018-07-17T17:37:00Z', 'America/Toronto', 'fr'))).toBe('17 juill. 2018, 13 h 37');
  });

  it("writes the schedule's clock: 24-hour in English, as its lists read", () => {
    expect(formatScheduleClock('09:00', 'en')).toBe('09:00');
    expect(formatScheduleClock('14:30', 'en')).toBe('14:30');
    expect(formatScheduleClock('00:05', 'en')).toBe('00:05');
    expect(plain(formatScheduleClock('09:00', 'fr'))).toBe('9 h 00');
    expect(plain(formatScheduleClock('14:30', 'fr'))).toBe('14 h 30');
  });

  it('writes money and numbers', () => {
    expect(plain(formatMoney(1234.56, 'fr'))).toBe('1 234,56 $');
    expect(formatMoney(1234.56, 'en')).toBe('$1,234.56');
    expect(plain(formatNumber(12345, 'fr'))).toBe('12 345');
  });

  it('writes a phone the same way in both', () => {
    expect(formatPhone('4165550142')).toBe('(416) 555-0142');
  });

  it('takes the first browser language it speaks', () => {
    expect(languageFromTags(['fr-CA', 'en-CA'])).toBe('fr');
    expect(languageFromTags(['de-DE', 'en-US'])).toBe('en');
    expect(languageFromTags(['es'])).toBe('en');
  });
});
