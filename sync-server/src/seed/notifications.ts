import { NOTIFICATION_TEXTS } from '@dental/domain/communications/notification.schema';
import { formatInstantShort } from '@dental/domain/i18n/formats';
import { SOURCE_LANGUAGE } from '@dental/domain/i18n/language';
import { fill } from '@dental/domain/i18n/text';
import type { Insertable } from 'kysely';
import type { AppointmentsTable, NotificationsTable, PatientsTable, UsersTable } from '../db/schema.ts';

const HOUR_MS = 3_600_000;

/**
 * Notifications drawn from the seeded schedule itself (recent no-shows, tomorrow's bookings),
 * addressed to each demo account of practice 1; the admin gets enough to show the '9+' badge.
 */
export function buildNotifications(
  users: readonly Insertable<UsersTable>[],
  patients: readonly Insertable<PatientsTable>[],
  appointments: readonly Insertable<AppointmentsTable>[],
  now: Date,
): Insertable<NotificationsTable>[] {
  const names = new Map(patients.map((patient) => [patient.id, `${patient.first_name} ${patient.last_name}`]));
  const inToronto = appointments.filter((appointment) => appointment.practice_id === 1);
  const nowMs = now.getTime();
  const noShows = inToronto
    .filter((a) => a.status === 'no-show' && Date.parse(a.appointment_date) < nowMs)
    .sort((a, b) => b.appointment_date.localeCompare(a.appointment_date))
    .slice(0, 6);
  const upcoming = inToronto
    .filter((a) => a.status === 'scheduled' && Date.parse(a.appointment_date) > nowMs)
    .sort((a, b) => a.appointment_date.localeCompare(b.appointment_date))
    .slice(0, 8);

  // In English, as the server writes every text; readers see the sentence in their language.
  const when = (iso: string) => formatInstantShort(iso, 'America/Toronto', SOURCE_LANGUAGE);
  const patient = (id: string) => names.get(id) ?? 'A patient';

  const pool = [
    ...noShows.map((a, index) => ({
      type: 'appointment',
      title: NOTIFICATION_TEXTS.missedTitle.message,
      message: fill(NOTIFICATION_TEXTS.missed, {
        patient: patient(a.patient_id),
        procedure: a.procedure,
        when: when(a.appointment_date),
      }),
      priority: 'high',
      patient_name: names.get(a.patient_id) ?? null,
      action_url: `/patients/${a.patient_id}`,
      created_at: new Date(nowMs - (index + 1) * 5 * HOUR_MS).toISOString(),
    })),
    ...upcoming.map((a, index) => ({
      type: 'appointment',
      title: NOTIFICATION_TEXTS.upcomingTitle.message,
      message: fill(NOTIFICATION_TEXTS.upcoming, {
        patient: patient(a.patient_id),
        procedure: a.procedure,
        when: when(a.appointment_date),
      }),
      priority: 'medium',
      patient_name: names.get(a.patient_id) ?? null,
      action_url: '/scheduling',
      created_at: new Date(nowMs - (index + 1) * 2 * HOUR_MS).toISOString(),
    })),
  ];

  const recipients = users.filter(
    (user): user is Insertable<UsersTable> & { id: number } =>
      typeof user.id === 'number' && ['admin', 'doctor', 'hygienist', 'receptionist', 'staff'].includes(user.username),
  );
  return recipients.flatMap((user) =>
    pool.slice(0, user.username === 'admin' ? 12 : 4).map((notification, index) => ({
      ...notification,
      user_id: user.id,
      practice_id: 1,
      is_read: index >= 10 ? 1 : 0,
    })),
  );
}
