import { describe, expect, it } from 'vitest';
import {
  absenceNotification,
  appointmentNotification,
  maintenanceNotification,
} from '../src/communications/event-notifications.ts';

const booking = {
  patientName: 'Maurine Schroeder',
  procedure: 'Cleaning',
  treatmentRoom: 'Room 3',
  providerName: 'Dr. Daniel Chen',
  // 23:30 in Toronto on Dec 1: the link names the practice's day, not UTC's.
  appointmentDate: '2026-12-02T04:30:00.000Z',
};

describe('event notifications', () => {
  it('words an appointment change on the practice clock and links to its local day', () => {
    expect(appointmentNotification('booked', booking, 'America/Toronto')).toEqual({
      type: 'appointment_booked',
      title: 'Appointment booked',
      message: 'Maurine Schroeder: Cleaning, Dec 1, 11:30 PM, Room 3.',
      link: '/scheduling?date=2026-12-01',
      priority: 'medium',
      patientName: 'Maurine Schroeder',
    });
    const moved = appointmentNotification(
      'moved',
      { ...booking, appointmentDate: '2026-12-03T15:00:00.000Z', treatmentRoom: 'Room 1' },
      'America/Toronto',
      booking,
    );
    expect(moved.message).toBe(
      'Maurine Schroeder: Cleaning moved to Dec 3, 10:00 AM, Room 1, with Dr. Daniel Chen ' +
        '(was Dec 1, 11:30 PM, Room 3, Dr. Daniel Chen).',
    );
    expect(appointmentNotification('cancelled', booking, 'America/Vancouver').link).toBe('/scheduling?date=2026-12-01');
  });

  it('counts what an absence or maintenance changed', () => {
    expect(
      absenceNotification(
        { providerName: 'Dr. Daniel Chen', startDate: '2027-03-01', endDate: '2027-03-02' },
        { moved: 2, cancelled: 1 },
      ),
    ).toMatchObject({
      type: 'provider_absence',
      message: 'Dr. Daniel Chen is away from Mar 1, 2027 to Mar 2, 2027. Bookings moved: 2; cancelled: 1.',
      link: '/scheduling?date=2027-03-01',
    });
    expect(
      maintenanceNotification({ rooms: ['Room 2', 'Room 6'], firstDate: '2027-03-22' }, { moved: 3, cancelled: 0 })
        .message,
    ).toBe('Maintenance in Room 2, Room 6 displaced bookings. Moved: 3; cancelled: 0.');
  });
});
