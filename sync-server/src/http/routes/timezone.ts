import { parseAppointmentTimeBodySchema } from '@dental/domain/time/parse-appointment-time';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { practiceHoursCacheFor } from '../../services/practice-hours-cache.ts';
import { parsePracticeTime, timezoneContext, timezoneEntry, zonedPracticeHours } from '../../services/timezone.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

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
    handler: async ({ db, practiceId, now }) => timezoneContext(db, practiceId, now, cache),
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/timezone-business/practice-hours',
    tag: 'Time zones',
    summary: 'The current practice’s weekly hours (from the 30-minute cache when possible) with its time zone.',
    access: 'signed-in',
    handler: async ({ db, practiceId }) => zonedPracticeHours(db, practiceId, cache),
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/timezone/practice',
    tag: 'Time zones',
    summary:
      'The cached timezone entry of spec 3 for the current practice; expiresAt tells the client how long it may ' +
      'keep it (30 minutes).',
    access: 'signed-in',
    handler: async ({ db, practiceId, now }) => timezoneEntry(db, practiceId, now),
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
    handler: async ({ db, practiceId, body }) => parsePracticeTime(db, practiceId, body.dateString, body.timeString),
  });
}
