import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { Province } from '../constants.ts';
import type { Text } from '../i18n/text.ts';
import { isValidTimeZone, localDate, localTime } from './zones.ts';

// Also extended by zones.ts; repeated so this module never depends on import order for it.
dayjs.extend(utc);
dayjs.extend(timezone);

/** The nth Sunday of a month at a local wall-clock time, as Canadian daylight-saving rules are written. */
export interface DstBoundary {
  /** 1 = January. */
  month: number;
  /** 1 = the first Sunday of the month. */
  nthSunday: number;
  /** Local time (HH:MM) on the clock that is in force just before the change. */
  localTime: string;
  description: string;
}

export interface DstRule {
  start: DstBoundary;
  end: DstBoundary;
}

/**
 * The rule every Canadian zone that observes daylight time has followed since 2007 (Newfoundland
 * since 2011). Dates before then followed older rules this table does not describe.
 */
/** The zones' names and the daylight-saving rule's words. */
export const ZONE_TEXTS = {
  dstStart: /*i18n*/ { id: 'zone.dstStart', message: 'Second Sunday in March at 2:00 AM' },
  dstEnd: /*i18n*/ { id: 'zone.dstEnd', message: 'First Sunday in November at 2:00 AM' },
  newfoundland: /*i18n*/ { id: 'zone.newfoundland', message: 'Newfoundland Time' },
  atlantic: /*i18n*/ { id: 'zone.atlantic', message: 'Atlantic Time' },
  eastern: /*i18n*/ { id: 'zone.eastern', message: 'Eastern Time' },
  central: /*i18n*/ { id: 'zone.central', message: 'Central Time' },
  mountain: /*i18n*/ { id: 'zone.mountain', message: 'Mountain Time' },
  pacific: /*i18n*/ { id: 'zone.pacific', message: 'Pacific Time' },
  centralStandard: /*i18n*/ { id: 'zone.centralStandard', message: 'Central Standard Time' },
  yukon: /*i18n*/ { id: 'zone.yukon', message: 'Yukon Time' },
} as const satisfies Record<string, Text>;

export const CANADIAN_DST_RULE: DstRule = {
  start: { month: 3, nthSunday: 2, localTime: '02:00', description: ZONE_TEXTS.dstStart.message },
  end: { month: 11, nthSunday: 1, localTime: '02:00', description: ZONE_TEXTS.dstEnd.message },
};

export interface CanadianTimeZone {
  timeZone: string;
  /** 'Eastern Time' */
  name: string;
  /** 'ET': the season-independent abbreviation used in display names. */
  abbreviation: string;
  standardAbbreviation: string;
  daylightAbbreviation: string | null;
  provinces: readonly Province[];
  /** Example cities, the best-known first. */
  cities: readonly string[];
  /** Minutes east of UTC (negative throughout Canada). */
  standardOffsetMinutes: number;
  daylightOffsetMinutes: number | null;
  /** Null where clocks never change: Saskatchewan, and Yukon since 2020. */
  dst: DstRule | null;
}

function observing(
  timeZone: string,
  zone: Pick<CanadianTimeZone, 'provinces' | 'cities'>,
  family: 'NT' | 'AT' | 'ET' | 'CT' | 'MT' | 'PT',
): CanadianTimeZone {
  const families = {
    NT: { name: ZONE_TEXTS.newfoundland.message, standard: 'NST', daylight: 'NDT', offset: -210 },
    AT: { name: ZONE_TEXTS.atlantic.message, standard: 'AST', daylight: 'ADT', offset: -240 },
    ET: { name: ZONE_TEXTS.eastern.message, standard: 'EST', daylight: 'EDT', offset: -300 },
    CT: { name: ZONE_TEXTS.central.message, standard: 'CST', daylight: 'CDT', offset: -360 },
    MT: { name: ZONE_TEXTS.mountain.message, standard: 'MST', daylight: 'MDT', offset: -420 },
    PT: { name: ZONE_TEXTS.pacific.message, standard: 'PST', daylight: 'PDT', offset: -480 },
  } as const;
  const f = families[family];
  return {
    timeZone,
    name: f.name,
    abbreviation: family,
    standardAbbreviation: f.standard,
    daylightAbbreviation: f.daylight,
    ...zone,
    standardOffsetMinutes: f.offset,
    daylightOffsetMinutes: f.offset + 60,
    dst: CANADIAN_DST_RULE,
  };
}

