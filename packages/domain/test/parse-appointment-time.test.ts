import { describe, expect, it } from 'vitest';
import {
  DATE_FORMAT_MESSAGE,
  parseAppointmentTime,
  parseAppointmentTimeBodySchema,
  parseDateString,
  parseTimeString,
  TIME_FORMAT_MESSAGE,
} from '../src/time/parse-appointment-time.ts';
import { parseWith } from '../src/validation/issues.ts';

const TZ = 'America/Toronto';

describe('parseAppointmentTime', () => {
  it.each([
    ['2026-11-23', '09:30', '2026-11-23T14:30:00.000Z'],
    ['2026-11-23', '9:30 AM', '2026-11-23T14:30:00.000Z'],
    ['2026-11-23', '2:15 pm', '2026-11-23T19:15:00.000Z'],
    ['2026-11-23', '12:00 AM', '2026-11-23T05:00:00.000Z'],
    ['2026-11-23', '12:00 PM', '2026-11-23T17:00:00.000Z'],
    ['2026-11-23', '11:45 p.m.', '2026-11-24T04:45:00.000Z'],
    ['2026-7-4', '13:00', '2026-07-04T17:00:00.000Z'],
    [' 2026-07-04 ', ' 00:00 ', '2026-07-04T04:00:00.000Z'],
    ['2028-02-29', '08:00', '2028-02-29T13:00:00.000Z'],
  ])('%s %s is %s in Toronto', (date, time, iso) => {
    expect(parseAppointmentTime(date, time, TZ)).toMatchObject({ ok: true, dateTime: iso });
  });

  it('uses the practice zone', () => {
    expect(parseAppointmentTime('2026-11-23', '09:00', 'America/Edmonton')).toMatchObject({
      dateTime: '2026-11-23T16:00:00.000Z',
      date: '2026-11-23',
      time: '09:00',
    });
    expect(parseAppointmentTime('2026-07-01', '09:00', 'America/Regina')).toMatchObject({
      dateTime: '2026-07-01T15:00:00.000Z',
    });
  });

  it.each([
    ['23/11/2026', '09:00', 'dateString', DATE_FORMAT_MESSAGE],
    ['2026-1a-01', '09:00', 'dateString', DATE_FORMAT_MESSAGE],
    ['', '09:00', 'dateString', DATE_FORMAT_MESSAGE],
    ['1899-12-31', '09:00', 'dateString', 'Year must be from 1900 to 2100'],
    ['2101-01-01', '09:00', 'dateString', 'Year must be from 1900 to 2100'],
    ['2026-13-01', '09:00', 'dateString', 'Month must be from 1 to 12'],
    ['2026-00-01', '09:00', 'dateString', 'Month must be from 1 to 12'],
    ['2026-01-32', '09:00', 'dateString', 'Day must be from 1 to 31'],
    ['2026-01-00', '09:00', 'dateString', 'Day must be from 1 to 31'],
    ['2026-02-29', '09:00', 'dateString', '2026-02-29 is not a real calendar date'],
    ['2026-04-31', '09:00', 'dateString', '2026-04-31 is not a real calendar date'],
    ['2026-11-23', '9h30', 'timeString', TIME_FORMAT_MESSAGE],
    ['2026-11-23', 'nine', 'timeString', TIME_FORMAT_MESSAGE],
    ['2026-11-23', '24:00', 'timeString', 'Hour must be from 0 to 23'],
    ['2026-11-23', '10:60', 'timeString', 'Minute must be from 0 to 59'],
    ['2026-11-23', '13:00 PM', 'timeString', 'Hour must be from 1 to 12 with AM or PM'],
    ['2026-11-23', '0:30 AM', 'timeString', 'Hour must be from 1 to 12 with AM or PM'],
  ])('refuses %j %j naming %s', (date, time, field, message) => {
    expect(parseAppointmentTime(date, time, TZ)).toEqual({ ok: false, field, message });
  });

  it('refuses a time the clocks skip and resolves a repeated one as instantAt does', () => {
    expect(parseAppointmentTime('2026-03-08', '2:30 AM', TZ)).toEqual({
      ok: false,
      field: 'timeString',
      message: '2:30 AM does not exist on 2026-03-08 in America/Toronto: the clocks move forward an hour',
    });
    expect(parseAppointmentTime('2026-03-08', '03:00', TZ)).toMatchObject({ dateTime: '2026-03-08T07:00:00.000Z' });
    expect(parseAppointmentTime('2026-11-01', '01:30', TZ)).toMatchObject({ dateTime: '2026-11-01T06:30:00.000Z' });
  });

  it('parses the parts on their own', () => {
    expect(parseDateString('2026-3-8')).toEqual({ ok: true, value: '2026-03-08' });
    expect(parseTimeString('7:05 PM')).toEqual({ ok: true, value: '19:05' });
  });
});

describe('parseAppointmentTimeBodySchema', () => {
  it('accepts two strings, trimmed', () => {
    expect(parseWith(parseAppointmentTimeBodySchema, { dateString: ' 2026-11-23 ', timeString: '9:30 AM' })).toEqual({
      ok: true,
      value: { dateString: '2026-11-23', timeString: '9:30 AM' },
    });
  });

  it.each([
    [{ timeString: '09:00' }, 'dateString', 'dateString is required'],
    [{ dateString: '2026-11-23', timeString: '' }, 'timeString', 'timeString is required'],
    [{ dateString: 20261123, timeString: '09:00' }, 'dateString', "dateString must be text, such as '2026-11-23'"],
    [
      { dateString: '2026-11-23', timeString: 'x'.repeat(40) },
      'timeString',
      'timeString must be at most 32 characters',
    ],
    [[], 'body', 'The request body must be a JSON object'],
  ])('refuses %j naming %s', (body, field, message) => {
    const result = parseWith(parseAppointmentTimeBodySchema, body);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues[0]).toMatchObject({ field, message });
  });
});
