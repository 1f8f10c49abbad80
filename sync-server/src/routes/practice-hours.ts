import { MESSAGES } from '@dental/domain/messages';
import { type PracticeHoursResponse, WEEKDAY_NAMES, type WeeklyHours } from '@dental/domain/practices/hours';
import { positiveId } from '@dental/domain/validation/fields';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../context.ts';
import { forbidden } from '../plugins/http-error.ts';
import { defineRoute, type RouteRegistry } from '../plugins/route.ts';

export function registerPracticeHoursRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/practice-hours-unified/:practiceId',
    tag: 'Practices',
    summary: 'Opening hours by weekday (sunday to saturday) in the practice’s own time zone.',
    access: 'signed-in',
    practiceScoped: false,
    params: v.object({ practiceId: positiveId('practiceId') }),
    responses: { 403: 'Access denied to this practice' },
    handler: async ({ db, caller, params, now }): Promise<PracticeHoursResponse> => {
      if (!caller.account.allowedPracticeIds.includes(params.practiceId))
        throw forbidden(MESSAGES.accessDeniedPractice);
      const rows = await db
        .selectFrom('practice_hours')
        .selectAll()
        .where('practice_id', '=', params.practiceId)
        .execute();
      const hours = Object.fromEntries(
        WEEKDAY_NAMES.map((name, weekday) => {
          const row = rows.find((candidate) => candidate.weekday === weekday);
          const isOpen = row?.is_open === 1;
          return [
            name,
            {
              openTime: isOpen ? (row?.open_time ?? null) : null,
              closeTime: isOpen ? (row?.close_time ?? null) : null,
              isOpen,
              closed: !isOpen,
            },
          ];
        }),
      ) as WeeklyHours;
      return { practiceId: params.practiceId, hours, cached: false, timestamp: now.toISOString() };
    },
  });
}
