/**
 * Staff notifications created by events (issue 19): what each carries and which broad kind of spec 3 it
 * is. The server writes every title and message in English from domain texts; each reader sees them in
 * their language.
 */
export const NOTIFICATION_EVENT_TYPES = [
  'appointment_booked',
  'appointment_moved',
  'appointment_cancelled',
  'patient_checked_in',
  'provider_absence',
  'maintenance_displaced',
  'waitlist_match',
  'recall_due',
  'review_low_rating',
  'reschedule_requested',
] as const;
export type NotificationEventType = (typeof NOTIFICATION_EVENT_TYPES)[number];

/** Spec 3's notification types. */
export const NOTIFICATION_CATEGORIES = ['appointment', 'recall', 'billing', 'system', 'communication'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const NOTIFICATION_PRIORITIES = ['high', 'medium', 'low'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

const CATEGORY_OF: Readonly<Record<NotificationEventType, NotificationCategory>> = {
  appointment_booked: 'appointment',
  appointment_moved: 'appointment',
  appointment_cancelled: 'appointment',
  patient_checked_in: 'appointment',
  provider_absence: 'system',
  maintenance_displaced: 'system',
  waitlist_match: 'appointment',
  recall_due: 'recall',
  review_low_rating: 'communication',
  reschedule_requested: 'appointment',
};

/** The spec-3 kind of a stored type: an event type's kind, or the stored type itself when it is one already. */
export function notificationCategory(type: string): NotificationCategory {
  if (Object.hasOwn(CATEGORY_OF, type)) return CATEGORY_OF[type as NotificationEventType];
  return (NOTIFICATION_CATEGORIES as readonly string[]).includes(type) ? (type as NotificationCategory) : 'system';
}

/**
 * A notification as GET /api/notifications and the stream send it: the issue's fields
 * `{id, type, title, message, link, read, createdAt}` and spec 3's names for the same facts.
 */
export interface StaffNotification {
  id: number;
  type: string;
  category: NotificationCategory;
  title: string;
  message: string;
  /** An in-app path ('/scheduling?date=…'), or null. */
  link: string | null;
  read: boolean;
  createdAt: string;
  priority: NotificationPriority;
  patientName: string | null;
  /** Spec 3's names for `read` and `link`. */
  isRead: boolean;
  actionUrl: string | null;
}

/** What an event hands to the server's notify(): one notification, sent to each recipient. */
export interface NewNotification {
  type: NotificationEventType;
  title: string;
  message: string;
  link: string | null;
  priority: NotificationPriority;
  patientName?: string | null;
}
