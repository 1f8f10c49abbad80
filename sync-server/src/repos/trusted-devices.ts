import type { Db } from '../db/connection.ts';

/** When the browser with this device-cookie hash last signed in as the user, if it ever did. */
export async function deviceLastUsedAt(db: Db, tokenHash: string, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('trusted_devices')
    .select('last_used_at')
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.last_used_at;
}

export async function saveTrustedDevice(db: Db, tokenHash: string, userId: number, at: Date): Promise<void> {
  const stamp = at.toISOString();
  await db
    .insertInto('trusted_devices')
    .values({ token_hash: tokenHash, user_id: userId, created_at: stamp, last_used_at: stamp })
    .onConflict((oc) => oc.columns(['token_hash', 'user_id']).doUpdateSet({ last_used_at: stamp }))
    .execute();
}
