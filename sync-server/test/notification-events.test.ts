import type { StaffNotification } from '@dental/domain/communications/staff-notification';
import type { Appointment } from '@dental/domain/scheduling/appointment';
import { aProviderAbsence } from '@dental/domain/testing/absences';
import { aCheckIn, anAppointment, DOCTOR, HYGIENIST, on } from '@dental/domain/testing/appointments';
import { aMaintenanceSchedule } from '@dental/domain/testing/maintenance';
import { describe, expect, it } from 'vitest';
import { bookAppointment, cancelAppointment, postTo } from './helpers/api.ts';
import { activePatients, userId } from './helpers/demo-data.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

/** Days past the seeded weeks, so nothing else is booked in the way. */
const DAY = '2027-04-05';
const ABSENCE_DAY = '2027-04-12';
const MAINTENANCE_DAY = '2027-04-19';

const t = fileApp();
const as = signedIn(t, 'receptionist', 'doctor', 'admin');
const patient = activePatients(t, 10);
const USERS = ['admin', 'doctor', 'hygienist', 'receptionist', 'staff'] as const;

/** Each demo user's notifications of a type created since the test began (the seed has its own). */
async function received(type: string): Promise<Record<(typeof USERS)[number], StaffNotification[]>> {
  const out = {} as Record<(typeof USERS)[number], StaffNotification[]>;
  for (const username of USERS) {
    const rows = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', await userId(t, username))
      .where('type', '=', type)
      .orderBy('id')
      .execute();
    out[username] = rows.map((row) => ({
      id: row.id,
      type: row.type,
      title: row.title,
      message: row.message,
      link: row.action_url,
      patientName: row.patient_name,
      priority: row.priority,
    })) as unknown as StaffNotification[];
  }
  return out;
}

const counts = (byUser: Record<string, unknown[]>) =>
  Object.fromEntries(Object.entries(byUser).map(([user, list]) => [user, list.length]));

const patch = (id: string, body: unknown, cookie = as.receptionist) =>
  t.request({ method: 'PATCH', url: `/api/appointments/${id}`, cookie, body });

