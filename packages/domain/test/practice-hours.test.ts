import { describe, expect, it } from 'vitest';
import {
  type DayHours,
  hoursDisplay,
  nextDateOn,
  parseWeekdayName,
  putPracticeHoursBodySchema,
  timeSlots,
  twelveHourTime,
  WEEKDAY_NAMES,
  type WeeklyHours,
} from '../src/practices/hours.ts';
import { parseWith } from '../src/validation/issues.ts';

const open = (openTime: string, closeTime: string): DayHours => ({ openTime, closeTime, isOpen: true, closed: false });
const CLOSED: DayHours = { openTime: null, closeTime: null, isOpen: false, closed: true };

const week = (over: Partial<WeeklyHours> = {}): WeeklyHours => ({
  sunday: CLOSED,
  monday: open('08:00', '17:00'),
  tuesday: open('08:00', '17:00'),
  wednesday: open('08:00', '17:00'),
  thursday: open('08:00', '17:00'),
  friday: open('08:00', '17:00'),
  saturday: open('09:00', '14:00'),
  ...over,
});

describe('hoursDisplay', () => {
  it('joins neighbouring days with the same hours, Monday first', () => {
    expect(hoursDisplay(week())).toBe('Mon-Fri 8:00 AM - 5:00 PM, Sat 9:00 AM - 2:00 PM, Sun Closed');
  });

  it('keeps the week in order when equal hours are not neighbours', () => {
    expect(hoursDisplay(week({ thursday: open('08:00', '20:00') }))).toBe(
      'Mon-Wed 8:00 AM - 5:00 PM, Thu 8:00 AM - 8:00 PM, Fri 8:00 AM - 5:00 PM, Sat 9:00 AM - 2:00 PM, Sun Closed',
    );
  });

  it('groups closed days and reads an unusable open day as closed, as the scheduler does', () => {
    expect(hoursDisplay(week({ saturday: CLOSED }))).toBe('Mon-Fri 8:00 AM - 5:00 PM, Sat-Sun Closed');
    expect(hoursDisplay(week({ friday: open('17:00', '08:00') }))).toBe(
      'Mon-Thu 8:00 AM - 5:00 PM, Fri Closed, Sat 9:00 AM - 2:00 PM, Sun Closed',
    );
    const allClosed = Object.fromEntries(WEEKDAY_NAMES.map((day) => [day, CLOSED])) as WeeklyHours;
    expect(hoursDisplay(allClosed)).toBe('Mon-Sun Closed');
  });

  it('writes 12-hour times', () => {
    expect(twelveHourTime('00:00')).toBe('12:00 AM');
    expect(twelveHourTime('12:30')).toBe('12:30 PM');
    expect(twelveHourTime('18:05')).toBe('6:05 PM');
    expect(twelveHourTime('nope')).toBe('nope');
  });
});

describe('nextDateOn', () => {
  it('gives the date itself or the next one on that weekday, across month and year ends', () => {
    expect(nextDateOn('2026-11-22', 'sunday')).toBe('2026-11-22');
    expect(nextDateOn('2026-11-22', 'saturday')).toBe('2026-11-28');
    expect(nextDateOn('2026-12-31', 'friday')).toBe('2027-01-01');
  });
});

describe('parseWeekdayName', () => {
  it('reads weekday names in any case', () => {
    expect(parseWeekdayName(' Monday ')).toBe('monday');
    expect(parseWeekdayName('SUNDAY')).toBe('sunday');
    expect(parseWeekdayName('mon')).toBeUndefined();
  });
});

describe('putPracticeHoursBodySchema', () => {
  const body = () => ({
    sunday: { isOpen: false },
    monday: { openTime: '8:00', closeTime: '17:00', isOpen: true },
    tuesday: { openTime: '08:00', closeTime: '17:00', isOpen: true, closed: false },
    wednesday: { openTime: '08:00', closeTime: '17:00', closed: false },
    thursday: { openTime: '08:00', closeTime: '20:00', isOpen: true },
    friday: { openTime: '08:00', closeTime: '17:00', isOpen: true },
    saturday: { openTime: '09:00', closeTime: '14:00', isOpen: false },
  });

  it('normalises to full day entries, times blanked on closed days', () => {
    const result = parseWith(putPracticeHoursBodySchema, body());
    expect(result).toEqual({
      ok: true,
      value: week({ thursday: open('08:00', '20:00'), saturday: CLOSED }),
    });
    if (result.ok) expect(timeSlots(result.value, '2026-11-23')).toHaveLength(18);
  });

  it('accepts the hours wrapped as a GET response sends them', () => {
    const result = parseWith(putPracticeHoursBodySchema, { practiceId: 1, hours: week(), cached: true });
    expect(result).toEqual({ ok: true, value: week() });
  });

  it.each([
    [
      (b: Record<string, unknown>) => ({ ...b, monday: undefined }),
      'monday',
      'monday is required: send all seven days',
    ],
    [
      (b: Record<string, unknown>) => ({ ...b, friday: 'closed' }),
      'friday',
      'friday must be an object with openTime, closeTime and isOpen',
    ],
    [
      (b: Record<string, unknown>) => ({ ...b, monday: { openTime: '25:00', closeTime: '17:00', isOpen: true } }),
      'monday.openTime',
      'monday openTime must be a time in HH:MM (24-hour) form, such as 08:00',
    ],
    [
      (b: Record<string, unknown>) => ({ ...b, monday: { openTime: '17:00', closeTime: '08:00', isOpen: true } }),
      'monday.closeTime',
      'monday closeTime must be after openTime',
    ],
    [
      (b: Record<string, unknown>) => ({ ...b, tuesday: { closeTime: '17:00', isOpen: true } }),
      'tuesday.openTime',
      'tuesday openTime is required on an open day',
    ],
    [
      (b: Record<string, unknown>) => ({ ...b, tuesday: { openTime: '08:00', closeTime: '17:00' } }),
      'tuesday',
      'tuesday isOpen is required (true or false)',
    ],
    [
      (b: Record<string, unknown>) => ({ ...b, tuesday: { openTime: '08:00', closeTime: '17:00', isOpen: 'yes' } }),
      'tuesday.isOpen',
      'tuesday isOpen must be true or false',
    ],
    [
      (b: Record<string, unknown>) => ({
        ...b,
        tuesday: { openTime: '08:00', closeTime: '17:00', isOpen: true, closed: true },
      }),
      'tuesday.closed',
      'tuesday isOpen and closed contradict each other',
    ],
  ])('refuses a bad day, naming the field (%#)', (change, field, message) => {
    const result = parseWith(putPracticeHoursBodySchema, change(body()));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues[0]).toMatchObject({ field, message });
  });

  it('names the wrapped path when the hours come wrapped', () => {
    const result = parseWith(putPracticeHoursBodySchema, {
      hours: { ...body(), friday: { openTime: '17:00', closeTime: '17:00', isOpen: true } },
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues[0]?.field).toBe('hours.friday.closeTime');
  });

  it('refuses a body that is not an object', () => {
    for (const bad of [null, [], 'hours', 7]) {
      const result = parseWith(putPracticeHoursBodySchema, bad);
      expect(result.ok).toBe(false);
      if (!result.ok)
        expect(result.issues[0]).toMatchObject({ field: 'body', message: 'The request body must be a JSON object' });
    }
    const wrapped = parseWith(putPracticeHoursBodySchema, { hours: [] });
    expect(wrapped.ok).toBe(false);
    if (!wrapped.ok) expect(wrapped.issues[0]?.field).toBe('hours');
  });
});
