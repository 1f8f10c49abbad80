import { DEFAULTS } from '@dental/domain/constants';
import { DomainError, invalidInput } from '@dental/domain/errors';
import { MESSAGES } from '@dental/domain/messages';
import { hoursDisplay, hoursOn, minutesOfDay, openSpan, weekdayOf } from '@dental/domain/practices/hours';
import { describeZoneAt, displayName } from '@dental/domain/time/canadian-zones';
import { parseAppointmentTime } from '@dental/domain/time/parse-appointment-time';
import type { Db } from '../db/connection.ts';
import { weeklyHours } from '../repos/practice-hours.ts';
import type { PracticeHoursCache } from './practice-hours-cache.ts';
import { type PracticeZone, practiceZone } from './practice-time.ts';

/** The session's practice always exists (a foreign key); refusing beats inventing a zone if it ever does not. */
async function currentZone(db: Db, practiceId: number): Promise<PracticeZone> {
  const zone = await practiceZone(db, practiceId);
  if (!zone) throw new DomainError('PRACTICE_ACCESS_DENIED', MESSAGES.accessDeniedPractice);
  return zone;
}

/** What the practice's clocks show now, and whether it is open at this moment. */
export async function timezoneContext(db: Db, practiceId: number, now: Date, cache: PracticeHoursCache) {
  const zone = await currentZone(db, practiceId);
  const moment = describeZoneAt(zone.timezone, now);
  const { hours } = await cache.get(practiceId, () => weeklyHours(db, practiceId));
  const span = openSpan(hours, moment.localDate);
  const minute = minutesOfDay(moment.localTime);
  return {
    practiceId,
    practiceName: zone.name,
    province: zone.province,
    city: zone.city,
    ...moment,
    weekday: weekdayOf(moment.localDate),
    todayHours: hoursOn(hours, moment.localDate),
    isOpenNow: span !== null && minute >= span.open && minute < span.close,
    serverTime: now.toISOString(),
  };
}

/** The practice's weekly hours (from the cache when possible) with its time zone. */
export async function zonedPracticeHours(db: Db, practiceId: number, cache: PracticeHoursCache) {
  const zone = await currentZone(db, practiceId);
  const lookup = await cache.get(practiceId, () => weeklyHours(db, practiceId));
  return {
    practiceId,
    timezone: zone.timezone,
    displayName: displayName(zone.timezone),
    hours: lookup.hours,
    display: hoursDisplay(lookup.hours),
    cached: lookup.cached,
    timestamp: lookup.cachedAt.toISOString(),
  };
}

/** The cached timezone entry of spec 3, with how long a client may keep it. */
export async function timezoneEntry(db: Db, practiceId: number, now: Date) {
  const zone = await currentZone(db, practiceId);
  return {
    practiceId,
    timezone: zone.timezone,
    displayName: displayName(zone.timezone),
    province: zone.province,
    city: zone.city,
    cachedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + DEFAULTS.timezoneCacheMs).toISOString(),
  };
}

/** A date and time on the practice's clock as an ISO-8601 UTC instant. */
export async function parsePracticeTime(db: Db, practiceId: number, dateString: string, timeString: string) {
  const zone = await currentZone(db, practiceId);
  const parsed = parseAppointmentTime(dateString, timeString, zone.timezone);
  if (!parsed.ok) throw invalidInput([{ field: parsed.field, message: parsed.message }], 'TIME_INVALID');
  return { dateTime: parsed.dateTime, date: parsed.date, time: parsed.time, timezone: zone.timezone };
}