/** The reference table of spec 3: Canadian time zones, their provinces, cities, offsets and DST rule. */
export const CANADIAN_TIME_ZONES: readonly CanadianTimeZone[] = [
  observing('America/St_Johns', { provinces: ['NL'], cities: ["St. John's", 'Gander', 'Corner Brook'] }, 'NT'),
  observing('America/Halifax', { provinces: ['NS', 'PE'], cities: ['Halifax', 'Charlottetown', 'Sydney'] }, 'AT'),
  observing('America/Moncton', { provinces: ['NB'], cities: ['Moncton', 'Fredericton', 'Saint John'] }, 'AT'),
  observing('America/Goose_Bay', { provinces: ['NL'], cities: ['Happy Valley-Goose Bay', 'Labrador City'] }, 'AT'),
  observing(
    'America/Toronto',
    { provinces: ['ON', 'QC'], cities: ['Toronto', 'Ottawa', 'Montreal', 'Quebec City'] },
    'ET',
  ),
  observing('America/Iqaluit', { provinces: ['NU'], cities: ['Iqaluit'] }, 'ET'),
  observing('America/Winnipeg', { provinces: ['MB'], cities: ['Winnipeg', 'Brandon'] }, 'CT'),
  observing('America/Rankin_Inlet', { provinces: ['NU'], cities: ['Rankin Inlet'] }, 'CT'),
  {
    timeZone: 'America/Regina',
    name: ZONE_TEXTS.centralStandard.message,
    abbreviation: 'CST',
    standardAbbreviation: 'CST',
    daylightAbbreviation: null,
    provinces: ['SK'],
    cities: ['Regina', 'Saskatoon'],
    standardOffsetMinutes: -360,
    daylightOffsetMinutes: null,
    dst: null,
  },
  observing('America/Edmonton', { provinces: ['AB'], cities: ['Calgary', 'Edmonton', 'Red Deer'] }, 'MT'),
  observing('America/Yellowknife', { provinces: ['NT'], cities: ['Yellowknife', 'Inuvik'] }, 'MT'),
  observing('America/Cambridge_Bay', { provinces: ['NU'], cities: ['Cambridge Bay'] }, 'MT'),
  observing('America/Vancouver', { provinces: ['BC'], cities: ['Vancouver', 'Victoria', 'Kelowna'] }, 'PT'),
  {
    timeZone: 'America/Whitehorse',
    name: ZONE_TEXTS.yukon.message,
    abbreviation: 'MST',
    standardAbbreviation: 'MST',
    daylightAbbreviation: null,
    provinces: ['YT'],
    cities: ['Whitehorse', 'Dawson City'],
    standardOffsetMinutes: -420,
    daylightOffsetMinutes: null,
    dst: null,
  },
];

/**
 * Older or merged names a stored setting may still hold, mapped to the entry with the same rules
 * today (tzdata folded Montreal into Toronto; Canada/* are the legacy names).
 */
const ALIASES: Readonly<Record<string, string>> = {
  'America/Montreal': 'America/Toronto',
  'America/Thunder_Bay': 'America/Toronto',
  'America/Nipigon': 'America/Toronto',
  'America/Pangnirtung': 'America/Iqaluit',
  'America/Rainy_River': 'America/Winnipeg',
  'America/Swift_Current': 'America/Regina',
  'America/Dawson': 'America/Whitehorse',
  'America/Glace_Bay': 'America/Halifax',
  'Canada/Newfoundland': 'America/St_Johns',
  'Canada/Atlantic': 'America/Halifax',
  'Canada/Eastern': 'America/Toronto',
  'Canada/Central': 'America/Winnipeg',
  'Canada/Saskatchewan': 'America/Regina',
  'Canada/Mountain': 'America/Edmonton',
  'Canada/Pacific': 'America/Vancouver',
  'Canada/Yukon': 'America/Whitehorse',
};

/** Where a province has several zones, the one most of its population uses. */
const PROVINCE_ZONES: Readonly<Record<Province, string>> = {
  NL: 'America/St_Johns',
  NS: 'America/Halifax',
  PE: 'America/Halifax',
  NB: 'America/Moncton',
  QC: 'America/Toronto',
  ON: 'America/Toronto',
  MB: 'America/Winnipeg',
  SK: 'America/Regina',
  AB: 'America/Edmonton',
  BC: 'America/Vancouver',
  YT: 'America/Whitehorse',
  NT: 'America/Yellowknife',
  NU: 'America/Iqaluit',
};

const BY_ZONE = new Map(CANADIAN_TIME_ZONES.map((zone) => [zone.timeZone, zone]));

/** The table entry for a zone (or one of its aliases); undefined outside Canada. */
export function zoneInfo(timeZone: string): CanadianTimeZone | undefined {
  return BY_ZONE.get(ALIASES[timeZone] ?? timeZone);
}

/** The main zone of a province or territory code (case-insensitive); undefined for an unknown code. */
export function zoneForProvince(province: string): CanadianTimeZone | undefined {
  const code = province.trim().toUpperCase();
  if (!Object.hasOwn(PROVINCE_ZONES, code)) return undefined;
  return zoneInfo(PROVINCE_ZONES[code as Province]);
}

