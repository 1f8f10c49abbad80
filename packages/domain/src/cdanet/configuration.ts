import * as v from 'valibot';
import { fill } from '../i18n/text.ts';
import { enumMessage, FIELD_TEXTS, jsonObject } from '../validation/fields.ts';

/**
 * Issue 21: what insurance claims will need from a practice (GET/PUT /api/cdanet-configuration).
 *
 * Formats (CDAnet version 4 field sizes, digits only here):
 * - the office number (field B02, "provider office number") is exactly 4 digits, for example 0421;
 * - a provider's CDA number (field B01, "CDA provider number") is exactly 9 digits, for example 123456789.
 * Leading zeros are kept: both are stored as text.
 */
export const OFFICE_NUMBER_PATTERN = /^\d{4}$/;
export const CDA_NUMBER_PATTERN = /^\d{9}$/;

export const OFFICE_NUMBER_MESSAGE = 'officeNumber must be exactly 4 digits';
export const CDA_NUMBER_MESSAGE = 'providerNumbers: each CDA number must be exactly 9 digits';

export const CDANET_VERSIONS = ['04', '02'] as const;
export type CdanetVersion = (typeof CDANET_VERSIONS)[number];

/** A sample carrier list: names of Canadian insurers, with illustrative ids that are not their real CDAnet ids. */
export interface SampleCarrier {
  id: string;
  name: string;
}
export const SAMPLE_CARRIERS: readonly SampleCarrier[] = [
  { id: 'SAMPLE-01', name: 'Sun Life Financial' },
  { id: 'SAMPLE-02', name: 'Canada Life' },
  { id: 'SAMPLE-03', name: 'Manulife' },
  { id: 'SAMPLE-04', name: 'Green Shield Canada' },
  { id: 'SAMPLE-05', name: 'Desjardins Insurance' },
  { id: 'SAMPLE-06', name: 'Blue Cross (provincial plans)' },
  { id: 'SAMPLE-07', name: 'Industrial Alliance' },
  { id: 'SAMPLE-08', name: 'Empire Life' },
];
const SAMPLE_CARRIER_IDS = SAMPLE_CARRIERS.map((carrier) => carrier.id);

export interface ClaimDefaults {
  /** The CDAnet message version claims are sent in. */
  cdanetVersion: CdanetVersion;
  /** Benefits paid to the provider (assignment) rather than to the subscriber. */
  assignBenefitsToProvider: boolean;
  /** The carrier preselected on a new claim, from the sample list; null for none. */
  defaultCarrierId: string | null;
}

export const DEFAULT_CLAIM_DEFAULTS: ClaimDefaults = {
  cdanetVersion: '04',
  assignBenefitsToProvider: true,
  defaultCarrierId: null,
};

export interface CdanetConfiguration {
  practiceId: number;
  officeNumber: string | null;
  /** Provider user id (as a string key) → 9-digit CDA number. */
  providerNumbers: Record<string, string>;
  claimDefaults: ClaimDefaults;
  updatedAt: string | null;
}

export const cdanetConfigurationBodySchema = jsonObject({
  officeNumber: v.nullable(
    v.pipe(v.string(OFFICE_NUMBER_MESSAGE), v.trim(), v.regex(OFFICE_NUMBER_PATTERN, OFFICE_NUMBER_MESSAGE)),
    null,
  ),
  providerNumbers: v.optional(
    v.pipe(
      v.record(
        v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'providerNumbers: each key must be a provider id')),
        v.pipe(v.string(CDA_NUMBER_MESSAGE), v.trim(), v.regex(CDA_NUMBER_PATTERN, CDA_NUMBER_MESSAGE)),
      ),
      v.check(
        (numbers) => Object.keys(numbers).length <= 200,
        fill(FIELD_TEXTS.tooManyEntries, { field: 'providerNumbers' }),
      ),
    ),
    {},
  ),
  claimDefaults: v.optional(
    jsonObject({
      cdanetVersion: v.optional(v.picklist(CDANET_VERSIONS, enumMessage(CDANET_VERSIONS, 'cdanetVersion')), '04'),
      assignBenefitsToProvider: v.optional(
        v.boolean(fill(FIELD_TEXTS.boolean, { field: 'assignBenefitsToProvider' })),
        true,
      ),
      defaultCarrierId: v.optional(
        v.nullable(v.picklist(SAMPLE_CARRIER_IDS, enumMessage(SAMPLE_CARRIER_IDS, 'defaultCarrierId'))),
        null,
      ),
    }),
    { ...DEFAULT_CLAIM_DEFAULTS },
  ),
});
export type CdanetConfigurationBody = v.InferOutput<typeof cdanetConfigurationBodySchema>;
