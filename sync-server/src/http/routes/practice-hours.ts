import {
  hoursDisplay,
  type PracticeHoursResponse,
  parseWeekdayName,
  putPracticeHoursBodySchema,
} from '@dental/domain/practices/hours';
import { parseDateString } from '@dental/domain/time/parse-appointment-time';
import { positiveId } from '@dental/domain/validation/fields';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../context.ts';
import {
  clearCachedHours,
  hoursOfPractice,
  practiceTimeSlots,
  updatePracticeHours,
} from '../../services/practice-hours.ts';
import { practiceHoursCacheFor } from '../../services/practice-hours-cache.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

const practiceParams = v.object({ practiceId: positiveId('practiceId') });

const DAY_MESSAGE = 'day must be a weekday name (sunday to saturday) or a date (YYYY-MM-DD)';
const COMPRESSED_MESSAGE = 'compressed must be true or false';

const timeSlotsQuery = v.object({
  /** A weekday name, or a calendar date of the practice; today there when left out. */
  day: v.optional(
    v.pipe(
      v.string(DAY_MESSAGE),
      v.trim(),
      v.check((value) => parseWeekdayName(value) !== undefined || parseDateString(value).ok, DAY_MESSAGE),
      v.transform((value) => {
        const date = parseDateString(value);
        return date.ok ? date.value : value.toLowerCase();
      }),
    ),
  ),
  compressed: v.optional(
    v.pipe(
      v.string(COMPRESSED_MESSAGE),
      v.trim(),
      v.toLowerCase(),
      v.picklist(['true', 'false'], COMPRESSED_MESSAGE),
      v.transform((value) => value === 'true'),
    ),
    'false',
  ),
});

export function registerPracticeHoursRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  const cache = practiceHoursCacheFor(app, deps.clock);

  // Static segment: registered under the same prefix as /:practiceId routes, and the router prefers it.
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/practice-hours-unified/cache/stats',
    tag: 'Practices',
    summary:
      'Counters of the in-memory practice-hours cache (entries, hits, misses, hitRate, invalidations, ttlMs) and ' +
      'the cached entries of the practices the caller may access.',
    access: 'signed-in',
    permission: 'settings.view',
    practiceScoped: false,
    handler: async ({ caller }) => ({
      ...cache.stats(),
      cachedPractices: cache.entriesFor(caller.account.allowedPracticeIds),
    }),
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/practice-hours-unified/:practiceId',
    tag: 'Practices',
    summary:
      'Opening hours by weekday (sunday to saturday) in the practice’s own time zone. Served from a 30-minute ' +
      'cache when possible (cached: true); timestamp is when the hours were read from the database.',
    access: 'signed-in',
    practiceScoped: false,
    params: practiceParams,
    responses: { 403: 'Access denied to this practice' },
    handler: async ({ db, caller, params }): Promise<PracticeHoursResponse> => {
      const lookup = await hoursOfPractice(db, caller, params.practiceId, cache);
      return {
        practiceId: params.practiceId,
        hours: lookup.hours,
        cached: lookup.cached,
        timestamp: lookup.cachedAt.toISOString(),
      };
    },
  });

  defineRoute(app, deps, registry, {
    method: 'PUT',
    url: '/api/practice-hours-unified/:practiceId',
    tag: 'Practices',
    summary:
      'Replace the week’s opening hours. Body: the hours keyed by weekday (all seven), or { hours: {...} }; each ' +
      'day has isOpen (or closed) and, when open, openTime and closeTime as HH:MM with close after open.',
    access: 'signed-in',
    permission: 'settings.edit',
    practiceScoped: false,
    params: practiceParams,
    body: putPracticeHoursBodySchema,
    responses: { 200: 'Updated', 400: 'Invalid hours, naming the field', 403: 'Access denied to this practice' },
    handler: async ({ db, caller, params, body, now }): Promise<PracticeHoursResponse> => {
      const hours = await updatePracticeHours(db, caller, { practiceId: params.practiceId, hours: body, now }, cache);
      return { practiceId: params.practiceId, hours, cached: false, timestamp: now.toISOString() };
    },
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/practice-hours-unified/:practiceId/time-slots',
    tag: 'Practices',
    summary:
      'Bookable start times (HH:MM, practice time) of a weekday or date, 30 minutes apart from opening; empty on a ' +
      'closed day. compressed=true gives hourly starts instead. Without day: today in the practice’s zone.',
    access: 'signed-in',
    practiceScoped: false,
    params: practiceParams,
    query: timeSlotsQuery,
    responses: { 403: 'Access denied to this practice' },
    handler: async ({ db, caller, params, query, now }) =>
      practiceTimeSlots(db, caller, { practiceId: params.practiceId, ...query, now }, cache),
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/practice-hours-unified/:practiceId/display',
    tag: 'Practices',
    summary: "The week's hours as one line, such as 'Mon-Fri 8:00 AM - 5:00 PM, Sat 9:00 AM - 2:00 PM, Sun Closed'.",
    access: 'signed-in',
    practiceScoped: false,
    params: practiceParams,
    responses: { 403: 'Access denied to this practice' },
    handler: async ({ db, caller, params }) => {
      const lookup = await hoursOfPractice(db, caller, params.practiceId, cache);
      return { practiceId: params.practiceId, display: hoursDisplay(lookup.hours), cached: lookup.cached };
    },
  });

  defineRoute(app, deps, registry, {
    method: 'DELETE',
    url: '/api/practice-hours-unified/:practiceId/cache',
    tag: 'Practices',
    summary: 'Drop the practice’s cached hours so the next read comes from the database.',
    access: 'signed-in',
    permission: 'settings.edit',
    practiceScoped: false,
    params: practiceParams,
    responses: { 403: 'Access denied to this practice' },
    handler: async ({ db, caller, params, now }) => ({
      practiceId: params.practiceId,
      cleared: await clearCachedHours(db, caller, params.practiceId, now, cache),
    }),
  });
}
