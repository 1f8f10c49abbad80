import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { cdanetConfigurationBodySchema } from '../src/cdanet/configuration.ts';
import { mutedTypes, preferencesBodySchema } from '../src/preferences/preferences.ts';

const fieldOf = (result: { success: boolean; issues?: readonly v.BaseIssue<unknown>[] }) =>
  result.issues ? v.getDotPath(result.issues[0] as v.BaseIssue<unknown>) : null;

describe('preferences body', () => {
  it('takes any subset of the fields', () => {
    expect(v.parse(preferencesBodySchema, { theme: 'dark' })).toMatchObject({ theme: 'dark', language: undefined });
    expect(v.parse(preferencesBodySchema, { notifications: { recall_due: false } }).notifications).toEqual({
      recall_due: false,
    });
  });

  it('names the field it refuses', () => {
    expect(fieldOf(v.safeParse(preferencesBodySchema, { defaultScheduleView: '15min' }))).toBe('defaultScheduleView');
    expect(fieldOf(v.safeParse(preferencesBodySchema, { theme: 'purple' }))).toBe('theme');
  });

  it('lists the types turned off', () => {
    expect(mutedTypes({ recall_due: false, appointment_booked: true })).toEqual(['recall_due']);
  });
});

describe('CDAnet body', () => {
  it('keeps leading zeros and fills the claim defaults', () => {
    expect(
      v.parse(cdanetConfigurationBodySchema, { officeNumber: '0042', providerNumbers: { 2: '000000001' } }),
    ).toEqual({
      officeNumber: '0042',
      providerNumbers: { 2: '000000001' },
      claimDefaults: { cdanetVersion: '04', assignBenefitsToProvider: true, defaultCarrierId: null },
    });
  });

  it('refuses an office number that is not 4 digits and a CDA number that is not 9', () => {
    for (const officeNumber of ['42', '04211', '04A1', 421]) {
      expect(fieldOf(v.safeParse(cdanetConfigurationBodySchema, { officeNumber }))).toBe('officeNumber');
    }
    for (const number of ['12345678', '1234567890', '12345678X']) {
      const result = v.safeParse(cdanetConfigurationBodySchema, { officeNumber: null, providerNumbers: { 2: number } });
      expect(fieldOf(result)).toBe('providerNumbers.2');
    }
  });
});
