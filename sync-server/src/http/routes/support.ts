import { createTicketSchema } from '@dental/domain/support/ticket';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { createTicket, listTickets } from '../../services/support-tickets.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

/** Support requests (spec 7): any signed-in user may ask for help, and sees only their own tickets. */
export function registerSupportRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  defineRoute(app, deps, registry, {
    method: 'GET',
    url: '/api/support/tickets',
    tag: 'Support',
    summary: 'Your support tickets in the current practice, newest first.',
    access: 'signed-in',
    handler: async ({ db, caller, practiceId }) => listTickets(db, practiceId, caller.account.row.id),
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/support/tickets',
    tag: 'Support',
    summary:
      'Open a support ticket: subject and description required; category technical, feature, billing or training ' +
      '(default technical); priority low, medium (spec 3’s normal), high or urgent (default medium).',
    access: 'signed-in',
    body: createTicketSchema,
    status: 201,
    responses: { 201: 'Created (the ticket, status open)' },
    handler: async ({ db, caller, practiceId, body, now }) =>
      createTicket(db, { practiceId, userId: caller.account.row.id, now }, body),
  });
}
