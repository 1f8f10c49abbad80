import { describe, expect, it } from 'vitest';
import { PRACTICE_CLOSED_MESSAGE } from '../src/practices/hours.ts';
import {
  addDays,
  checkBookingRules,
  checkHoursAt,
  DURATION_MESSAGES,
  MAX_ADVANCE_MESSAGE,
} from '../src/scheduling/booking-rules.ts';
import { on } from '../testing/appointments.ts';
import { aWeek, open, TORONTO } from '../testing/practices.ts';

/** Sunday 22 November 2026, 10:00 in Toronto. */
const NOW = new Date('2026-11-22T15:00:00.000Z');
const context = { hours: aWeek(), timeZone: TORONTO, now: NOW };
const HOURS_MESSAGE = 'Appointments must fall within practice hours (08:00 to 18:00).';

describe('checkBookingRules', () => {
  it.each([
    [30, []],
    [60, []],
    [90, []],
    [120, []],
    [0, [DURATION_MESSAGES.min]],
    [15, [DURATION_MESSAGES.min]],
    [45, [DURATION_MESSAGES.step]],
    [150, [DURATION_MESSAGES.max]],
    [30.5, [DURATION_MESSAGES.whole]],
  ])('duration %d → %j', (duration, messages) => {
    const issues = checkBookingRules({ appointmentDate: on('2026-11-23', '10:00'), duration }, context);
    expect(issues).toEqual(messages.map((message) => ({ field: 'duration', message })));
  });

  it.each([
    ['the same day, later', on('2026-11-22', '23:00'), 'closed'],
    ['365 days ahead on the practice clock', on('2027-11-22', '17:30'), 'ok'],
    ['366 days ahead', on('2027-11-23', '10:00'), 'too far'],
    ['a year and a month ahead', on('2027-12-20', '10:00'), 'too far'],
  ])('%s', (_, appointmentDate, verdict) => {
    const issues = checkBookingRules({ appointmentDate, duration: 30 }, context);
    const expected = {
      ok: [],
      closed: [{ field: 'appointmentDate', message: PRACTICE_CLOSED_MESSAGE }],
      'too far': [{ field: 'appointmentDate', message: MAX_ADVANCE_MESSAGE }],
    }[verdict];
    expect(issues).toEqual(expected);
  });

  it('counts the 365 days from the practice’s date, not the UTC one', () => {
    // 22:00 on 22 November in Toronto is already 23 November in UTC.
    const lateEvening = new Date('2026-11-23T03:00:00.000Z');
    const issues = checkBookingRules(
      { appointmentDate: on('2027-11-22', '10:00'), duration: 30 },
      { ...context, now: lateEvening },
    );
    expect(issues).toEqual([]);
    expect(MAX_ADVANCE_MESSAGE).toBe('Appointments cannot be booked more than 365 days ahead.');
  });

  it.each([
    ['Monday 08:00 for 30', on('2026-11-23', '08:00'), 30, null],
    ['Monday 17:30 for 30 ends at closing', on('2026-11-23', '17:30'), 30, null],
    ['Monday 07:30 starts before opening', on('2026-11-23', '07:30'), 30, HOURS_MESSAGE],
    ['Monday 17:30 for 60 runs past closing', on('2026-11-23', '17:30'), 60, HOURS_MESSAGE],
    ['Monday 19:30 (Tuesday in UTC) is judged on Monday', '2026-11-24T00:30:00.000Z', 30, HOURS_MESSAGE],
    ['Thursday 19:30 is open late', on('2026-11-26', '19:30'), 30, null],
    [
      'Saturday 13:30 for 60',
      on('2026-11-28', '13:30'),
      60,
      'Appointments must fall within practice hours (09:00 to 14:00).',
    ],
    ['Sunday is closed', on('2026-11-29', '10:00'), 30, PRACTICE_CLOSED_MESSAGE],
  ])('%s', (_, appointmentDate, duration, message) => {
    const issues = checkBookingRules({ appointmentDate, duration }, context);
    expect(issues).toEqual(message ? [{ field: 'appointmentDate', message }] : []);
  });

  it('reports a bad duration and a closed day together, and an unreadable date', () => {
    expect(checkBookingRules({ appointmentDate: on('2026-11-29', '10:00'), duration: 45 }, context)).toEqual([
      { field: 'duration', message: DURATION_MESSAGES.step },
      { field: 'appointmentDate', message: PRACTICE_CLOSED_MESSAGE },
    ]);
    expect(checkBookingRules({ appointmentDate: 'soon', duration: 30 }, context)).toEqual([
      { field: 'appointmentDate', message: 'appointmentDate must be a valid date and time' },
    ]);
  });
});

describe('checkHoursAt across daylight-saving changes', () => {
  // Clocks in Toronto go from 02:00 to 03:00 on 8 March 2026 and from 02:00 back to 01:00 on 1 November 2026.
  const night = aWeek({ sunday: open('00:00', '03:00') });

  it('measures the wall clock: 01:30 for 60 minutes in spring ends at 03:30, after closing', () => {
    const start = '2026-03-08T06:30:00.000Z';
    expect(checkHoursAt(night, TORONTO, start, 60)).toMatchObject({ ok: false, reason: 'outside' });
    expect(checkHoursAt(night, TORONTO, '2026-03-08T06:00:00.000Z', 60)).toEqual({ ok: true });
  });

  it('in autumn 00:30 for 120 minutes ends at 01:30 on the wall clock, within hours', () => {
    expect(checkHoursAt(night, TORONTO, '2026-11-01T04:30:00.000Z', 120)).toEqual({ ok: true });
  });
});

describe('addDays', () => {
  it('moves calendar dates across months, years and leap days', () => {
    expect(addDays('2026-11-22', 365)).toBe('2027-11-22');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
