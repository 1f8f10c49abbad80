import { formatInstantShort, formatMediumDate } from '../i18n/formats.ts';
import { SOURCE_LANGUAGE } from '../i18n/language.ts';
import { fill, type Text } from '../i18n/text.ts';
import { localDate } from '../time/zones.ts';
import type { NewNotification, NotificationPriority } from './staff-notification.ts';

/** The staff notifications schedule events create; stored in English, shown in the reader's language. */
export const EVENT_NOTIFICATION_TEXTS = {
  bookedTitle: /*i18n*/ { id: 'staffNotification.booked.title', message: 'Appointment booked' },
  booked: /*i18n*/ { id: 'staffNotification.booked', message: '{patient}: {procedure}, {when}, {room}.' },
  movedTitle: /*i18n*/ { id: 'staffNotification.moved.title', message: 'Appointment moved' },
  moved: /*i18n*/ {
    id: 'staffNotification.moved',
    message: '{patient}: {procedure} moved to {when}, {room}, with {provider} (was {previous}).',
  },
  cancelledTitle: /*i18n*/ { id: 'staffNotification.cancelled.title', message: 'Appointment cancelled' },
  cancelled: /*i18n*/ { id: 'staffNotification.cancelled', message: '{patient}: {procedure}, {when}, was cancelled.' },
  checkedInTitle: /*i18n*/ { id: 'staffNotification.checkedIn.title', message: 'Patient checked in' },
  checkedIn: /*i18n*/ {
    id: 'staffNotification.checkedIn',
    message: '{patient} has checked in for {procedure} at {when}, {room}.',
  },
  absenceTitle: /*i18n*/ { id: 'staffNotification.absence.title', message: 'Provider absence recorded' },
  absence: /*i18n*/ {
    id: 'staffNotification.absence',
    message: '{provider} is away from {start} to {end}. Bookings moved: {moved}; cancelled: {cancelled}.',
  },
  maintenanceTitle: /*i18n*/ { id: 'staffNotification.maintenance.title', message: 'Bookings moved for maintenance' },
  maintenance: /*i18n*/ {
    id: 'staffNotification.maintenance',
    message: 'Maintenance in {rooms} displaced bookings. Moved: {moved}; cancelled: {cancelled}.',
  },
} as const satisfies Record<string, Text>;

const T = EVENT_NOTIFICATION_TEXTS;

/** The schedule on a practice-local day: the link every schedule notification carries. */
export function scheduleLink(date: string): string {
  return `/scheduling?date=${date}`;
}

/** What a notification about one appointment says of it. */
export interface AppointmentFacts {
  patientName: string;
  procedure: string;
  treatmentRoom: string;
  providerName: string;
  appointmentDate: string;
}

export type AppointmentNotificationKind = 'booked' | 'moved' | 'cancelled' | 'checked-in';

const KINDS: Readonly<
  Record<
    AppointmentNotificationKind,
    { type: NewNotification['type']; title: Text; message: Text; priority: NotificationPriority }
  >
> = {
  booked: { type: 'appointment_booked', title: T.bookedTitle, message: T.booked, priority: 'medium' },
  moved: { type: 'appointment_moved', title: T.movedTitle, message: T.moved, priority: 'medium' },
  cancelled: { type: 'appointment_cancelled', title: T.cancelledTitle, message: T.cancelled, priority: 'high' },
  'checked-in': { type: 'patient_checked_in', title: T.checkedInTitle, message: T.checkedIn, priority: 'medium' },
};

/** The notification of one appointment's change, its times on the practice's clock; `before` for a move. */
export function appointmentNotification(
  kind: AppointmentNotificationKind,
  appointment: AppointmentFacts,
  timeZone: string,
  before?: AppointmentFacts,
): NewNotification {
  const when = (facts: AppointmentFacts) => formatInstantShort(facts.appointmentDate, timeZone, SOURCE_LANGUAGE);
  const { type, title, message, priority } = KINDS[kind];
  return {
    type,
    title: title.message,
    message: fill(message, {
      patient: appointment.patientName,
      procedure: appointment.procedure,
      when: when(appointment),
      room: appointment.treatmentRoom,
      provider: appointment.providerName,
      previous: before ? `${when(before)}, ${before.treatmentRoom}, ${before.providerName}` : '',
    }),
    link: scheduleLink(localDate(appointment.appointmentDate, timeZone)),
    priority,
    patientName: appointment.patientName,
  };
}

/** How many bookings an absence or a maintenance window moved and cancelled. */
export interface DisplacementCounts {
  moved: number;
  cancelled: number;
}

export function absenceNotification(
  absence: { providerName: string; startDate: string; endDate: string },
  counts: DisplacementCounts,
): NewNotification {
  return {
    type: 'provider_absence',
    title: T.absenceTitle.message,
    message: fill(T.absence, {
      provider: absence.providerName,
      start: formatMediumDate(absence.startDate, SOURCE_LANGUAGE),
      end: formatMediumDate(absence.endDate, SOURCE_LANGUAGE),
      ...counts,
    }),
    link: scheduleLink(absence.startDate),
    priority: 'high',
  };
}

export function maintenanceNotification(
  displaced: { rooms: readonly string[]; firstDate: string },
  counts: DisplacementCounts,
): NewNotification {
  return {
    type: 'maintenance_displaced',
    title: T.maintenanceTitle.message,
    message: fill(T.maintenance, { rooms: displaced.rooms.join(', '), ...counts }),
    link: scheduleLink(displaced.firstDate),
    priority: 'high',
  };
}
