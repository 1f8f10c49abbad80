import type { Db } from '../db/connection.ts';

export interface StoredPreferences {
  theme: string;
  defaultScheduleView: string;
  defaultPracticeId: number | null;
  mutedNotifications: string[];
  updatedAt: string;
}

function parseList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export async function findPreferences(db: Db, userId: number): Promise<StoredPreferences | undefined> {
  const row = await db.selectFrom('user_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return undefined;
  return {
    theme: row.theme,
    defaultScheduleView: row.default_schedule_view,
    defaultPracticeId: row.default_practice_id,
    mutedNotifications: parseList(row.muted_notifications),
    updatedAt: row.updated_at,
  };
}

export async function savePreferences(db: Db, userId: number, preferences: StoredPreferences): Promise<void> {
  const values = {
    theme: preferences.theme,
    default_schedule_view: preferences.defaultScheduleView,
    default_practice_id: preferences.defaultPracticeId,
    muted_notifications: JSON.stringify(preferences.mutedNotifications),
    updated_at: preferences.updatedAt,
  };
  await db
    .insertInto('user_preferences')
    .values({ user_id: userId, ...values })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
    .execute();
}

/** The users among `userIds` who turned the notification type off. */
export async function usersMuting(db: Db, userIds: readonly number[], type: string): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('user_preferences')
    .select(['user_id', 'muted_notifications'])
    .where('user_id', 'in', userIds)
    .execute();
  return new Set(rows.filter((row) => parseList(row.muted_notifications).includes(type)).map((row) => row.user_id));
}

/** The practice the user chose to start in, if any. */
export async function preferredPracticeId(db: Db, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('user_preferences')
    .select('default_practice_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.default_practice_id ?? null;
}