describe('notifications created by schedule events', () => {
  let booking: Appointment;

  it('tells the provider of a booking made by someone else, with the patient, procedure and local time', async () => {
    booking = await bookAppointment(
      t,
      as.receptionist,
      anAppointment({ patientId: patient(0), appointmentDate: on(DAY, '10:00'), procedure: 'Crown prep' }),
    );
    const booked = await received('appointment_booked');
    expect(counts(booked)).toEqual({ admin: 0, doctor: 1, hygienist: 0, receptionist: 0, staff: 0 });
    expect(booked.doctor[0]).toMatchObject({
      title: 'Appointment booked',
      message: `${booking.patientName}: Crown prep, Apr 5, 10:00 AM, Room 1.`,
      link: `/scheduling?date=${DAY}`,
      patientName: booking.patientName,
    });
  });

  it('tells nobody when the provider books for themselves', async () => {
    await bookAppointment(
      t,
      as.doctor,
      anAppointment({ patientId: patient(1), appointmentDate: on(DAY, '11:00'), treatmentRoom: 'Room 2' }),
    );
    expect(counts(await received('appointment_booked'))).toMatchObject({ doctor: 1, admin: 0, receptionist: 0 });
  });

  it('tells the old and the new provider of a move, and nobody of a note change', async () => {
    const notes = await patch(booking.id, { notes: 'Bring the x-rays' });
    expect(notes.statusCode, notes.body).toBe(200);
    expect(counts(await received('appointment_moved'))).toMatchObject({ doctor: 0, hygienist: 0 });

    const response = await patch(booking.id, {
      appointmentDate: on(DAY, '14:00'),
      providerId: HYGIENIST.id,
      treatmentRoom: 'Room 3',
    });
    expect(response.statusCode, response.body).toBe(200);
    const moved = await received('appointment_moved');
    expect(counts(moved)).toEqual({ admin: 0, doctor: 1, hygienist: 1, receptionist: 0, staff: 0 });
    expect(moved.hygienist[0]?.message).toBe(
      `${booking.patientName}: Crown prep moved to Apr 5, 2:00 PM, Room 3, with ${HYGIENIST.name} ` +
        `(was Apr 5, 10:00 AM, Room 1, ${DOCTOR.name}).`,
    );
  });

  it('tells the provider of a check-in and of a cancellation', async () => {
    const checkIn = await bookAppointment(
      t,
      as.receptionist,
      anAppointment({ patientId: patient(2), appointmentDate: on(DAY, '09:00'), treatmentRoom: 'Room 4' }),
    );
    const checked = await patch(checkIn.id, aCheckIn());
    expect(checked.statusCode, checked.body).toBe(200);
    const arrived = await received('patient_checked_in');
    expect(counts(arrived)).toEqual({ admin: 0, doctor: 1, hygienist: 0, receptionist: 0, staff: 0 });
    expect(arrived.doctor[0]?.message).toBe(
      `${checkIn.patientName} has checked in for Cleaning at Apr 5, 9:00 AM, Room 4.`,
    );

    expect((await cancelAppointment(t, as.receptionist, booking.id)).statusCode).toBe(200);
    const cancelled = await received('appointment_cancelled');
    expect(counts(cancelled)).toEqual({ admin: 0, doctor: 0, hygienist: 1, receptionist: 0, staff: 0 });
    expect(cancelled.hygienist[0]).toMatchObject({
      title: 'Appointment cancelled',
      message: `${booking.patientName}: Crown prep, Apr 5, 2:00 PM, was cancelled.`,
      priority: 'high',
    });
  });

  it('tells the absent provider and the schedule editors, less the actor, how many bookings changed', async () => {
    const first = await bookAppointment(
      t,
      as.receptionist,
      anAppointment({ patientId: patient(3), appointmentDate: on(ABSENCE_DAY, '10:00') }),
    );
    const second = await bookAppointment(
      t,
      as.receptionist,
      anAppointment({ patientId: patient(4), appointmentDate: on(ABSENCE_DAY, '11:00'), treatmentRoom: 'Room 2' }),
    );
    const response = await postTo(
      t,
      '/api/provider-absences',
      aProviderAbsence({
        startDate: ABSENCE_DAY,
        reason: 'sick-leave',
        plans: [
          { appointmentId: first.id, action: 'reschedule', newDate: '2027-04-13', newTime: '10:00' },
          { appointmentId: second.id, action: 'cancel' },
        ],
      }),
      as.receptionist,
    );
    expect(response.statusCode, response.body).toBe(201);
    const absence = await received('provider_absence');
    // The receptionist acted; staff may not edit the schedule.
    expect(counts(absence)).toEqual({ admin: 1, doctor: 1, hygienist: 0, receptionist: 0, staff: 0 });
    expect(absence.doctor[0]).toMatchObject({
      title: 'Provider absence recorded',
      message: `${DOCTOR.name} is away from Apr 12, 2027 to Apr 12, 2027. Bookings moved: 1; cancelled: 1.`,
      link: `/scheduling?date=${ABSENCE_DAY}`,
    });
    // The absence's reschedule is told once, by the absence, not as moves and cancellations.
    expect(counts(await received('appointment_moved'))).toMatchObject({ doctor: 1 });
  });

  it('tells the displaced bookings’ providers and the schedule editors of maintenance', async () => {
    const a = await bookAppointment(
      t,
      as.receptionist,
      anAppointment({ patientId: patient(5), appointmentDate: on(MAINTENANCE_DAY, '13:00'), treatmentRoom: 'Room 6' }),
    );
    const b = await bookAppointment(
      t,
      as.receptionist,
      anAppointment({
        patientId: patient(6),
        appointmentDate: on(MAINTENANCE_DAY, '13:30'),
        treatmentRoom: 'Room 6',
        providerId: HYGIENIST.id,
      }),
    );
    const response = await postTo(
      t,
      '/api/maintenance-schedules',
      {
        ...aMaintenanceSchedule({
          roomId: 'Room 6',
          startDateTime: on(MAINTENANCE_DAY, '13:00'),
          endDateTime: on(MAINTENANCE_DAY, '14:00'),
        }),
        displace: [
          {
            appointmentId: a.id,
            action: 'reschedule',
            newDate: MAINTENANCE_DAY,
            newTime: '13:00',
            newRoomId: 'Room 8',
          },
          { appointmentId: b.id, action: 'reschedule', newDate: MAINTENANCE_DAY, newTime: '15:00' },
        ],
      },
      as.admin,
    );
    expect(response.statusCode, response.body).toBe(201);
    const displaced = await received('maintenance_displaced');
    expect(counts(displaced)).toEqual({ admin: 0, doctor: 1, hygienist: 1, receptionist: 1, staff: 0 });
    expect(displaced.receptionist[0]).toMatchObject({
      message: 'Maintenance in Room 6 displaced bookings. Moved: 2; cancelled: 0.',
      link: `/scheduling?date=${MAINTENANCE_DAY}`,
    });
  });
});
