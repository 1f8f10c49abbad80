import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { describe, expect, it } from 'vitest';
import { formatInstantLongDate } from '../src/i18n/formats.ts';
import { instantAt, localDate, localDayRange, localTime, startOfLocalDay } from '../src/time/zones.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

describe('practice time zones', () => {
  it('gives the practice calendar day and time whatever the instant', () => {
    expect(localDate('2026-11-23T03:30:00Z', 'America/Toronto')).toBe('2026-11-22');
    expect(localTime('2026-11-23T03:30:00Z', 'America/Vancouver')).toBe('19:30');
    expect(instantAt('2026-11-23', '09:00', 'America/Edmonton')).toBe('2026-11-23T16:00:00.000Z');
    expect(formatInstantLongDate('2026-11-23T03:30:00Z', 'America/Toronto', 'en')).toBe('Sunday, November 22, 2026');
  });

  it('spans 23 and 25 hours on daylight-saving days', () => {
    const spring = localDayRange('2026-03-08', 'America/Toronto');
    const fall = localDayRange('2026-11-01', 'America/Toronto');
    const hours = (range: { start: string; end: string }) =>
      (Date.parse(range.end) - Date.parse(range.start)) / 3_600_000;
    expect(hours(spring)).toBe(23);
    expect(hours(fall)).toBe(25);
  });
});

describe('localDate and localTime match dayjs exactly, across daylight-saving changes', () => {
  const zones = [
    'America/St_Johns',
    'America/Halifax',
    'America/Toronto',
    'America/Regina',
    'America/Vancouver',
    'Australia/Lord_Howe',
  ];
  it.each(zones)('%s, every 7 minutes around both 2026 changes and at random instants', (zone) => {
    const instants: number[] = [];
    for (const around of [
      '2026-03-08T00:00:00Z',
      '2026-11-01T00:00:00Z',
      '2026-04-05T00:00:00Z',
      '2026-10-04T00:00:00Z',
    ]) {
      const start = Date.parse(around);
      for (let t = start; t < start + 2 * 86_400_000; t += 7 * 60_000) instants.push(t);
    }
    let seed = 7;
    for (let i = 0; i < 2000; i += 1) {
      seed = (seed * 48271) % 2147483647;
      instants.push(Date.UTC(1990, 0, 1) + (seed / 2147483647) * 60 * 365 * 86_400_000);
    }
    for (const t of instants) {
      const iso = new Date(t).toISOString();
      const expected = dayjs(iso).tz(zone);
      expect(localDate(iso, zone), iso).toBe(expected.format('YYYY-MM-DD'));
      expect(localTime(new Date(t), zone), iso).toBe(expected.format('HH:mm'));
    }
  });

  it('keeps dayjs behaviour for text it cannot read', () => {
    expect(localDate('not a date', 'America/Toronto')).toBe(
      dayjs('not a date').tz('America/Toronto').format('YYYY-MM-DD'),
    );
  });
});

describe('startOfLocalDay', () => {
  it.each(['America/St_Johns', 'America/Halifax', 'America/Toronto', 'America/Regina', 'America/Vancouver'])(
    '%s: the start of localDayRange on every day of 2026',
    (zone) => {
      for (let day = 0; day < 365; day++) {
        const date = new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10);
        expect(startOfLocalDay(date, zone), date).toBe(localDayRange(date, zone).start);
      }
    },
  );
});
