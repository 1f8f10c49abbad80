import { DEFAULTS } from '@dental/domain/constants';
import { isValidTimeZone } from '@dental/domain/time/zones';
import type { Db } from '../db/connection.ts';
import { practicePlace, storedTimezone } from '../repos/practices.ts';

/** A stored zone the platform does not know falls back to the spec's default instead of failing every date call. */
function usableZone(timeZone: string | undefined): string {
  return timeZone && isValidTimeZone(timeZone) ? timeZone : DEFAULTS.timezone;
}

export async function practiceTimezone(db: Db, practiceId: number): Promise<string> {
  return usableZone(await storedTimezone(db, practiceId));
}

export interface PracticeZone {
  practiceId: number;
  name: string;
  city: string;
  province: string;
  /** practices.settings.timezone, or the default when the stored one is unusable. */
  timezone: string;
}

/** The practice's place and zone; undefined when there is no such practice. */
export async function practiceZone(db: Db, practiceId: number): Promise<PracticeZone | undefined> {
  const row = await practicePlace(db, practiceId);
  if (!row) return undefined;
  return {
    practiceId: row.id,
    name: row.name,
    city: row.city,
    province: row.province,
    timezone: usableZone(row.timezone),
  };
}
