import { answerTicketSchema, createTicketSchema } from '@dental/domain/support/ticket';
import { uuid } from '@dental/domain/validation/fields';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../context.ts';
import { viewerOf } from '../../services/caller.ts';
import { answerTicket, createTicket, listTickets, TICKET_ADMIN_PERMISSION } from '../../services/support-tickets.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

/**
 * Support requests (spec 7): any signed-in user may ask for help and sees their own tickets; an
 * administrator sees and answers every ticket of the practice the request acts in.
 */
export function registerSupportRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/support/tickets',
    tag: 'Support',
    summary: 'Your support tickets in the current practice, newest first; for an administrator, all of them.',
    access: 'signed-in',
    handler: async ({ db, caller, practiceId }) =>
      listTickets(db, practiceId, { ...viewerOf(caller), id: caller.account.row.id }),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/support/tickets',
    tag: 'Support',
    summary:
      'Open a support ticket: subject and description required; category technical, feature, billing or training ' +
      '(default technical); priority low, normal, high or urgent (default normal); email defaults to yours.',
    access: 'signed-in',
    body: createTicketSchema,
    status: 201,
    responses: { 201: 'Created (the ticket, status open)' },
    handler: async ({ db, caller, practiceId, body, now }) =>
      createTicket(db, { practiceId, userId: caller.account.row.id, email: caller.account.row.email, now }, body),
  });

  defineRoute(app, deps, registry, {
    method: 'PATCH',
    url: '/api/support/tickets/:id',
    tag: 'Support',
    summary: "An administrator's answer to a ticket: a status (open, in-progress, resolved, closed), a reply, or both.",
    access: 'signed-in',
    permission: TICKET_ADMIN_PERMISSION,
    params: v.object({ id: uuid('id') }),
    body: answerTicketSchema,
    responses: { 404: 'No such ticket in this practice' },
    handler: async ({ db, caller, practiceId, params, body, now }) =>
      answerTicket(db, { practiceId, userId: caller.account.row.id, now }, params.id, body),
  });
}
