import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createPatientSchema } from '../src/patients/patient.schema.ts';
import { formatPhone, normalizePhone } from '../src/patients/phone.ts';
import { formatPostalCode } from '../src/patients/postal-code.ts';
import { fixedClock } from '../src/time/clock.ts';

const schema = createPatientSchema(fixedClock('2026-11-22T12:00:00Z'));
const valid = { firstName: 'Maya', lastName: 'Singh', phone: '416-555-0199' };

function issues(input: Record<string, unknown>) {
  const result = v.safeParse(schema, { ...valid, ...input });
  return result.success ? [] : result.issues.map((issue) => [v.getDotPath(issue), issue.message]);
}

describe('patient validation messages (spec 5, word for word)', () => {
  it.each([
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ firstName: 'x'.repeat(51) }, 'firstName', 'First name too long'],
    [{ lastName: '  ' }, 'lastName', 'Last name is required'],
    [{ lastName: 'y'.repeat(51) }, 'lastName', 'Last name too long'],
    [{ email: 'not-an-email' }, 'email', 'Invalid email format'],
    [{ phone: '' }, 'phone', 'Phone number is required'],
    [{ phone: undefined }, 'phone', 'Phone number is required'],
    [{ phone: '0165550199' }, 'phone', 'Please enter a valid North American phone number (10 digits)'],
    [{ phone: '1165550199' }, 'phone', 'Please enter a valid North American phone number (10 digits)'],
    [{ phone: '41655501' }, 'phone', 'Please enter a valid North American phone number (10 digits)'],
    [{ emergencyPhone: '123' }, 'emergencyPhone', 'Please enter a valid North American phone number (10 digits)'],
    [{ dateOfBirth: '2026-11-23' }, 'dateOfBirth', 'Date of birth cannot be in the future'],
    [{ dateOfBirth: '1899-12-31' }, 'dateOfBirth', 'Date of birth must be in 1900 or later'],
    [{ dateOfBirth: '2001-02-30' }, 'dateOfBirth', 'Date of birth must be a date (YYYY-MM-DD)'],
    [
      { communicationPreference: 'fax' },
      'communicationPreference',
      "Invalid enum value. Expected 'email' | 'phone' | 'sms' | 'portal'",
    ],
  ])('%j gives %s: %s', (input, field, message) => {
    expect(issues(input)).toContainEqual([field, message]);
  });

  it('normalises what it accepts', () => {
    const result = v.parse(schema, {
      ...valid,
      phone: '+1 (416) 555-0199',
      email: ' Maya@Example.CA ',
      zipCode: 'm5v2t6',
      province: 'on',
      dateOfBirth: '2026-11-22',
      emergencyPhone: '',
    });
    expect(result.phone).toBe('4165550199');
    expect(result.email).toBe('maya@example.ca');
    expect(result.zipCode).toBe('M5V 2T6');
    expect(result.province).toBe('ON');
    expect(result.emergencyPhone).toBeNull();
  });
});

describe('formatting', () => {
  it('phones', () => {
    expect(normalizePhone('1-416-555-0199')).toBe('4165550199');
    expect(formatPhone('4165550199')).toBe('(416) 555-0199');
    expect(formatPhone('12345')).toBe('12345');
  });

  it('postal codes', () => {
    expect(formatPostalCode('k1a0b1')).toBe('K1A 0B1');
    expect(formatPostalCode('K1A 0B1')).toBe('K1A 0B1');
  });
});
