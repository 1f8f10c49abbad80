import { timingSafeEqual } from 'node:crypto';
import { inboundSmsSchema } from '@dental/domain/communications/message-log.schema';
import { DomainError } from '@dental/domain/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { receiveSms } from '../../services/inbound-sms.ts';
import { answerWith } from '../answer.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

export const SMS_WEBHOOK_PATH = '/api/public/sms/inbound';

/** What the provider sent: the header, else `?secret=` (providers that cannot set headers). */
function givenSecret(request: FastifyRequest): string {
  const header = request.headers['x-webhook-secret'];
  if (typeof header === 'string') return header;
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.secret === 'string' ? query.secret : '';
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The SMS provider's inbound webhook: Twilio's form (From, Body) or JSON {from, body}. The request guards let
 * form bodies through on this path only (see request-guards.ts); the secret, when set, is checked first.
 */
export function registerSmsWebhookRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  const secret = deps.settings.smsWebhookSecret;
  app.addHook('preValidation', async (request) => {
    if (secret === null || request.routeOptions.url !== SMS_WEBHOOK_PATH) return;
    if (!sameSecret(givenSecret(request), secret)) {
      throw new DomainError('NOT_SIGNED_IN', 'The webhook secret is missing or wrong.');
    }
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: SMS_WEBHOOK_PATH,
    tag: 'Communications',
    summary:
      'An SMS a patient sent (the provider’s webhook; X-Webhook-Secret or ?secret= when SMS_WEBHOOK_SECRET is ' +
      'set). A reply C or OUI to an open confirmation request confirms the appointment. Answers empty TwiML ' +
      'to the provider’s form fields (From, Body), JSON to {from, body}.',
    access: 'public',
    // The reply's work runs in the practice of its sender, found first.
    transactional: false,
    body: inboundSmsSchema,
    responses: { 401: 'The webhook secret is missing or wrong' },
    handler: async ({ db, body, now }) => {
      const stored = await receiveSms(db, { from: body.from, body: body.body }, now);
      if (!body.form) return { id: stored.id, action: stored.action };
      return answerWith('<?xml version="1.0" encoding="UTF-8"?><Response/>', {
        headers: { 'content-type': 'text/xml; charset=utf-8' },
      });
    },
  });
}
