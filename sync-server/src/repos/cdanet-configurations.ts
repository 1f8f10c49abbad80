import type { Db } from '../db/connection.ts';

export interface StoredCdanetConfiguration {
  officeNumber: string | null;
  providerNumbers: Record<string, string>;
  claimDefaults: Record<string, unknown>;
  updatedAt: string;
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export async function findCdanetConfiguration(
  db: Db,
  practiceId: number,
): Promise<StoredCdanetConfiguration | undefined> {
  const row = await db
    .selectFrom('cdanet_configurations')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .executeTakeFirst();
  if (!row) return undefined;
  const numbers = parseObject(row.provider_numbers);
  return {
    officeNumber: row.office_number,
    providerNumbers: Object.fromEntries(
      Object.entries(numbers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    ),
    claimDefaults: parseObject(row.claim_defaults),
    updatedAt: row.updated_at,
  };
}

export async function saveCdanetConfiguration(
  db: Db,
  practiceId: number,
  configuration: StoredCdanetConfiguration,
  userId: number,
): Promise<void> {
  const values = {
    office_number: configuration.officeNumber,
    provider_numbers: JSON.stringify(configuration.providerNumbers),
    claim_defaults: JSON.stringify(configuration.claimDefaults),
    updated_at: configuration.updatedAt,
    updated_by: userId,
  };
  await db
    .insertInto('cdanet_configurations')
    .values({ practice_id: practiceId, ...values })
    .onConflict((conflict) => conflict.column('practice_id').doUpdateSet(values))
    .execute();
}
