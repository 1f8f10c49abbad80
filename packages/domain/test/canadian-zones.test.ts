import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { describe, expect, it } from 'vitest';
import { PROVINCES } from '../src/constants.ts';
import {
  CANADIAN_TIME_ZONES,
  describeZoneAt,
  displayName,
  dstPeriod,
  formatUtcOffset,
  isDaylightTime,
  utcOffsetMinutes,
  zoneAbbreviation,
  zoneForProvince,
  zoneInfo,
} from '../src/time/canadian-zones.ts';
import { isValidTimeZone } from '../src/time/zones.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

const YEARS = [2024, 2025, 2026, 2027, 2028, 2029, 2030];
const MINUTE = 60_000;
/** The platform's own answer (Intl time-zone data, through dayjs), which the table must match. */
const platformOffset = (timeZone: string, instant: number) => dayjs(instant).tz(timeZone).utcOffset();

describe('the Canadian time-zone table', () => {
  it('covers every province and territory with a zone the platform knows', () => {
    for (const zone of CANADIAN_TIME_ZONES) expect(isValidTimeZone(zone.timeZone), zone.timeZone).toBe(true);
    const covered = new Set(CANADIAN_TIME_ZONES.flatMap((zone) => zone.provinces));
    expect([...covered].sort()).toEqual([...PROVINCES].sort());
    for (const province of PROVINCES) expect(zoneForProvince(province)?.provinces).toContain(province);
  });

  it.each(CANADIAN_TIME_ZONES.map((zone) => [zone.timeZone, zone] as const))(
    '%s agrees with the platform on offsets and DST boundaries, 2024-2030',
    (timeZone, zone) => {
      for (const year of YEARS) {
        const january = Date.UTC(year, 0, 15, 12);
        const july = Date.UTC(year, 6, 15, 12);
        expect(platformOffset(timeZone, january)).toBe(zone.standardOffsetMinutes);
        expect(platformOffset(timeZone, july)).toBe(zone.daylightOffsetMinutes ?? zone.standardOffsetMinutes);

        const period = dstPeriod(timeZone, year);
        if (!zone.dst) {
          expect(period).toBeNull();
          continue;
        }
        if (!period || zone.daylightOffsetMinutes === null) throw new Error(`${timeZone} should observe DST`);
        const start = Date.parse(period.start);
        const end = Date.parse(period.end);
        expect(platformOffset(timeZone, start - MINUTE)).toBe(zone.standardOffsetMinutes);
        expect(platformOffset(timeZone, start)).toBe(zone.daylightOffsetMinutes);
        expect(platformOffset(timeZone, end - MINUTE)).toBe(zone.daylightOffsetMinutes);
        expect(platformOffset(timeZone, end)).toBe(zone.standardOffsetMinutes);
        // The change happens at 2:00 AM on the local clock in force just before it.
        expect(
          dayjs(start - MINUTE)
            .tz(timeZone)
            .format('ddd HH:mm'),
        ).toBe('Sun 01:59');
        expect(
          dayjs(end - MINUTE)
            .tz(timeZone)
            .format('ddd HH:mm'),
        ).toBe('Sun 01:59');
      }
    },
  );

  it('answers isDaylightTime and the offset as the platform does, every fifth day 2024-2030', () => {
    for (const { timeZone } of CANADIAN_TIME_ZONES) {
      for (let day = Date.UTC(2024, 0, 1, 9); day < Date.UTC(2031, 0, 1); day += 5 * 24 * 60 * MINUTE) {
        const offset = platformOffset(timeZone, day);
        expect(utcOffsetMinutes(timeZone, day)).toBe(offset);
        expect(isDaylightTime(timeZone, day)).toBe(offset > (zoneInfo(timeZone)?.standardOffsetMinutes ?? 0));
      }
    }
    // About 7,000 Intl lookups: a second when the machine is quiet, several on a busy CI core.
  }, 30_000);

  it('gives the 2026 changes in Toronto at 2:00 AM local', () => {
    expect(dstPeriod('America/Toronto', 2026)).toEqual({
      start: '2026-03-08T07:00:00.000Z',
      end: '2026-11-01T06:00:00.000Z',
    });
    expect(dstPeriod('America/St_Johns', 2026)).toEqual({
      start: '2026-03-08T05:30:00.000Z',
      end: '2026-11-01T04:30:00.000Z',
    });
    expect(dstPeriod('America/Regina', 2026)).toBeNull();
    expect(dstPeriod('America/Whitehorse', 2026)).toBeNull();
    expect(dstPeriod('Europe/London', 2026)).toBeNull();
  });

  it('names zones for display', () => {
    expect(displayName('America/Toronto')).toBe('Eastern Time (ET)');
    expect(displayName('America/Edmonton')).toBe('Mountain Time (MT)');
    expect(displayName('America/Regina')).toBe('Central Standard Time (CST)');
    expect(displayName('America/Whitehorse')).toBe('Yukon Time (MST)');
    expect(displayName('America/St_Johns')).toBe('Newfoundland Time (NT)');
    expect(displayName('America/Montreal')).toBe('Eastern Time (ET)');
    expect(displayName('Europe/London')).toBe('Europe/London');
    expect(zoneAbbreviation('America/Vancouver', '2026-07-01T12:00:00Z')).toBe('PDT');
    expect(zoneAbbreviation('America/Vancouver', '2026-12-01T12:00:00Z')).toBe('PST');
    expect(zoneAbbreviation('Asia/Tokyo', '2026-12-01T12:00:00Z')).toBe('UTC+09:00');
  });

  it('maps provinces to their main zone and resolves legacy names', () => {
    expect(zoneForProvince('on')?.timeZone).toBe('America/Toronto');
    expect(zoneForProvince('SK')?.timeZone).toBe('America/Regina');
    expect(zoneForProvince('NL')?.timeZone).toBe('America/St_Johns');
    expect(zoneForProvince('XX')).toBeUndefined();
    expect(zoneForProvince('constructor')).toBeUndefined();
    expect(zoneInfo('Canada/Pacific')?.timeZone).toBe('America/Vancouver');
    expect(zoneInfo('Europe/Paris')).toBeUndefined();
  });

  it('falls back to the platform for zones outside the table', () => {
    expect(isDaylightTime('Europe/London', '2026-07-01T12:00:00Z')).toBe(true);
    expect(isDaylightTime('Europe/London', '2026-01-01T12:00:00Z')).toBe(false);
    expect(isDaylightTime('Australia/Sydney', '2026-01-01T12:00:00Z')).toBe(true);
    expect(utcOffsetMinutes('Asia/Kolkata', '2026-01-01T12:00:00Z')).toBe(330);
  });

  it('formats offsets', () => {
    expect(formatUtcOffset(-300)).toBe('-05:00');
    expect(formatUtcOffset(-210)).toBe('-03:30');
    expect(formatUtcOffset(0)).toBe('+00:00');
    expect(formatUtcOffset(330)).toBe('+05:30');
  });

  it('describes a zone at an instant and refuses unknown names', () => {
    expect(describeZoneAt('America/Toronto', '2026-11-23T03:30:00Z')).toEqual({
      timezone: 'America/Toronto',
      displayName: 'Eastern Time (ET)',
      abbreviation: 'EST',
      isDaylightTime: false,
      utcOffset: '-05:00',
      utcOffsetMinutes: -300,
      localDate: '2026-11-22',
      localTime: '22:30',
      dstPeriod: { start: '2026-03-08T07:00:00.000Z', end: '2026-11-01T06:00:00.000Z' },
    });
    expect(() => describeZoneAt('Not/AZone', '2026-11-23T03:30:00Z')).toThrow(RangeError);
    expect(isValidTimeZone('')).toBe(false);
  });
});
