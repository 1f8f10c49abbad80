import { describe, expect, it } from 'vitest';
import { instantAt, localDate, localDayRange, localTime, longDate } from '../src/time/zones.ts';

describe('practice time zones', () => {
  it('gives the practice calendar day and time whatever the instant', () => {
    expect(localDate('2026-11-23T03:30:00Z', 'America/Toronto')).toBe('2026-11-22');
    expect(localTime('2026-11-23T03:30:00Z', 'America/Vancouver')).toBe('19:30');
    expect(instantAt('2026-11-23', '09:00', 'America/Edmonton')).toBe('2026-11-23T16:00:00.000Z');
    expect(longDate('2026-11-23T03:30:00Z', 'America/Toronto')).toBe('Sunday, November 22, 2026');
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
