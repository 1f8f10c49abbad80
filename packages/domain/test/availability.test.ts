import { describe, expect, it } from 'vitest';
import { clockTime, minutesOfDay, timeSlots } from '../src/practices/hours.ts';
import { type DaySchedule, freeSlots, nextOpenDate, openDateFrom } from '../src/scheduling/availability.ts';
import { checkHoursAt } from '../src/scheduling/booking-rules.ts';
import { findConflicts } from '../src/scheduling/conflicts.ts';
import { NEW_PRACTICE_HOURS } from '../src/settings/admin.ts';
import { localTime } from '../src/time/zones.ts';
import { aBooking, aMaintenanceWindow, DOCTOR, HYGIENIST, on } from '../testing/appointments.ts';
import { aWeek, CLOSED, open, TORONTO } from '../testing/practices.ts';
import { pick, seededRandom } from '../testing/random.ts';
import { aDaySchedule, MONDAY } from '../testing/schedule.ts';

const at = (time: string) => on(MONDAY, time);
const offered = (day: DaySchedule, duration: number, time: string, room: string) =>
  freeSlots(day, duration).find((slot) => slot.time === time && slot.room === room);

describe('freeSlots', () => {
  it('offers every room every 30 minutes from opening, the last ending at closing', () => {
    const slots = freeSlots(aDaySchedule(), 60);
    const times = [...new Set(slots.map((slot) => slot.time))];
    expect(times[0]).toBe('08:00');
    expect(times.at(-1)).toBe('17:00');
    expect(times).toHaveLength(19);
    expect(slots).toHaveLength(19 * 3);
    expect(slots[0]).toEqual({ start: at('08:00'), time: '08:00', room: 'Room 1', providerIds: [2, 3] });
  });

  it('offers nothing on a closed day', () => {
    expect(freeSlots(aDaySchedule({ date: '2027-01-10' }), 30)).toEqual([]);
  });

  it.each([
    [
      'a booking holds its room and provider',
      [aBooking({ appointmentDate: at('10:00'), duration: 60 })],
      '10:30',
      60,
      'Room 1',
      undefined,
    ],
    [
      'the slot touching its end is free',
      [aBooking({ appointmentDate: at('10:00'), duration: 60 })],
      '11:00',
      30,
      'Room 1',
      [2, 3],
    ],
    [
      'the slot touching its start is free',
      [aBooking({ appointmentDate: at('10:00'), duration: 60 })],
      '09:30',
      30,
      'Room 1',
      [2, 3],
    ],
    [
      'another room is free without the busy provider',
      [aBooking({ appointmentDate: at('10:00'), duration: 60 })],
      '10:00',
      30,
      'Room 2',
      [3],
    ],
    [
      'a cancelled booking blocks nothing',
      [aBooking({ appointmentDate: at('10:00'), status: 'cancelled' })],
      '10:00',
      30,
      'Room 1',
      [2, 3],
    ],
    [
      'a no-show blocks nothing',
      [aBooking({ appointmentDate: at('10:00'), status: 'no-show' })],
      '10:00',
      30,
      'Room 1',
      [2, 3],
    ],
    [
      'a completed booking still blocks',
      [aBooking({ appointmentDate: at('10:00'), status: 'completed' })],
      '10:00',
      30,
      'Room 1',
      undefined,
    ],
  ])('%s', (_, appointments, time, duration, room, providerIds) => {
    const slot = offered(aDaySchedule({ appointments }), duration, time, room);
    expect(slot?.providerIds).toEqual(providerIds);
  });

  it('maintenance blocks its room only, for its whole window', () => {
    const day = aDaySchedule({ maintenance: [aMaintenanceWindow('Room 2', at('09:00'), at('10:15'))] });
    expect(offered(day, 30, '09:00', 'Room 2')).toBeUndefined();
    expect(offered(day, 30, '10:00', 'Room 2')).toBeUndefined();
    expect(offered(day, 30, '10:30', 'Room 2')).toBeDefined();
    expect(offered(day, 30, '08:30', 'Room 2')).toBeDefined();
    expect(offered(day, 30, '09:00', 'Room 1')).toBeDefined();
  });

  it('leaves out a time when no provider is free, and honours room, after and excludeProviderId', () => {
    const day = aDaySchedule({
      appointments: [
        aBooking({ appointmentDate: at('09:00'), providerId: DOCTOR.id, treatmentRoom: 'Room 3' }),
        aBooking({ appointmentDate: at('09:00'), providerId: HYGIENIST.id, treatmentRoom: 'Room 2' }),
      ],
    });
    expect(freeSlots(day, 30).filter((slot) => slot.time === '09:00')).toEqual([]);
    expect(freeSlots(day, 30, { room: 'Room 2' }).every((slot) => slot.room === 'Room 2')).toBe(true);
    expect(freeSlots(day, 30, { after: at('16:00') }).map((slot) => slot.time)[0]).toBe('16:00');
    const withoutDoctor = freeSlots(day, 30, { excludeProviderId: DOCTOR.id });
    expect(withoutDoctor.every((slot) => !slot.providerIds.includes(DOCTOR.id))).toBe(true);
    expect(withoutDoctor.length).toBeGreaterThan(0);
  });

  it('agrees with findConflicts on every slot of hundreds of random days, both ways', () => {
    const random = seededRandom(20261122);
    const rooms = ['Room 1', 'Room 2', 'Room 3'];
    const providers = [DOCTOR, HYGIENIST, { id: 11, name: 'Dr. Noor Haddad', role: 'doctor' }];
    // Bookings start on a 15-minute grid, off the 30-minute slot grid, so partial overlaps occur.
    const starts = Array.from({ length: 44 }, (_, i) => at(clockTime(7 * 60 + i * 15)));
    const slotTimes = timeSlots(aWeek(), MONDAY).map((time) => ({ time, start: at(time) }));
    const disagreements: string[] = [];
    for (let round = 0; round < 300; round++) {
      const appointments = Array.from({ length: Math.floor(random() * 14) }, () =>
        aBooking({
          appointmentDate: pick(random, starts),
          duration: pick(random, [15, 30, 60, 90, 120]),
          providerId: pick(random, providers).id,
          treatmentRoom: pick(random, rooms),
          status: pick(random, ['scheduled', 'scheduled', 'in-progress', 'completed', 'cancelled', 'no-show']),
        }),
      );
      const windows =
        random() < 0.3 ? [aMaintenanceWindow(pick(random, rooms), pick(random, starts), at('12:45'))] : [];
      const day = aDaySchedule({ rooms, providers, appointments, maintenance: windows });
      const duration = pick(random, [30, 60, 90, 120]);
      const offered = new Set(
        freeSlots(day, duration).flatMap((slot) => slot.providerIds.map((id) => `${slot.start}|${slot.room}|${id}`)),
      );
      for (const { time, start } of slotTimes) {
        if (minutesOfDay(time) + duration > 18 * 60) continue;
        for (const room of rooms) {
          for (const provider of providers) {
            const candidate = { providerId: provider.id, treatmentRoom: room, appointmentDate: start, duration };
            const clear =
              findConflicts(candidate, appointments, { maintenance: windows, timeZone: TORONTO }).length === 0;
            if (offered.has(`${start}|${room}|${provider.id}`) !== clear) {
              disagreements.push(`round ${round}: ${time} ${room} provider ${provider.id} for ${duration}`);
            }
          }
        }
      }
    }
    expect(disagreements).toEqual([]);
  }, 30_000);
});

