import { preferencesBodySchema } from '@dental/domain/preferences/preferences';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { preferencesOf, updatePreferences } from '../../services/preferences.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

export function registerPreferenceRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/preferences',
    tag: 'Preferences',
    summary:
      "The signed-in user's preferences: theme (light, dark, system), language (en, fr or null), " +
      'defaultScheduleView (60min or 30min), defaultPracticeId and notifications (each staff notification type: ' +
      'true to receive it).',
    access: 'signed-in',
    practiceScoped: false,
    handler: async ({ db, caller }) => preferencesOf(db, caller),
  });

  defineRoute(app, deps, registry, {
    method: 'PUT',
    url: '/api/preferences',
    tag: 'Preferences',
    summary:
      'Store any of the preferences; fields left out keep their values, and notifications may name only the ' +
      'types that change. Notifications turned off are no longer created for the user. Audited.',
    access: 'signed-in',
    practiceScoped: false,
    body: preferencesBodySchema,
    responses: { 200: 'The stored preferences', 400: 'Invalid value, naming the field' },
    handler: async ({ db, caller, body, now }) => updatePreferences(db, caller, body, now),
  });
}