/** Day of the month of the nth Sunday, from dayjs's weekday of the 1st (0 = Sunday). */
function nthSunday(year: number, month: number, nth: number): number {
  const firstWeekday = dayjs.utc(`${year}-${String(month).padStart(2, '0')}-01`).day();
  return 1 + ((7 - firstWeekday) % 7) + (nth - 1) * 7;
}

/** A boundary's instant: local wall-clock time minus the offset in force just before it. */
function boundaryInstant(year: number, boundary: DstBoundary, offsetBefore: number): string {
  const day = nthSunday(year, boundary.month, boundary.nthSunday);
  const wallClock = `${year}-${String(boundary.month).padStart(2, '0')}-${String(day).padStart(2, '0')}T${boundary.localTime}:00Z`;
  return dayjs.utc(wallClock).subtract(offsetBefore, 'minute').toISOString();
}

/**
 * The [start, end) instants of daylight time in a year, ISO-8601 UTC; null for a zone that does
 * not observe it or is not in the table. Follows the current rule whatever the year.
 */
export function dstPeriod(timeZone: string, year: number): { start: string; end: string } | null {
  const zone = zoneInfo(timeZone);
  if (!zone?.dst || zone.daylightOffsetMinutes === null) return null;
  return {
    start: boundaryInstant(year, zone.dst.start, zone.standardOffsetMinutes),
    end: boundaryInstant(year, zone.dst.end, zone.daylightOffsetMinutes),
  };
}

function toDate(instant: Date | string | number): Date {
  return instant instanceof Date ? instant : new Date(instant);
}

/** Offset from UTC in minutes at an instant, as the zone's own clocks show it. */
export function utcOffsetMinutes(timeZone: string, instant: Date | string | number): number {
  const at = toDate(instant);
  const zone = zoneInfo(timeZone);
  if (zone) {
    return isDaylightTime(timeZone, at) && zone.daylightOffsetMinutes !== null
      ? zone.daylightOffsetMinutes
      : zone.standardOffsetMinutes;
  }
  return dayjs(at).tz(timeZone).utcOffset();
}

/**
 * Whether clocks are on daylight time at an instant. Table zones use the table; any other zone is
 * asked of the platform's time-zone data, daylight time being an offset above the year's lowest.
 */
export function isDaylightTime(timeZone: string, instant: Date | string | number): boolean {
  const at = toDate(instant);
  const zone = zoneInfo(timeZone);
  if (zone) {
    const period = dstPeriod(timeZone, at.getUTCFullYear());
    if (!period) return false;
    const time = at.getTime();
    return time >= Date.parse(period.start) && time < Date.parse(period.end);
  }
  const year = at.getUTCFullYear();
  const standard = Math.min(
    dayjs.utc(`${year}-01-01`).tz(timeZone).utcOffset(),
    dayjs.utc(`${year}-07-01`).tz(timeZone).utcOffset(),
  );
  return dayjs(at).tz(timeZone).utcOffset() > standard;
}

/** '-05:00', '-03:30', '+00:00'. */
export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** 'EST' or 'EDT' as the clocks stand at the instant; 'UTC-05:00' style outside the table. */
export function zoneAbbreviation(timeZone: string, instant: Date | string | number): string {
  const zone = zoneInfo(timeZone);
  if (!zone) return `UTC${formatUtcOffset(utcOffsetMinutes(timeZone, instant))}`;
  return isDaylightTime(timeZone, instant) && zone.daylightAbbreviation
    ? zone.daylightAbbreviation
    : zone.standardAbbreviation;
}

/** 'Eastern Time (ET)'; a zone outside the table shows its own name, such as 'Europe/London'. */
export function displayName(timeZone: string): string {
  const zone = zoneInfo(timeZone);
  return zone ? `${zone.name} (${zone.abbreviation})` : timeZone;
}

export interface ZoneMoment {
  timezone: string;
  displayName: string;
  abbreviation: string;
  isDaylightTime: boolean;
  /** '-05:00' */
  utcOffset: string;
  utcOffsetMinutes: number;
  /** The zone's calendar date, YYYY-MM-DD. */
  localDate: string;
  /** The zone's wall-clock time, HH:MM (24-hour). */
  localTime: string;
  dstPeriod: { start: string; end: string } | null;
}

/** Everything a screen needs to show "what time is it at the practice". An unusable zone name is refused. */
export function describeZoneAt(timeZone: string, instant: Date | string | number): ZoneMoment {
  if (!isValidTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  const at = toDate(instant);
  const offset = utcOffsetMinutes(timeZone, at);
  return {
    timezone: timeZone,
    displayName: displayName(timeZone),
    abbreviation: zoneAbbreviation(timeZone, at),
    isDaylightTime: isDaylightTime(timeZone, at),
    utcOffset: formatUtcOffset(offset),
    utcOffsetMinutes: offset,
    localDate: localDate(at, timeZone),
    localTime: localTime(at, timeZone),
    dstPeriod: dstPeriod(timeZone, at.getUTCFullYear()),
  };
}
