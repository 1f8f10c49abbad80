import { SCHEDULING } from '@dental/domain/constants';
import { closedDayMessage, openSpan } from '@dental/domain/practices/hours';
import { describe, expect, it } from 'vitest';
import { anAppointment } from '../../../../test/builders.ts';
import {
  assistantsFrom,
  columnWidth,
  isCompact,
  maintenanceFrom,
  matchesSearch,
  providersFrom,
  roomsFrom,
  rowHeight,
  shownOnGrid,
  slotMinutes,
  weeklyHoursFrom,
} from './schedule-model.ts';

const CLOSED = { openTime: null, closeTime: null, isOpen: false, closed: true };

describe('practice hours from the pull feed', () => {
  it('has no week before any hours are on the device', () => {
    expect(weeklyHoursFrom([])).toBeNull();
  });

  it('reads one row per weekday (weekday, else the id, 0 being Sunday); a day without a row is closed', () => {
    const hours = weeklyHoursFrom([
      { id: '1', openTime: '08:00', closeTime: '17:00', isOpen: true, closed: false },
      { id: 'x', weekday: 6, openTime: '09:00', closeTime: '13:00', isOpen: true },
      { id: '9', openTime: '07:00', closeTime: '08:00', isOpen: true },
    ]);
    expect(hours?.monday).toEqual({ openTime: '08:00', closeTime: '17:00', isOpen: true, closed: false });
    expect(hours?.saturday).toEqual({ openTime: '09:00', closeTime: '13:00', isOpen: true, closed: false });
    expect(hours?.sunday).toEqual(CLOSED);
    expect(hours?.tuesday).toEqual(CLOSED);
  });

  it("takes the holiday calendar from the row 'holidays': the device then sees a closed holiday as closed", () => {
    const monday = { openTime: '08:00', closeTime: '17:00', isOpen: true, closed: false };
    const hours = weeklyHoursFrom([
      { id: '1', ...monday },
      { id: 'holidays', province: 'ON', choices: { '2027-12-27': true, '2026-12-28': false, junk: 1 } },
    ]);
    expect(hours?.monday).toEqual(monday);
    expect(hours?.holidays).toEqual({ province: 'ON', choices: { '2027-12-27': true, '2026-12-28': false } });
    if (!hours) throw new Error('no hours');
    expect(openSpan(hours, '2027-12-27')).toBeNull();
    expect(closedDayMessage(hours, '2027-12-27')).toBe('The practice is closed on this day: Christmas Day.');
    expect(openSpan(hours, '2026-12-28')).not.toBeNull(); // Boxing Day 2026 (Monday), kept open by choice
    expect(weeklyHoursFrom([{ id: 'holidays', province: 'XX', choices: {} }])?.holidays).toBeUndefined();
  });
});

describe('rooms', () => {
  it('orders rooms by code as a person would (Room 2 before Room 10), named when they have a name', () => {
    const rooms = roomsFrom(
      [
        { id: '10', roomId: 'Room 10', roomName: 'Surgery' },
        { id: '2', room_id: 'Room 2', name: 'Hygiene' },
        { id: '1', roomId: 'Room 1' },
      ],
      [],
    );
    expect(rooms).toEqual([
      { code: 'Room 1', name: 'Room 1' },
      { code: 'Room 2', name: 'Hygiene' },
      { code: 'Room 10', name: 'Surgery' },
    ]);
  });

  it('keeps a column for a room a booking names that is no longer listed, so no booking is hidden', () => {
    const rooms = roomsFrom([{ id: '1', roomId: 'Room 1' }], [anAppointment({ treatmentRoom: 'Room 7' })]);
    expect(rooms.map((room) => room.code)).toEqual(['Room 1', 'Room 7']);
  });
});