describe('freeSlots on daylight-saving days (America/Toronto)', () => {
  const night = aWeek({ sunday: open('00:00', '06:00') });

  it('8 March 2026: 02:00 and 02:30 do not exist, 03:00 is 07:00 UTC', () => {
    const slots = freeSlots(aDaySchedule({ date: '2026-03-08', hours: night, rooms: ['Room 1'] }), 30);
    const times = slots.map((slot) => slot.time);
    expect(times).toEqual(['00:00', '00:30', '01:00', '01:30', '03:00', '03:30', '04:00', '04:30', '05:00', '05:30']);
    expect(slots.find((slot) => slot.time === '01:30')?.start).toBe('2026-03-08T06:30:00.000Z');
    expect(slots.find((slot) => slot.time === '03:00')?.start).toBe('2026-03-08T07:00:00.000Z');
    for (const slot of slots) expect(localTime(slot.start, TORONTO)).toBe(slot.time);
  });

  it('8 March 2026: a 60-minute booking at 01:30 would end at 03:30 on the wall clock', () => {
    const early = aWeek({ sunday: open('00:00', '03:00') });
    const times = freeSlots(aDaySchedule({ date: '2026-03-08', hours: early, rooms: ['Room 1'] }), 60).map(
      (slot) => slot.time,
    );
    expect(times).toEqual(['00:00', '00:30', '01:00']);
  });

  it('1 November 2026: each wall-clock time once, each start a real instant of that time', () => {
    const slots = freeSlots(aDaySchedule({ date: '2026-11-01', hours: night, rooms: ['Room 1'] }), 30);
    const times = slots.map((slot) => slot.time);
    expect(new Set(times).size).toBe(times.length);
    expect(times).toHaveLength(12);
    expect(slots.find((slot) => slot.time === '03:00')?.start).toBe('2026-11-01T08:00:00.000Z');
    for (const slot of slots) {
      expect(localTime(slot.start, TORONTO)).toBe(slot.time);
      expect(checkHoursAt(night, TORONTO, slot.start, 30)).toEqual({ ok: true });
    }
  });

  it('a daytime practice opens at 08:00 local on both change days', () => {
    const sundays = aWeek({ sunday: open('08:00', '12:00') });
    expect(freeSlots(aDaySchedule({ date: '2026-03-08', hours: sundays }), 30)[0]?.start).toBe(
      '2026-03-08T12:00:00.000Z',
    );
    expect(freeSlots(aDaySchedule({ date: '2026-11-01', hours: sundays }), 30)[0]?.start).toBe(
      '2026-11-01T13:00:00.000Z',
    );
  });
});

