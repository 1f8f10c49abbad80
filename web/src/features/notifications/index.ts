/**
 * Staff notifications (issue 19): the live stream that feeds the header's bell, and the built-in samples
 * it shows when the list cannot be fetched.
 */

export { SampleNotificationList } from './sample-list.tsx';
export { SAMPLE_NOTIFICATIONS, type SampleNotification } from './sample-notifications.ts';
export { notificationsKey, useNotificationStream } from './use-notification-stream.ts';
