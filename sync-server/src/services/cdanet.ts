import {
  CDANET_VERSIONS,
  type CdanetConfiguration,
  type CdanetConfigurationBody,
  type CdanetVersion,
  DEFAULT_CLAIM_DEFAULTS,
  SAMPLE_CARRIERS,
} from '@dental/domain/cdanet/configuration';
import { invalidInput } from '@dental/domain/errors';
import { effectiveRole, PROVIDER_ROLES } from '@dental/domain/permissions/roles';
import type { Db } from '../db/connection.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { findCdanetConfiguration, saveCdanetConfiguration } from '../repos/cdanet-configurations.ts';
import { staffOfPractice } from '../repos/users.ts';
import type { Caller } from './caller.ts';

async function practiceProviders(db: Db, practiceId: number) {
  const staff = await staffOfPractice(db, practiceId);
  return staff
    .filter((member) => PROVIDER_ROLES.includes(effectiveRole(member.role)))
    .map((member) => ({ id: member.id, displayName: member.displayName, role: member.role }));
}

/** The practice's CDAnet set-up (defaults until saved), its providers and the sample carrier list. */
export async function cdanetConfiguration(db: Db, practiceId: number) {
  const [stored, providers] = await Promise.all([
    findCdanetConfiguration(db, practiceId),
    practiceProviders(db, practiceId),
  ]);
  const defaults = stored?.claimDefaults ?? {};
  const version = (CDANET_VERSIONS as readonly unknown[]).includes(defaults.cdanetVersion)
    ? (defaults.cdanetVersion as CdanetVersion)
    : DEFAULT_CLAIM_DEFAULTS.cdanetVersion;
  const configuration: CdanetConfiguration = {
    practiceId,
    officeNumber: stored?.officeNumber ?? null,
    providerNumbers: stored?.providerNumbers ?? {},
    claimDefaults: {
      cdanetVersion: version,
      assignBenefitsToProvider:
        typeof defaults.assignBenefitsToProvider === 'boolean'
          ? defaults.assignBenefitsToProvider
          : DEFAULT_CLAIM_DEFAULTS.assignBenefitsToProvider,
      defaultCarrierId: typeof defaults.defaultCarrierId === 'string' ? defaults.defaultCarrierId : null,
    },
    updatedAt: stored?.updatedAt ?? null,
  };
  return { configuration, providers, sampleCarriers: { sample: true, carriers: SAMPLE_CARRIERS } };
}

/** Replaces the practice's CDAnet set-up; every provider key must be a provider of the practice. Audited. */
export async function saveCdanet(db: Db, caller: Caller, practiceId: number, body: CdanetConfigurationBody, now: Date) {
  const providers = await practiceProviders(db, practiceId);
  const known = new Set(providers.map((provider) => String(provider.id)));
  const stranger = Object.keys(body.providerNumbers).find((id) => !known.has(String(Number(id))));
  if (stranger !== undefined) {
    throw invalidInput([
      { field: 'providerNumbers', message: `providerNumbers: ${stranger} is not a provider of this practice` },
    ]);
  }
  const providerNumbers = Object.fromEntries(
    Object.entries(body.providerNumbers).map(([id, number]) => [String(Number(id)), number]),
  );
  await saveCdanetConfiguration(
    db,
    practiceId,
    {
      officeNumber: body.officeNumber,
      providerNumbers,
      claimDefaults: body.claimDefaults,
      updatedAt: now.toISOString(),
    },
    caller.account.row.id,
  );
  await writeAudit(db, {
    at: now,
    userId: caller.account.row.id,
    practiceId,
    action: 'cdanet.update',
    entity: 'cdanet_configuration',
    entityId: practiceId,
    details: { officeNumber: body.officeNumber, providers: Object.keys(providerNumbers).length },
  });
  return cdanetConfiguration(db, practiceId);
}
