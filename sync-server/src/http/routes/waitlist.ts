import {
  createWaitlistEntrySchema,
  patchWaitlistEntrySchema,
  waitlistIdParamsSchema,
  waitlistOffersQuerySchema,
} from '@dental/domain/waitlist/entry';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context.ts';
import {
  bookOffer,
  createWaitlistEntry,
  declineOffer,
  editWaitlistEntry,
  listOffers,
  listWaitlist,
  removeWaitlistEntry,
} from '../../services/waitlist.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

/** The waitlist (issue 19): patients waiting for an earlier slot, and the freed slots offered to them. Online only. */
export function registerWaitlistRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/waitlist',
    tag: 'Waitlist',
    summary: 'Patients waiting for an earlier slot, longest waiting first; status offered while an offer is open.',
    access: 'signed-in',
    permission: 'waitlist.view',
    handler: async ({ db, practiceId, now }) => listWaitlist(db, practiceId, now),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/waitlist',
    tag: 'Waitlist',
    summary:
      'Put a patient on the waitlist: patientId and procedure required; providerId (any when left out), weekdays ' +
      '(0 Sunday to 6 Saturday; any when empty), partOfDay (morning, afternoon, evening or any), duration (30 to ' +
      '120 in 30-minute steps, default 30), notes, priority (high, medium or low; default medium).',
    access: 'signed-in',
    permission: 'waitlist.create',
    body: createWaitlistEntrySchema,
    status: 201,
    responses: { 201: 'Created (the entry, status waiting)' },
    handler: async ({ db, caller, practiceId, body, now }) =>
      createWaitlistEntry(db, { practiceId, userId: caller.account.row.id, now }, body),
  });

  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/waitlist/offers',
    tag: 'Waitlist',
    summary:
      'Open offers of freed slots (not expired, slot not begun), by start time; of one practice day when date is given.',
    access: 'signed-in',
    permission: 'waitlist.view',
    query: waitlistOffersQuerySchema,
    handler: async ({ db, practiceId, query, now }) => listOffers(db, practiceId, query, now),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/waitlist/offers/:id/book',
    tag: 'Waitlist',
    summary:
      'Book the offered slot for the entry’s patient through the same booking as POST /api/appointments (needs ' +
      'appointments.create too); the entry leaves the waiting list and its other offers close. A slot taken ' +
      'meanwhile is 409 with the conflicts.',
    access: 'signed-in',
    permission: 'waitlist.edit',
    params: waitlistIdParamsSchema,
    status: 201,
    responses: {
      201: 'Booked ({ offer, appointment })',
      404: 'No such offer in this practice',
      409: 'Scheduling conflict ({ conflicts }), or the offer is no longer open',
    },
    handler: async ({ db, caller, practiceId, params, now }) =>
      bookOffer(db, caller, { practiceId, userId: caller.account.row.id, now }, params.id),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/waitlist/offers/:id/decline',
    tag: 'Waitlist',
    summary: 'The patient does not take the offered slot: the offer closes and the entry keeps waiting.',
    access: 'signed-in',
    permission: 'waitlist.edit',
    params: waitlistIdParamsSchema,
    responses: { 404: 'No such offer in this practice', 409: 'The offer is no longer open' },
    handler: async ({ db, caller, practiceId, params, now }) =>
      declineOffer(db, { practiceId, userId: caller.account.row.id, now }, params.id),
  });

  defineRoute(app, deps, registry, {
    method: 'PATCH',
    url: '/api/waitlist/:id',
    tag: 'Waitlist',
    summary: 'Change an entry’s preferences, or its status between waiting and removed.',
    access: 'signed-in',
    permission: 'waitlist.edit',
    params: waitlistIdParamsSchema,
    body: patchWaitlistEntrySchema,
    responses: { 404: 'No such entry in this practice' },
    handler: async ({ db, caller, practiceId, params, body, now }) =>
      editWaitlistEntry(db, { practiceId, userId: caller.account.row.id, now }, params.id, body),
  });

  defineRoute(app, deps, registry, {
    method: 'DELETE',
    url: '/api/waitlist/:id',
    tag: 'Waitlist',
    summary: 'Take an entry off the waitlist; its open offers close.',
    access: 'signed-in',
    permission: 'waitlist.delete',
    params: waitlistIdParamsSchema,
    responses: { 200: 'Removed ({ id, deleted: true })', 404: 'No such entry in this practice' },
    handler: async ({ db, caller, practiceId, params, now }) =>
      removeWaitlistEntry(db, { practiceId, userId: caller.account.row.id, now }, params.id),
  });
}
