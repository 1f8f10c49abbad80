import { PROVINCES } from '@dental/domain/constants';
import { HOLIDAY_YEARS } from '@dental/domain/practices/holidays';
import { boundedInt, jsonObject } from '@dental/domain/validation/fields';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../context.ts';
import { practiceHolidays, publicHolidays, setPracticeHolidays } from '../../services/holidays.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

const PROVINCE_MESSAGE = `province must be one of ${PROVINCES.join(', ')}`;
const DATE_MESSAGE = 'closed must be a list of dates (YYYY-MM-DD)';

const year = () => boundedInt('year', HOLIDAY_YEARS.min, HOLIDAY_YEARS.max);

const holidaysQuery = jsonObject({
  province: v.pipe(v.string(PROVINCE_MESSAGE), v.trim(), v.toUpperCase(), v.picklist(PROVINCES, PROVINCE_MESSAGE)),
  year: year(),
});

const practiceHolidaysQuery = jsonObject({ year: year() });

const practiceHolidaysBody = jsonObject({
  year: year(),
  closed: v.pipe(
    v.array(v.pipe(v.string(DATE_MESSAGE), v.regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)), DATE_MESSAGE),
    v.maxLength(40, DATE_MESSAGE),
  ),
});

export function registerHolidayRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/holidays',
    tag: 'Practices',
    summary:
      'The statutory and commonly observed holidays of a province or territory in a year (1900 to 2100), computed, ' +
      'on the dates they are observed: [{date, name, nameFr}] (observedFor when moved from a weekend).',
    access: 'signed-in',
    practiceScoped: false,
    transactional: false,
    query: holidaysQuery,
    responses: { 400: 'Invalid province or year, naming the field' },
    handler: async ({ query }) => publicHolidays(query.province, query.year),
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/practice-holidays',
    tag: 'Practices',
    summary:
      "The current practice's province's holidays of a year, each with closed (by default closed on the statutory " +
      'ones) and statutory: {province, year, holidays: [{date, key, name, nameFr, observedFor?, statutory, closed}]}.',
    access: 'signed-in',
    transactional: false,
    query: practiceHolidaysQuery,
    responses: { 400: 'Invalid year' },
    handler: async ({ db, practiceId, query }) => practiceHolidays(db, practiceId, query.year),
  });

  defineRoute(app, deps, registry, {
    method: 'PUT',
    url: '/api/practice-holidays',
    tag: 'Practices',
    summary:
      "Which of the year's holidays the current practice closes on: {year, closed: [dates]}; every other holiday " +
      'of that year is open. Booking on a closed holiday is refused like a closed day. Answers as the GET does.',
    access: 'signed-in',
    permission: 'settings.edit',
    body: practiceHolidaysBody,
    responses: { 200: 'Updated', 400: 'Invalid year or a date that is not a holiday, naming the field' },
    handler: async ({ db, caller, practiceId, body, now }) =>
      setPracticeHolidays(db, caller, { practiceId, year: body.year, closed: body.closed, now }),
  });
}
