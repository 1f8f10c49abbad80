import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/connection.ts';

/** The browser's long-lived device cookie; it proves only "this browser signed in as this user before". */
export const DEVICE_COOKIE = 'did';

export function hashDeviceToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newDeviceToken(): string {
  return randomBytes(32).toString('base64url');
}

function plausible(token: string | undefined): token is string {
  return typeof token === 'string' && token.length > 0 && token.length <= 100;
}

/** Whether this cookie belongs to a browser the user signed in from within the lifetime. */
export async function isTrustedDevice(
  db: Db,
  token: string | undefined,
  userId: number,
  now: Date,
  lifetimeMs: number,
): Promise<boolean> {
  if (!plausible(token)) return false;
  const row = await db
    .selectFrom('trusted_devices')
    .select('last_used_at')
    .where('token_hash', '=', hashDeviceToken(token))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined && now.getTime() - Date.parse(row.last_used_at) < lifetimeMs;
}

/** Records a successful sign-in from this browser; returns the token its cookie must carry. */
export async function trustDevice(db: Db, token: string | undefined, userId: number, now: Date): Promise<string> {
  const kept = plausible(token) ? token : newDeviceToken();
  const stamp = now.toISOString();
  await db
    .insertInto('trusted_devices')
    .values({ token_hash: hashDeviceToken(kept), user_id: userId, created_at: stamp, last_used_at: stamp })
    .onConflict((oc) => oc.columns(['token_hash', 'user_id']).doUpdateSet({ last_used_at: stamp }))
    .execute();
  return kept;
}
