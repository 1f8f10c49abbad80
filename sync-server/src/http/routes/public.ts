import {
  confirmSchema,
  formSubmissionSchema,
  reviewSchema,
  scheduleBookingSchema,
  scheduleQuerySchema,
} from '@dental/domain/public/public-api';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../context.ts';
import { formsPage, submitForms } from '../../services/public-forms.ts';
import { answerConfirmation, confirmPage, reviewPage, submitReview } from '../../services/public-responses.ts';
import { bookFromInvitation, schedulePage, scheduleSlots } from '../../services/public-schedule.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

/** Any text: a token of the wrong shape is as unknown as one never issued (404), never a 400 that tells them apart. */
const tokenParams = v.object({ token: v.string() });

const LINK_ANSWERS = {
  404: 'Unknown link, or a link for another page',
  410: 'The link has expired or was already used',
  429: 'Too many requests from this address (Retry-After)',
};

/**
 * The patients' pages (issue 20): no session, the token in the path is the only key. Each answer holds
 * what its page shows and nothing more. Rate limited per address (see hooks/rate-limit.ts). Each handler
 * runs its work in the token's practice (services/public-pages.ts onToken), not in the route's transaction.
 */
export function registerPublicRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  const common = { tag: 'Public pages', transactional: false } as const;

  defineRoute(app, deps, registry, {
    ...common,
    access: 'public',
    method: 'GET',
    url: '/api/public/forms/:token',
    summary:
      'The forms sent to the patient, in their language, with the answers they saved earlier ' +
      '({practice, patientFirstName, language, expiresAt, forms, saved}).',
    params: tokenParams,
    responses: LINK_ANSWERS,
    handler: async ({ db, params, now }) => formsPage(db, { token: params.token, now }),
  });

  defineRoute(app, deps, registry, {
    ...common,
    access: 'public',
    method: 'POST',
    url: '/api/public/forms/:token',
    summary:
      'Save partial answers (draft: true; the link stays open) or submit the forms: every required field ' +
      'answered (400 naming answers.<formId>.<field>), the signature when a form asks for one. A submission ' +
      'waits for staff review and uses the link ({status}).',
    params: tokenParams,
    body: formSubmissionSchema,
    responses: { ...LINK_ANSWERS, 200: 'Saved ({status: draft}) or submitted ({status: submitted})' },
    handler: async ({ db, params, body, now }) => submitForms(db, { token: params.token, now, body }),
  });

  defineRoute(app, deps, registry, {
    ...common,
    access: 'public',
    method: 'GET',
    url: '/api/public/review/:token',
    summary: 'The visit the patient is asked to review ({practice, patientFirstName, language, expiresAt, visit}).',
    params: tokenParams,
    responses: LINK_ANSWERS,
    handler: async ({ db, params, now }) => reviewPage(db, { token: params.token, now }),
  });

  defineRoute(app, deps, registry, {
    ...common,
    access: 'public',
    method: 'POST',
    url: '/api/public/review/:token',
    summary:
      'The patient’s rating (1 to 5) and comment: the survey’s result; a rating of 2 or less notifies the ' +
      'practice manager. Uses the link.',
    params: tokenParams,
    body: reviewSchema,
    responses: { ...LINK_ANSWERS, 200: 'Recorded ({status: completed})' },
    handler: async ({ db, params, body, now }) => submitReview(db, { token: params.token, now, body }),
  });

  defineRoute(app, deps, registry, {
    ...common,
    access: 'public',
    method: 'GET',
    url: '/api/public/confirm/:token',
    summary:
      'The appointment to confirm: date and time on the practice’s clock, provider, procedure. 410 once it is ' +
      'cancelled or past.',
    params: tokenParams,
    responses: LINK_ANSWERS,
    handler: async ({ db, params, now }) => confirmPage(db, { token: params.token, now }),
  });

  defineRoute(app, deps, registry, {
    ...common,
    access: 'public',
    method: 'POST',
    url: '/api/public/confirm/:token',
    summary:
      'confirm: the appointment becomes confirmed. reschedule: the patient joins the waitlist for the same ' +
      'provider, procedure and length, and staff who edit appointments are told. Uses the link.',
    params: tokenParams,
    body: confirmSchema,
    responses: { ...LINK_ANSWERS, 200: '{status: confirmed | reschedule-requested}' },
    handler: async ({ db, params, body, now }) =>
      answerConfirmation(db, { token: params.token, now, response: body.response }),
  });

  defineRoute(app, deps, registry, {
    ...common,
    access: 'public',
    method: 'GET',
    url: '/api/public/schedule/:token',
    summary:
      'Without date: what the invitation is for ({procedure, duration, from, to}). With date=YYYY-MM-DD: the ' +
      'free times of that day by the staff’s availability rule ({slots: [{date, time, providerId, provider}]}).',
    params: tokenParams,
    query: scheduleQuerySchema,
    responses: { ...LINK_ANSWERS, 400: 'A date that is not one or outside from..to' },
    handler: async ({ db, params, query, now }) =>
      query.date === undefined
        ? schedulePage(db, { token: params.token, now })
        : scheduleSlots(db, { token: params.token, now, date: query.date }),
  });

  defineRoute(app, deps, registry, {
    ...common,
    access: 'public',
    method: 'POST',
    url: '/api/public/schedule/:token',
    summary:
      'Book a free time through the staff’s booking rules, marked as booked online; uses the link. A time taken ' +
      'meanwhile is 409 with the day’s fresh slots, and the link still works.',
    params: tokenParams,
    body: scheduleBookingSchema,
    status: 201,
    responses: {
      ...LINK_ANSWERS,
      201: 'Booked ({appointment: {date, time, provider, procedure}})',
      409: 'The time is no longer free ({code: SCHEDULING_CONFLICT, message, slots})',
    },
    handler: async ({ db, params, body, now }) => bookFromInvitation(db, { token: params.token, now, body }),
  });
}