describe('nextOpenDate', () => {
  it.each([
    ['2027-01-08', '2027-01-09'],
    ['2027-01-09', '2027-01-11'],
    ['2027-01-10', '2027-01-11'],
  ])('after %s comes %s', (date, next) => {
    expect(nextOpenDate(aWeek(), date)).toBe(next);
  });

  it('gives up after maxDays (14 by default)', () => {
    expect(nextOpenDate(allClosedWeek(), '2027-01-09')).toBeNull();
    expect(nextOpenDate(aWeek(), '2027-01-09', 1)).toBeNull();
  });
});

/** A week the practice never opens (Sunday is closed in every aWeek). */
function allClosedWeek() {
  return aWeek({
    monday: CLOSED,
    tuesday: CLOSED,
    wednesday: CLOSED,
    thursday: CLOSED,
    friday: CLOSED,
    saturday: CLOSED,
  });
}

describe('openDateFrom', () => {
  it('keeps an open date, moves a closed one to the next open date, and keeps it when none comes', () => {
    expect(openDateFrom(aWeek(), '2027-01-08')).toBe('2027-01-08');
    expect(openDateFrom(aWeek(), '2027-01-10')).toBe('2027-01-11');
    expect(openDateFrom(allClosedWeek(), '2027-01-10')).toBe('2027-01-10');
  });

  it('a closed holiday is a closed day: Christmas Day 2026 moves past Boxing Day, observed on Monday the 28th', () => {
    const ontario = { ...NEW_PRACTICE_HOURS, holidays: { province: 'ON' as const, choices: {} } };
    expect(openDateFrom(ontario, '2026-12-07')).toBe('2026-12-07');
    expect(openDateFrom(ontario, '2026-12-12')).toBe('2026-12-14');
    expect(openDateFrom(ontario, '2026-12-25')).toBe('2026-12-29');
    const openOnBoxingDay = { ...ontario, holidays: { province: 'ON' as const, choices: { '2026-12-28': false } } };
    expect(openDateFrom(openOnBoxingDay, '2026-12-25')).toBe('2026-12-28');
  });
});
