import { DEFAULTS } from '@dental/domain/constants';
import { MESSAGES } from '@dental/domain/messages';
import { hoursDisplay, hoursOn, minutesOfDay, openSpan, weekdayOf } from '@dental/domain/practices/hours';
import { describeZoneAt, displayName } from '@dental/domain/time/canadian-zones';
import { parseAppointmentTime, parseAppointmentTimeBodySchema } from '@dental/domain/time/parse-appointment-time';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context.ts';
import type { Db } from '../db/connection.ts';
import { badRequest, forbidden } from '../plugins/http-error.ts';
import { defineRoute, type RouteRegistry } from '../plugins/route.ts';
import { weeklyHours } from '../services/practice-hours.ts';
import { practiceHoursCacheFor } from '../services/practice-hours-cache.ts';
import { type PracticeZone, practiceZone } from '../services/practice-time.ts';

/** The session's practice always exists (a foreign key); refusing beats inventing a zone if it ever does not. */
async function currentZone(db: Db, practiceId: number): Promise<PracticeZone> {
  const zone = await practiceZone(db, practiceId);
  if (!zone) throw forbidden(MESSAGES.accessDeniedPractice);
  return zone;
}

export function registerTimezoneRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  const cache = practiceHoursCacheFor(app, deps.clock);

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/timezone-business/context',
    tag: 'Time zones',
    summary:
      'The current practice’s time zone and what its clocks show now: zone, display name, province, city, ' +
      'daylight time, UTC offset, local date and time, and whether the practice is open at this moment.',
    access: 'signed-in',
    handler: async ({ db, practiceId, now }) => {
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
    },
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/timezone-business/practice-hours',
    tag: 'Time zones',
    summary: 'The current practice’s weekly hours (from the 30-minute cache when possible) with its time zone.',
    access: 'signed-in',
    handler: async ({ db, practiceId }) => {
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
    },
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/timezone/practice',
    tag: 'Time zones',
    summary:
      'The cached timezone entry of spec 3 for the current practice; expiresAt tells the client how long it may ' +
      'keep it (30 minutes).',
    access: 'signed-in',
    handler: async ({ db, practiceId, now }) => {
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
    },
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/timezone/parse-appointment-time',
    tag: 'Time zones',
    summary:
      'A date (YYYY-MM-DD) and time (HH:MM 24-hour or h:mm AM/PM) on the current practice’s clock, as an ISO-8601 ' +
      'UTC instant. Year 1900 to 2100, a real calendar day, hour 0 to 23, minute 0 to 59.',
    access: 'signed-in',
    // Reads only: nothing to roll back.
    transactional: false,
    body: parseAppointmentTimeBodySchema,
    responses: { 200: 'Parsed', 400: 'Invalid date or time, naming the field' },
    handler: async ({ db, practiceId, body }) => {
      const zone = await currentZone(db, practiceId);
      const parsed = parseAppointmentTime(body.dateString, body.timeString, zone.timezone);
      if (!parsed.ok) throw badRequest([{ field: parsed.field, message: parsed.message }]);
      return { dateTime: parsed.dateTime, date: parsed.date, time: parsed.time, timezone: zone.timezone };
    },
  });
}
