import { DEFAULTS } from '@dental/domain/constants';
import type { Db } from '../db/connection.ts';

export async function practiceTimezone(db: Db, practiceId: number): Promise<string> {
  const row = await db.selectFrom('practices').select('timezone').where('id', '=', practiceId).executeTakeFirst();
  return row?.timezone ?? DEFAULTS.timezone;
}

export { localDate, localDayRange } from '@dental/domain/time/zones';
