import type { StaffNotification } from '@dental/domain/communications/staff-notification';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** A built-in example: shown, clearly marked, only when the real list cannot be fetched. */
export interface SampleNotification {
  key: string;
  title: MessageDescriptor;
  message: MessageDescriptor;
  priority: StaffNotification['priority'];
}

/**
 * Spec 7: when GET /api/notifications fails the product falls back to built-in sample notifications. Their
 * contents are not given; these show the kinds staff receive, with no real patient in them, and the bell
 * marks each 'Sample' so nobody acts on them.
 */
export const SAMPLE_NOTIFICATIONS: readonly SampleNotification[] = [
  {
    key: 'booked',
    title: msg`Appointment booked`,
    message: msg`Example: a patient was booked with you for a cleaning tomorrow at 10:00 AM.`,
    priority: 'medium',
  },
  {
    key: 'checked-in',
    title: msg`Patient checked in`,
    message: msg`Example: your next patient has checked in and is waiting.`,
    priority: 'medium',
  },
  {
    key: 'cancelled',
    title: msg`Appointment cancelled`,
    message: msg`Example: an afternoon appointment was cancelled; the slot is free.`,
    priority: 'high',
  },
  {
    key: 'recall',
    title: msg`Recalls due`,
    message: msg`Example: patients are due for their recall this week.`,
    priority: 'low',
  },
];
