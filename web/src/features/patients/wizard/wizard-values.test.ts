import { describe, expect, it } from 'vitest';
import { EMPTY_VALUES, stepErrors, toPatientInput, type WizardValues } from './wizard-values.ts';

const clock = () => new Date('2026-11-23T15:00:00.000Z');
const filled: WizardValues = {
  ...EMPTY_VALUES,
  firstName: 'Ada',
  lastName: 'Okafor',
  dateOfBirth: '1984-03-09',
  phone: '416-555-0101',
  email: ' ',
  city: 'Toronto',
  province: 'ON',
  allergies: 'penicillin, latex',
};

describe('the new-patient wizard', () => {
  it('sends blanks as null and the medical lists split on commas, semicolons and lines', () => {
    expect(toPatientInput(filled, 'id-1')).toMatchObject({
      id: 'id-1',
      firstName: 'Ada',
      phone: '416-555-0101',
      email: null,
      address: null,
      city: 'Toronto',
      province: 'ON',
      communicationPreference: 'email',
      medicalHistory: { allergies: ['penicillin', ' latex'], conditions: [''], medications: [''] },
    });
  });

  it("checks each step's own fields with the server's schema, and leaves later steps' issues to them", () => {
    const missingName = { ...filled, firstName: '', phone: '12' };
    expect(Object.keys(stepErrors(0, missingName, clock))).toEqual(['firstName']);
    expect(Object.keys(stepErrors(1, missingName, clock))).toEqual(['phone']);
    expect(stepErrors(2, missingName, clock)).toEqual({});
    expect(stepErrors(0, filled, clock)).toEqual({});
    expect(stepErrors(3, missingName, clock)).toEqual({});
  });
});
