import { describe, expect, it } from 'vitest';
import { timeSlots } from '../src/practices/hours.ts';
import {
  absenceScheduleDates,
  absenceSuggestions,
  type PlannedAbsence,
} from '../src/scheduling/absence-suggestions.ts';
import type { Appointment } from '../src/scheduling/appointment.ts';
import type { DaySchedule } from '../src/scheduling/availability.ts';
import type { BookedAppointment } from '../src/scheduling/conflicts.ts';
import { displacementSuggestions } from '../src/scheduling/displacement-suggestions.ts';
import { aBooking, aMaintenanceWindow, DOCTOR, DOCTOR_TWO, HYGIENIST, on } from '../testing/appointments.ts';
import { aWeek, CLOSED } from '../testing/practices.ts';
import { aDaySchedule, MONDAY, TUESDAY } from '../testing/schedule.ts';

const RECEPTIONIST = { id: 20, name: 'Rita Reception', role: 'receptionist' };
const PROVIDERS = [DOCTOR, DOCTOR_TWO, HYGIENIST, RECEPTIONIST];

let serial = 0;
function appointment(date: string, time: string, over: Partial<Appointment> = {}): Appointment {
  serial += 1;
  const id = `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
  return {
    id,
    practiceId: 1,
    patientId: `patient-${serial}`,
    providerId: DOCTOR.id,
    assistantId: null,
    patient: { firstName: 'Pat', lastName: `Number${serial}` },
    patientName: `Pat Number${serial}`,
    patientPhone: null,
    providerName: DOCTOR.name,
    providerColor: null,
    treatmentRoom: 'Room 1',
    appointmentDate: on(date, time),
    duration: 30,
    status: 'scheduled',
    procedure: 'Cleaning',
    notes: null,
    appointmentType: null,
    checkedInAt: null,
    completedAt: null,
    createdAt: '2027-01-01T00:00:00.000Z',
    updatedAt: '2027-01-01T00:00:00.000Z',
    ...over,
  };
}

const asBooked = (a: Appointment): BookedAppointment => ({
  id: a.id,
  providerId: a.providerId,
  treatmentRoom: a.treatmentRoom,
  appointmentDate: a.appointmentDate,
  duration: a.duration,
  status: a.status,
  patientName: a.patientName,
  patientId: a.patientId,
});

function day(date: string, appointments: readonly BookedAppointment[] = [], over: Partial<DaySchedule> = {}) {
  return aDaySchedule({ date, providers: PROVIDERS, appointments, ...over });
}

const absent = (startDate: string, endDate = startDate): PlannedAbsence => ({
  providerId: DOCTOR.id,
  startDate,
  endDate,
});

describe('absenceSuggestions', () => {
  it('offers reassign (0.9), next-day reschedule (0.8) and room change (0.7), best first', () => {
    const booking = appointment(MONDAY, '10:00');
    const preview = absenceSuggestions({
      absence: absent(MONDAY),
      appointments: [booking],
      schedules: [day(MONDAY, [asBooked(booking)]), day(TUESDAY)],
    });
    expect(preview.affected).toHaveLength(1);
    const [entry] = preview.affected;
    expect(entry?.groupId).toBeNull();
    expect(entry?.suggestions).toEqual([
      {
        type: 'reassign',
        text: 'Reassign to Dr. Ana Silva at 10:00 AM',
        confidence: 0.9,
        reasoning: 'Dr. Ana Silva is free at the same time in Room 1',
        newDate: MONDAY,
        newTime: '10:00',
        newProviderId: DOCTOR_TWO.id,
        newRoomId: 'Room 1',
      },
      {
        type: 'reschedule',
        text: 'Reschedule to Tue, Jan 12 at 10:00 AM',
        confidence: 0.8,
        reasoning: 'The first open day after the absence, with the same provider',
        newDate: TUESDAY,
        newTime: '10:00',
        newProviderId: DOCTOR.id,
        newRoomId: 'Room 1',
      },
      {
        // Dr. Silva is already promised 10:00, so the room change goes to the hygienist.
        type: 'room-change',
        text: 'Move to Room 2 with Priya Sharma at 10:00 AM',
        confidence: 0.7,
        reasoning: 'Room 2 and Priya Sharma are free on the same day',
        newDate: MONDAY,
        newTime: '10:00',
        newProviderId: HYGIENIST.id,
        newRoomId: 'Room 2',
      },
    ]);
  });

  it('offers only real free slots: no reassign when every other provider is busy, never a receptionist', () => {
    const booking = appointment(MONDAY, '10:00');
    const busy = [
      aBooking({ providerId: DOCTOR_TWO.id, treatmentRoom: 'Room 2', appointmentDate: on(MONDAY, '10:00') }),
      aBooking({ providerId: HYGIENIST.id, treatmentRoom: 'Room 3', appointmentDate: on(MONDAY, '10:00') }),
    ];
    const preview = absenceSuggestions({
      absence: absent(MONDAY),
      appointments: [booking],
      schedules: [day(MONDAY, [asBooked(booking), ...busy]), day(TUESDAY)],
    });
    const suggestions = preview.affected[0]?.suggestions ?? [];
    expect(suggestions.map((s) => s.type)).toEqual(['reschedule', 'room-change']);
    expect(suggestions.every((s) => s.newProviderId !== RECEPTIONIST.id)).toBe(true);
    // The nearest free time with another provider in another room: 09:30 (before) ties 10:30 (after); the earlier wins.
    expect(suggestions[1]).toMatchObject({ newTime: '09:30', newRoomId: 'Room 2', newProviderId: DOCTOR_TWO.id });
  });

  it('never promises one slot to two appointments, and gives at most 3', () => {
    const first = appointment(MONDAY, '10:00');
    const second = appointment(MONDAY, '10:30');
    // On Tuesday the doctor is free only at 10:00.
    const tuesdayBusy = timeSlots(aWeek(), TUESDAY)
      .filter((time) => time !== '10:00')
      .map((time) => aBooking({ providerId: DOCTOR.id, treatmentRoom: 'Room 3', appointmentDate: on(TUESDAY, time) }));
    const preview = absenceSuggestions({
      absence: absent(MONDAY),
      appointments: [second, first],
      schedules: [day(MONDAY, [asBooked(first), asBooked(second)]), day(TUESDAY, tuesdayBusy)],
    });
    const [a, b] = preview.affected;
    expect(a?.appointment.id).toBe(first.id);
    expect(a?.suggestions.find((s) => s.type === 'reschedule')).toMatchObject({ newDate: TUESDAY, newTime: '10:00' });
    expect(b?.suggestions.find((s) => s.type === 'reschedule')).toBeUndefined();
    const all = preview.affected.flatMap((entry) => entry.suggestions);
    for (const entry of preview.affected) expect(entry.suggestions.length).toBeLessThanOrEqual(3);
    const keys = all.map((s) => `${s.newDate} ${s.newTime} ${s.newProviderId}`);
    expect(new Set(keys).size).toBe(keys.length);
    const rooms = all.map((s) => `${s.newDate} ${s.newTime} ${s.newRoomId}`);
    expect(new Set(rooms).size).toBe(rooms.length);
  });

  it('moves a family booked back to back as one block, with parallel suggestions', () => {
    const parent = appointment(MONDAY, '10:00', { patientId: 'parent' });
    const child = appointment(MONDAY, '10:30', { patientId: 'child' });
    const stranger = appointment(MONDAY, '11:00', { patientId: 'stranger' });
    const related = (a: string, b: string) => [a, b].sort().join() === 'child,parent';
    const preview = absenceSuggestions({
      absence: absent(MONDAY),
      appointments: [parent, child, stranger],
      schedules: [day(MONDAY, [parent, child, stranger].map(asBooked)), day(TUESDAY)],
      related,
    });
    const [p, c, s] = preview.affected;
    expect(p?.groupId).toBe(parent.id);
    expect(c?.groupId).toBe(parent.id);
    expect(s?.groupId).toBeNull();
    expect(p?.suggestions.map((x) => x.type)).toEqual(c?.suggestions.map((x) => x.type));
    p?.suggestions.forEach((suggestion, index) => {
      const partner = c?.suggestions[index];
      expect(partner?.newDate).toBe(suggestion.newDate);
      expect(partner?.newProviderId).toBe(suggestion.newProviderId);
      expect(partner?.newRoomId).toBe(suggestion.newRoomId);
      expect(
        Date.parse(on(partner?.newDate ?? '', partner?.newTime ?? '')) -
          Date.parse(on(suggestion.newDate, suggestion.newTime)),
      ).toBe(30 * 60_000);
    });
    expect(p?.suggestions[0]).toMatchObject({ type: 'reassign', newTime: '10:00', newProviderId: DOCTOR_TWO.id });
    expect(c?.suggestions[0]).toMatchObject({ type: 'reassign', newTime: '10:30', newProviderId: DOCTOR_TWO.id });
  });

  it('a block is not split when only half of it would fit', () => {
    const parent = appointment(MONDAY, '10:00', { patientId: 'parent' });
    const child = appointment(MONDAY, '10:30', { patientId: 'child' });
    const busy = [
      aBooking({ providerId: DOCTOR_TWO.id, treatmentRoom: 'Room 2', appointmentDate: on(MONDAY, '10:30') }),
      aBooking({ providerId: HYGIENIST.id, treatmentRoom: 'Room 3', appointmentDate: on(MONDAY, '10:30') }),
    ];
    const preview = absenceSuggestions({
      absence: absent(MONDAY),
      appointments: [parent, child],
      schedules: [day(MONDAY, [parent, child].map(asBooked).concat(busy)), day(TUESDAY)],
      related: () => true,
    });
    expect(preview.affected[0]?.suggestions.some((s) => s.type === 'reassign')).toBe(false);
    expect(preview.affected[1]?.suggestions.some((s) => s.type === 'reassign')).toBe(false);
  });

  it('the next day skips closed days and the rest of a multi-day absence', () => {
    const friday = '2027-01-15';
    const booking = appointment(friday, '10:00');
    const hours = aWeek({ saturday: CLOSED });
    const dates = absenceScheduleDates(absent(friday, '2027-01-16'), [friday], hours);
    expect(dates.slice(0, 3)).toEqual([friday, '2027-01-18', '2027-01-19']);
    const schedules = dates.map((date) => day(date, date === friday ? [asBooked(booking)] : [], { hours }));
    const preview = absenceSuggestions({ absence: absent(friday, '2027-01-16'), appointments: [booking], schedules });
    expect(preview.affected[0]?.suggestions.find((s) => s.type === 'reschedule')).toMatchObject({
      newDate: '2027-01-18',
      text: 'Reschedule to Mon, Jan 18 at 10:00 AM',
    });

    // Another absence of the same provider on Monday pushes it to Tuesday.
    const otherAbsence = {
      id: 'a2',
      providerId: DOCTOR.id,
      startDate: '2027-01-18',
      endDate: '2027-01-18',
      reason: 'vacation',
    };
    const withOther = schedules.map((s) => (s.date === '2027-01-18' ? { ...s, absences: [otherAbsence] } : s));
    const later = absenceSuggestions({
      absence: absent(friday, '2027-01-16'),
      appointments: [booking],
      schedules: withOther,
    });
    expect(later.affected[0]?.suggestions.find((s) => s.type === 'reschedule')?.newDate).toBe('2027-01-19');
  });

  it('crosses a month end', () => {
    const booking = appointment('2027-04-30', '10:00');
    const preview = absenceSuggestions({
      absence: absent('2027-04-30'),
      appointments: [booking],
      schedules: [day('2027-04-30', [asBooked(booking)]), day('2027-05-01')],
    });
    expect(preview.affected[0]?.suggestions.find((s) => s.type === 'reschedule')).toMatchObject({
      newDate: '2027-05-01',
      newTime: '10:00',
      text: 'Reschedule to Sat, May 1 at 10:00 AM',
    });
  });

  it('keeps the wall-clock time across the spring daylight-saving change', () => {
    const friday = '2027-03-12';
    const monday = '2027-03-15';
    const hours = aWeek({ saturday: CLOSED });
    const booking = appointment(friday, '10:00');
    const preview = absenceSuggestions({
      absence: absent(friday),
      appointments: [booking],
      schedules: [day(friday, [asBooked(booking)], { hours }), day(monday, [], { hours })],
    });
    const reschedule = preview.affected[0]?.suggestions.find((s) => s.type === 'reschedule');
    expect(reschedule).toMatchObject({
      newDate: monday,
      newTime: '10:00',
      text: 'Reschedule to Mon, Mar 15 at 10:00 AM',
    });
    // 10:00 is 15:00 UTC before the change and 14:00 UTC after it.
    expect(booking.appointmentDate).toBe('2027-03-12T15:00:00.000Z');
    expect(on(monday, '10:00')).toBe('2027-03-15T14:00:00.000Z');
  });

  it('suggests nothing in the past', () => {
    const booking = appointment(MONDAY, '10:00');
    const preview = absenceSuggestions({
      absence: absent(MONDAY),
      appointments: [booking],
      schedules: [day(MONDAY, [asBooked(booking)]), day(TUESDAY)],
      now: on(MONDAY, '12:00'),
    });
    const suggestions = preview.affected[0]?.suggestions ?? [];
    expect(suggestions.map((s) => s.type)).toEqual(['reschedule', 'room-change']);
    expect(suggestions[1]?.newTime).toBe('12:00');
  });
});

describe('displacementSuggestions', () => {
  it('room change at the same time (0.9), later the same day (0.8), next open day (0.7)', () => {
    const window = aMaintenanceWindow('Room 1', on(MONDAY, '09:00'), on(MONDAY, '11:00'));
    const first = appointment(MONDAY, '09:30');
    const second = appointment(MONDAY, '10:00', { providerId: HYGIENIST.id });
    const preview = displacementSuggestions({
      window,
      appointments: [second, first],
      schedules: [day(MONDAY, [first, second].map(asBooked)), day(TUESDAY)],
    });
    const [a, b] = preview.affected;
    expect(a?.appointment.id).toBe(first.id);
    expect(a?.suggestions.map((s) => [s.type, s.confidence, s.newRoomId, s.newTime, s.newDate])).toEqual([
      ['room-change', 0.9, 'Room 2', '09:30', MONDAY],
      ['reschedule', 0.8, 'Room 1', '11:00', MONDAY],
      ['reschedule', 0.7, 'Room 1', '09:30', TUESDAY],
    ]);
    // Room 2 at 09:30 is taken by the first booking's suggestion only for 09:30 to 10:00; the second still gets a room.
    expect(b?.suggestions[0]).toMatchObject({ type: 'room-change', newTime: '10:00', newProviderId: HYGIENIST.id });
    expect(b?.suggestions[1]).toMatchObject({ type: 'reschedule', newTime: '11:00', newRoomId: 'Room 2' });
  });
});
