import { describe, expect, it } from 'vitest';
import { ageOn } from '../src/patients/age.ts';

describe('age from date of birth', () => {
  it.each([
    ['the day before the birthday', '1990-06-15', '2026-06-14', 35],
    ['on the birthday', '1990-06-15', '2026-06-15', 36],
    ['a 29 February birthday in a common year, on 28 February', '2000-02-29', '2026-02-28', 25],
    ['a 29 February birthday in a common year, on 1 March', '2000-02-29', '2026-03-01', 26],
    ['a full timestamp', '1990-06-15T00:00:00.000Z', '2026-06-15', 36],
  ])('%s', (_label, born, today, age) => {
    expect(ageOn(born, today)).toBe(age);
  });

  it('is null without a readable birth date', () => {
    expect(ageOn(null, '2026-06-15')).toBeNull();
    expect(ageOn('[Decryption Error]', '2026-06-15')).toBeNull();
  });
});