describe('providers and assistants', () => {
  const users = [
    { id: '3', firstName: 'Zoe', lastName: 'Hart', role: 'hygienist' },
    { id: '2', firstName: 'Amir', lastName: 'Nasser', role: 'doctor', providerColor: '#123456' },
    { id: '5', displayName: 'Dr. Admin Person', role: 'admin' },
    { id: '4', firstName: 'Rita', lastName: 'Desk', role: 'receptionist' },
    { id: 'not-a-number', firstName: 'Broken', lastName: 'Row', role: 'doctor' },
  ];

  it("lists doctors, hygienists and admins by name, doctors as Dr., each with its own colour or the palette's", () => {
    expect(providersFrom(users)).toEqual([
      { id: 5, name: 'Dr. Admin Person', role: 'admin', color: SCHEDULING.providerPalette[0] },
      { id: 2, name: 'Dr. Amir Nasser', role: 'doctor', color: '#123456' },
      { id: 3, name: 'Zoe Hart', role: 'hygienist', color: SCHEDULING.providerPalette[2] },
    ]);
  });

  it('offers assistants, hygienists and receptionists as assistants, by name', () => {
    expect(assistantsFrom(users)).toEqual([
      { id: 4, name: 'Rita Desk' },
      { id: 3, name: 'Zoe Hart' },
    ]);
  });
});

describe('maintenance of a day', () => {
  it('keeps the windows that overlap the day, titled "Maintenance" when they have no title', () => {
    const windows = maintenanceFrom(
      [
        {
          id: 'm1',
          roomId: 'Room 1',
          title: 'Deep clean',
          startDateTime: '2026-11-23T14:00:00Z',
          endDateTime: '2026-11-23T15:00:00Z',
        },
        { id: 'm2', roomId: 'Room 2', startDateTime: '2026-11-22T20:00:00Z', endDateTime: '2026-11-23T06:00:00Z' },
        { id: 'm3', roomId: 'Room 3', startDateTime: '2026-11-22T10:00:00Z', endDateTime: '2026-11-22T11:00:00Z' },
      ],
      '2026-11-23T05:00:00.000Z',
      '2026-11-24T05:00:00.000Z',
    );
    expect(windows).toEqual([
      {
        id: 'm1',
        roomId: 'Room 1',
        title: 'Deep clean',
        startDateTime: '2026-11-23T14:00:00Z',
        endDateTime: '2026-11-23T15:00:00Z',
      },
      {
        id: 'm2',
        roomId: 'Room 2',
        title: 'Maintenance',
        startDateTime: '2026-11-22T20:00:00Z',
        endDateTime: '2026-11-23T06:00:00Z',
      },
    ]);
  });
});

describe('the grid', () => {
  it('leaves cancelled and no-show appointments off the grid', () => {
    expect(shownOnGrid(anAppointment({ status: 'scheduled' }))).toBe(true);
    expect(shownOnGrid(anAppointment({ status: 'in-progress' }))).toBe(true);
    expect(shownOnGrid(anAppointment({ status: 'cancelled' }))).toBe(false);
    expect(shownOnGrid(anAppointment({ status: 'no-show' }))).toBe(false);
  });

  it('sizes rows and columns by spec 9', () => {
    expect([isCompact(12), isCompact(13)]).toEqual([false, true]);
    expect([
      rowHeight('hour', 4),
      rowHeight('hour', 14),
      rowHeight('half-hour', 4),
      rowHeight('half-hour', 14),
    ]).toEqual([36, 32, 40, 36]);
    expect([slotMinutes('hour'), slotMinutes('half-hour')]).toEqual([60, 30]);
    expect([3, 4, 8, 12, 16, 17].map(columnWidth)).toEqual([280, 220, 180, 140, 120, 100]);
  });

  it('matches the search (already lower-cased) against patient, procedure and provider', () => {
    const appointment = anAppointment({
      patientName: 'Ada Okafor',
      procedure: 'Root Canal',
      providerName: 'Dr. Lindqvist',
    });
    expect(['', 'okafor', 'root', 'lindq'].map((term) => matchesSearch(appointment, term))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(matchesSearch(appointment, 'room 1')).toBe(false);
  });
});
