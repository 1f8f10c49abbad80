import { describe, expect, it } from 'vitest';
import {
  arrivedAt,
  type DayAppointment,
  frontOfficeDay,
  roomsNow,
  unconfirmedAppointments,
  waitingPatients,
  weekOf,
} from '../src/scheduling/front-office-day.ts';
import { TORONTO } from '../testing/practices.ts';

/** Monday 23 November 2026, 10:00 in Toronto (UTC-5). */
const NOW = new Date('2026-11-23T15:00:00.000Z');

/** An appointment of that Monday at a Toronto wall-clock time. */
function at(id: string, time: string, over: Partial<DayAppointment> = {}): DayAppointment {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const start = new Date(Date.UTC(2026, 10, 23, hours + 5, minutes));
  return {
    id,
    treatmentRoom: 'Room 1',
    appointmentDate: start.toISOString(),
    duration: 30,
    status: 'scheduled',
    ...over,
  };
}

const ids = (list: readonly { id: string }[]) => list.map((entry) => entry.id);

describe('frontOfficeDay', () => {
  const day = frontOfficeDay(
    [
      at('later', '11:30'),
      at('soon', '10:15'),
      at('exactly-now', '10:00'),
      at('late-a-bit', '09:50'),
      at('late-long', '09:00'),
      at('waiting-short', '09:30', { status: 'in-progress', checkedInAt: '2026-11-23T14:55:00.000Z' }),
      at('waiting-long', '09:30', { status: 'checked-in', checkedInAt: '2026-11-23T14:20:00.000Z' }),
      at('done', '08:30', { status: 'completed', checkedInAt: '2026-11-23T13:25:00.000Z' }),
      at('cancelled', '10:30', { status: 'cancelled' }),
      at('no-show-late', '11:00', { status: 'no-show' }),
      at('no-show-early', '08:00', { status: 'no-show' }),
    ],
    NOW,
    TORONTO,
  );

  it('lists the scheduled appointments not yet due as next arrivals, soonest first, one starting now included', () => {
    expect(ids(day.nextArrivals)).toEqual(['exactly-now', 'soon', 'later']);
  });

  it('counts as running late a scheduled appointment past its start, the longest overdue first, with its minutes', () => {
    expect(day.runningLate.map(({ appointment, minutes }) => [appointment.id, minutes])).toEqual([
      ['late-long', 60],
      ['late-a-bit', 10],
    ]);
  });

  it('lists checked-in patients (either spelling) with their wait, the longest first; completed ones have left', () => {
    expect(day.waiting.map(({ appointment, minutes }) => [appointment.id, minutes])).toEqual([
      ['waiting-long', 40],
      ['waiting-short', 5],
    ]);
  });

  it("lists the day's no-shows by time and leaves cancelled ones out of every list", () => {
    expect(ids(day.noShows)).toEqual(['no-show-early', 'no-show-late']);
    const everywhere = [
      ...day.nextArrivals,
      ...day.noShows,
      ...day.runningLate.map((entry) => entry.appointment),
      ...day.waiting.map((entry) => entry.appointment),
    ];
    expect(ids(everywhere)).not.toContain('cancelled');
  });
});

describe('waiting time', () => {
  it('counts from the arrival time the desk entered, on the day of the check-in', () => {
    const appointment = at('a', '09:30', {
      status: 'in-progress',
      checkedInAt: '2026-11-23T14:58:00.000Z',
      arrivalTime: '09:40',
    });
    expect(arrivedAt(appointment, TORONTO)).toBe('2026-11-23T14:40:00.000Z');
    expect(waitingPatients([appointment], NOW, TORONTO)[0]?.minutes).toBe(20);
  });

  it('is never negative when the device clock runs behind the check-in', () => {
    const appointment = at('a', '10:30', { status: 'in-progress', checkedInAt: '2026-11-23T15:02:00.000Z' });
    expect(waitingPatients([appointment], NOW, TORONTO)[0]?.minutes).toBe(0);
  });

  it('has no arrival for an appointment not checked in', () => {
    expect(arrivedAt(at('a', '09:30'), TORONTO)).toBeNull();
  });
});

describe('unconfirmedAppointments', () => {
  it('takes every appointment still scheduled (no confirmation is stored), by time', () => {
    const list = unconfirmedAppointments([
      at('b', '11:00'),
      at('x', '09:00', { status: 'cancelled' }),
      at('a', '08:00'),
      at('y', '09:30', { status: 'in-progress' }),
    ]);
    expect(ids(list)).toEqual(['a', 'b']);
  });
});

describe('weekOf', () => {
  it.each([
    ['2026-11-23', '2026-11-23', '2026-11-29'],
    ['2026-11-26', '2026-11-23', '2026-11-29'],
    ['2026-11-29', '2026-11-23', '2026-11-29'],
    ['2026-12-31', '2026-12-28', '2027-01-03'],
  ])('%s lies in the week from %s to %s (Monday to Sunday)', (date, from, to) => {
    expect(weekOf(date)).toEqual({ from, to });
  });
});

describe('roomsNow', () => {
  it('shows per room the patient in the chair and the next expected, a late one included until the slot ends', () => {
    const rooms = roomsNow(
      ['Room 1', 'Room 2', 'Room 3'],
      [
        at('chair', '09:30', { status: 'in-progress', checkedInAt: '2026-11-23T14:30:00.000Z' }),
        at('after', '11:00'),
        at('next', '10:30'),
        at('finished', '08:00', { status: 'completed' }),
        at('late', '09:45', { treatmentRoom: 'Room 2' }),
        at('missed', '08:00', { treatmentRoom: 'Room 2' }),
        at('gone', '10:30', { treatmentRoom: 'Room 2', status: 'cancelled' }),
      ],
      NOW,
    );
    expect(rooms.map(({ room, current, next }) => [room, current?.id ?? null, next?.id ?? null])).toEqual([
      ['Room 1', 'chair', 'next'],
      ['Room 2', null, 'late'],
      ['Room 3', null, null],
    ]);
  });
});
