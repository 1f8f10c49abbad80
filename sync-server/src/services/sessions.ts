import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/connection.ts';

export const SESSION_COOKIE = 'sid';
/** Writing last_seen_at on every request would serialise reads behind writes; a minute is precise enough. */
const TOUCH_INTERVAL_MS = 60_000;

export interface SessionRecord {
  id: string;
  userId: number;
  currentPracticeId: number;
  deviceSecret: string | null;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Db,
  userId: number,
  practiceId: number,
  now: Date,
): Promise<{ token: string; deviceSecret: string }> {
  const token = randomBytes(32).toString('base64url');
  const deviceSecret = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      user_id: userId,
      current_practice_id: practiceId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      device_secret: deviceSecret,
    })
    .execute();
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
  const row = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return { kind: 'none' };
  const idleMs = now.getTime() - Date.parse(row.last_seen_at);
  const ageMs = now.getTime() - Date.parse(row.created_at);
  if (idleMs >= lifetime.idleTimeoutMs || ageMs >= lifetime.absoluteLifetimeMs) {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
    return { kind: 'expired' };
  }
  if (idleMs >= TOUCH_INTERVAL_MS) {
    await db.updateTable('sessions').set({ last_seen_at: now.toISOString() }).where('id', '=', id).execute();
  }
  return {
    kind: 'active',
    session: { id, userId: row.user_id, currentPracticeId: row.current_practice_id, deviceSecret: row.device_secret },
  };
}

export async function deleteSessionByToken(db: Db, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute();
}

export async function setSessionPractice(db: Db, sessionId: string, practiceId: number): Promise<void> {
  await db.updateTable('sessions').set({ current_practice_id: practiceId }).where('id', '=', sessionId).execute();
}

/** After a password change, every other session of that user ends. */
export async function deleteOtherSessions(db: Db, userId: number, keepSessionId: string | null): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}
