import { NOTIFICATION_EVENT_TYPES } from '@dental/domain/communications/staff-notification';
import { invalidInput } from '@dental/domain/errors';
import { isLanguage } from '@dental/domain/i18n/language';
import {
  DEFAULT_PREFERENCES,
  mutedTypes,
  type Preferences,
  type PreferencesBody,
  SCHEDULE_VIEWS,
  type ScheduleView,
  THEMES,
  type Theme,
} from '@dental/domain/preferences/preferences';
import type { Db } from '../db/connection.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { findPreferences, savePreferences } from '../repos/preferences.ts';
import { findUserById, setLanguage } from '../repos/users.ts';
import type { Caller } from './caller.ts';

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

/** The user's preferences: stored ones over the defaults; the language from users.language. */
export async function preferencesOf(db: Db, caller: Caller): Promise<Preferences> {
  const userId = caller.account.row.id;
  const [stored, account] = await Promise.all([findPreferences(db, userId), findUserById(db, userId)]);
  const language = account?.row.language;
  const muted = new Set(stored?.mutedNotifications ?? []);
  const defaultPracticeId =
    stored?.defaultPracticeId && caller.account.allowedPracticeIds.includes(stored.defaultPracticeId)
      ? stored.defaultPracticeId
      : null;
  return {
    theme: oneOf<Theme>(THEMES, stored?.theme ?? '', DEFAULT_PREFERENCES.theme),
    language: isLanguage(language) ? language : null,
    defaultScheduleView: oneOf<ScheduleView>(
      SCHEDULE_VIEWS,
      stored?.defaultScheduleView ?? '',
      DEFAULT_PREFERENCES.defaultScheduleView,
    ),
    defaultPracticeId,
    notifications: Object.fromEntries(
      NOTIFICATION_EVENT_TYPES.map((type) => [type, !muted.has(type)]),
    ) as Preferences['notifications'],
    updatedAt: stored?.updatedAt ?? null,
  };
}

/** Merges the given fields over the stored preferences; audited with the fields that changed. */
export async function updatePreferences(
  db: Db,
  caller: Caller,
  body: PreferencesBody,
  now: Date,
): Promise<Preferences> {
  if (
    body.defaultPracticeId !== undefined &&
    body.defaultPracticeId !== null &&
    !caller.account.allowedPracticeIds.includes(body.defaultPracticeId)
  ) {
    throw invalidInput([{ field: 'defaultPracticeId', message: 'defaultPracticeId must be a practice you work in' }]);
  }
  const current = await preferencesOf(db, caller);
  const next: Preferences = {
    theme: body.theme ?? current.theme,
    language: body.language === undefined ? current.language : body.language,
    defaultScheduleView: body.defaultScheduleView ?? current.defaultScheduleView,
    defaultPracticeId: body.defaultPracticeId === undefined ? current.defaultPracticeId : body.defaultPracticeId,
    notifications: { ...current.notifications, ...body.notifications },
    updatedAt: now.toISOString(),
  };
  const userId = caller.account.row.id;
  await savePreferences(db, userId, {
    theme: next.theme,
    defaultScheduleView: next.defaultScheduleView,
    defaultPracticeId: next.defaultPracticeId,
    mutedNotifications: mutedTypes(next.notifications),
    updatedAt: next.updatedAt as string,
  });
  if (next.language !== current.language) await setLanguage(db, userId, next.language, now);
  await writeAudit(db, {
    at: now,
    userId,
    practiceId: caller.session.currentPracticeId,
    action: 'preferences.update',
    entity: 'user',
    entityId: userId,
    details: { fields: Object.keys(body).filter((key) => body[key as keyof PreferencesBody] !== undefined) },
  });
  return next;
}
