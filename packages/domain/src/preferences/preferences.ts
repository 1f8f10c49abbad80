import * as v from 'valibot';
import { NOTIFICATION_EVENT_TYPES, type NotificationEventType } from '../communications/staff-notification.ts';
import { LANGUAGE_INVALID, LANGUAGES, type Language } from '../i18n/language.ts';
import { fill } from '../i18n/text.ts';
import { enumMessage, FIELD_TEXTS, jsonObject, positiveId } from '../validation/fields.ts';

/** Issue 21: a user's own preferences, kept on the server (GET/PUT /api/preferences) and cached on the device. */
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

/** The schedule's row size: one hour or 30 minutes (the schedule's `?view=60min|30min`). */
export const SCHEDULE_VIEWS = ['60min', '30min'] as const;
export type ScheduleView = (typeof SCHEDULE_VIEWS)[number];

export interface Preferences {
  theme: Theme;
  /** Null until the user chooses: each device then follows its browser (users.language, migration 0015). */
  language: Language | null;
  defaultScheduleView: ScheduleView;
  /** The practice chosen at sign-in; null means the first allowed one. Always one the user may use. */
  defaultPracticeId: number | null;
  /** The staff notification types the user receives: every type unless turned off. */
  notifications: Record<NotificationEventType, boolean>;
  updatedAt: string | null;
}

export function allNotificationsOn(): Record<NotificationEventType, boolean> {
  return Object.fromEntries(NOTIFICATION_EVENT_TYPES.map((type) => [type, true])) as Record<
    NotificationEventType,
    boolean
  >;
}

export const DEFAULT_PREFERENCES: Preferences = {
  theme: 'system',
  language: null,
  defaultScheduleView: '60min',
  defaultPracticeId: null,
  notifications: allNotificationsOn(),
  updatedAt: null,
};

/** The types a user turned off, from the stored notification switches. */
export function mutedTypes(notifications: Partial<Record<NotificationEventType, boolean>>): NotificationEventType[] {
  return NOTIFICATION_EVENT_TYPES.filter((type) => notifications[type] === false);
}

const booleanField = (field: string) => v.boolean(fill(FIELD_TEXTS.boolean, { field }));

const notificationsSchema = v.pipe(
  v.record(
    v.picklist(NOTIFICATION_EVENT_TYPES, enumMessage(NOTIFICATION_EVENT_TYPES, 'notifications')),
    booleanField('notifications'),
  ),
);

/**
 * PUT /api/preferences: any of the fields; a field left out keeps its stored value. `notifications` may
 * name only some types: the others keep theirs.
 */
export const preferencesBodySchema = jsonObject({
  theme: v.optional(v.picklist(THEMES, enumMessage(THEMES, 'theme'))),
  language: v.optional(v.nullable(v.picklist(LANGUAGES, LANGUAGE_INVALID.message))),
  defaultScheduleView: v.optional(v.picklist(SCHEDULE_VIEWS, enumMessage(SCHEDULE_VIEWS, 'defaultScheduleView'))),
  defaultPracticeId: v.optional(v.nullable(positiveId('defaultPracticeId'))),
  notifications: v.optional(notificationsSchema),
});
export type PreferencesBody = v.InferOutput<typeof preferencesBodySchema>;
