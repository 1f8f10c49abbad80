import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { deleteSession, findSession, insertSession, touchSession } from '../repos/sessions.ts';

/** Writing last_seen_at on every request would serialise reads behind writes; a minute is precise enough. */
const TOUCH_INTERVAL_MS = 60_000;

export interface SessionRecord {
  id: string;
  userId: number;
  currentPracticeId: number;
  deviceSecret: string | null;
}

/** Sessions are stored under a hash of their token: a leaked database does not yield usable sessions. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Db,
  userId: number,
  practiceId: number,
  now: Date,
  device: { ip: string | null; userAgent: string | null } = { ip: null, userAgent: null },
): Promise<{ token: string; deviceSecret: string }> {
  const token = randomBytes(32).toString('base64url');
  const deviceSecret = randomBytes(32).toString('base64url');
  await insertSession(db, {
    id: hashToken(token),
    user_id: userId,
    current_practice_id: practiceId,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    device_secret: deviceSecret,
    ip_address: device.ip,
    user_agent: device.userAgent,
  });
  return { token, deviceSecret };
}

export type SessionLookup = { kind: 'none' } | { kind: 'expired' } | { kind: 'active'; session: SessionRecord };

export interface SessionLifetime {
  /** Spec 9: a session unused this long ends. */
  idleTimeoutMs: number;
  /** A session ends this long after sign-in however busy it is, so a stolen cookie cannot live for ever. */
  absoluteLifetimeMs: number;
}

/** Sessions expire after the idle timeout or the absolute lifetime; an expired one is deleted on sight. */
export async function resolveSession(
  db: Db,
  token: string | undefined,
  now: Date,
  lifetime: SessionLifetime,
): Promise<SessionLookup> {
  if (!token || token.length > 100) return { kind: 'none' };
  const id = hashToken(token);
  const row = await findSession(db, id);
  if (!row) return { kind: 'none' };
  const idleMs = now.getTime() - Date.parse(row.last_seen_at);
  const ageMs = now.getTime() - Date.parse(row.created_at);
  if (idleMs >= lifetime.idleTimeoutMs || ageMs >= lifetime.absoluteLifetimeMs) {
    await deleteSession(db, id);
    return { kind: 'expired' };
  }
  if (idleMs >= TOUCH_INTERVAL_MS) await touchSession(db, id, now);
  return {
    kind: 'active',
    session: { id, userId: row.user_id, currentPracticeId: row.current_practice_id, deviceSecret: row.device_secret },
  };
}

export async function endSession(db: Db, token: string): Promise<void> {
  await deleteSession(db, hashToken(token));
}

/**
 * Whether a session still holds, without extending it: a long-lived stream asks now and then, so a user
 * signed out elsewhere stops receiving, yet an open tab alone never keeps a session alive.
 */
export async function sessionStillActive(db: Db, id: string, now: Date, lifetime: SessionLifetime): Promise<boolean> {
  const row = await findSession(db, id);
  if (!row) return false;
  const idleMs = now.getTime() - Date.parse(row.last_seen_at);
  const ageMs = now.getTime() - Date.parse(row.created_at);
  return idleMs < lifetime.idleTimeoutMs && ageMs < lifetime.absoluteLifetimeMs;
}
