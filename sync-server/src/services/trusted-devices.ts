import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { deviceLastUsedAt, saveTrustedDevice } from '../repos/trusted-devices.ts';

export function hashDeviceToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newDeviceToken(): string {
  return randomBytes(32).toString('base64url');
}

function plausible(token: string | undefined): token is string {
  return typeof token === 'string' && token.length > 0 && token.length <= 100;
}

/** Whether this device token belongs to a browser the user signed in from within the lifetime. */
export async function isTrustedDevice(
  db: Db,
  token: string | undefined,
  userId: number,
  now: Date,
  lifetimeMs: number,
): Promise<boolean> {
  if (!plausible(token)) return false;
  const lastUsedAt = await deviceLastUsedAt(db, hashDeviceToken(token), userId);
  return lastUsedAt !== undefined && now.getTime() - Date.parse(lastUsedAt) < lifetimeMs;
}

/** Records a successful sign-in from this browser; returns the token its device cookie must carry. */
export async function trustDevice(db: Db, token: string | undefined, userId: number, now: Date): Promise<string> {
  const kept = plausible(token) ? token : newDeviceToken();
  await saveTrustedDevice(db, hashDeviceToken(kept), userId, now);
  return kept;
}
