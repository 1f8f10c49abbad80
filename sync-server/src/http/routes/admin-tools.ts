import { cdanetConfigurationBodySchema } from '@dental/domain/cdanet/configuration';
import { jsonObject, positiveId } from '@dental/domain/validation/fields';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../context.ts';
import { writeAudit } from '../../repos/audit-log.ts';
import { practicePlaces } from '../../repos/practices.ts';
import { requirePermission } from '../../services/caller.ts';
import { cdanetConfiguration, saveCdanet } from '../../services/cdanet.ts';
import { practiceHoursCacheFor } from '../../services/practice-hours-cache.ts';
import { changePracticeZone, practiceZones, previewZoneChange } from '../../services/timezone-management.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

const practiceParams = v.object({ practiceId: positiveId('practiceId') });
const zoneBody = jsonObject({
  timezone: v.pipe(v.string('timezone must be text'), v.trim(), v.nonEmpty('timezone is required')),
});

/** Issue 21: /timezone-management, /cache-management and /cdanet-configuration. */
export function registerAdminToolRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  const cache = practiceHoursCacheFor(app, deps.clock);

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/cache/stats',
    tag: 'Administration',
    summary:
      'The server’s practice-hours cache: live entries, hits, misses, hit rate, invalidations, its 30-minute ' +
      'lifetime, and each cached practice (of those the caller may use) with its age in milliseconds.',
    access: 'signed-in',
    permission: 'system.admin',
    practiceScoped: false,
    handler: async ({ db, caller, now }) => {
      const entries = cache.entriesFor(caller.account.allowedPracticeIds);
      const names = new Map(
        (
          await practicePlaces(
            db,
            entries.map((entry) => entry.practiceId),
          )
        ).map((place) => [place.id, place.name]),
      );
      return {
        ...cache.stats(),
        cachedPractices: entries.map((entry) => ({
          ...entry,
          practiceName: names.get(entry.practiceId) ?? null,
          ageMs: now.getTime() - Date.parse(entry.cachedAt),
        })),
      };
    },
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/cache/clear',
    tag: 'Administration',
    summary: 'Empties the server’s practice-hours cache (every practice); the next reads go to the database. Audited.',
    access: 'signed-in',
    permission: 'system.admin',
    practiceScoped: false,
    responses: { 200: '{ success, message: "Cache cleared", cleared }' },
    handler: async ({ db, caller, now }) => {
      const cleared = cache.stats().entries;
      cache.clear();
      await writeAudit(db, {
        at: now,
        userId: caller.account.row.id,
        practiceId: caller.session.currentPracticeId,
        action: 'cache.clear',
        entity: 'practice_hours_cache',
        entityId: null,
        details: { cleared },
      });
      return { success: true, message: 'Cache cleared', cleared };
    },
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/timezone-management',
    tag: 'Time zones',
    summary:
      'Each practice the administrator may use: its zone as the clocks show it now and the next two daylight-time ' +
      'changes (computed from the zone data with dayjs timezone; none where clocks never change).',
    access: 'signed-in',
    permission: 'system.admin',
    practiceScoped: false,
    handler: async ({ db, caller, now }) => practiceZones(db, caller, now),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/timezone-management/:practiceId/preview',
    tag: 'Time zones',
    summary:
      'What changing the practice’s zone would do, changing nothing: appointments keep their instant (how many ' +
      'future ones show another local time, and the first as an example); the weekly hours keep their times, read ' +
      'in the new zone. The zone must be in the Canadian table.',
    access: 'signed-in',
    permission: 'system.admin',
    practiceScoped: false,
    transactional: false,
    params: practiceParams,
    body: zoneBody,
    responses: { 200: 'The preview', 400: 'Not a Canadian zone (field timezone)', 403: 'Not an administrator' },
    handler: async ({ db, caller, params, body, now }) =>
      previewZoneChange(db, caller, params.practiceId, body.timezone, now),
  });

  defineRoute(app, deps, registry, {
    method: 'PUT',
    url: '/api/timezone-management/:practiceId',
    tag: 'Time zones',
    summary:
      'Change the practice’s zone (from the Canadian table): appointments keep their instant, the weekly hours ' +
      'are read in the new zone, the practice’s cached hours are dropped. Answers the preview of what changed. Audited.',
    access: 'signed-in',
    permission: 'system.admin',
    practiceScoped: false,
    params: practiceParams,
    body: zoneBody,
    responses: { 200: 'Changed', 400: 'Not a Canadian zone (field timezone)', 403: 'Not an administrator' },
    handler: async ({ db, caller, params, body, now }) =>
      changePracticeZone(db, caller, params.practiceId, body.timezone, now, cache),
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/cdanet-configuration',
    tag: 'Administration',
    summary:
      'The current practice’s CDAnet set-up: office number (4 digits), each provider’s CDA number (9 digits), claim ' +
      'defaults, its providers, and a sample carrier list (sample: true; the ids are not real CDAnet ids).',
    access: 'signed-in',
    permission: 'settings.view',
    handler: async ({ db, practiceId }) => cdanetConfiguration(db, practiceId),
  });

  defineRoute(app, deps, registry, {
    method: 'PUT',
    url: '/api/cdanet-configuration',
    tag: 'Administration',
    summary:
      'Replace the current practice’s CDAnet set-up: { officeNumber: 4 digits or null, providerNumbers: ' +
      '{ providerId: 9 digits }, claimDefaults: { cdanetVersion, assignBenefitsToProvider, defaultCarrierId } }. ' +
      'Needs settings.edit. Audited.',
    access: 'signed-in',
    permission: 'settings.view',
    body: cdanetConfigurationBodySchema,
    responses: { 200: 'Saved', 400: 'Invalid, naming the field', 403: 'Needs settings.edit' },
    handler: async ({ db, caller, practiceId, body, now }) => {
      requirePermission(caller, 'settings.edit');
      return saveCdanet(db, caller, practiceId, body, now);
    },
  });
}
