import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiRequest } from '../api-path.ts';
import { httpRefusal } from '../error-answers.ts';
import { sendAnswer } from './error-handling.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The SMS provider's webhook posts a form (Twilio's shape); it takes no cookie, so a form there forges nothing. */
const FORM_PATHS = new Set(['/api/public/sms/inbound']);
const FORM_TYPE = 'application/x-www-form-urlencoded';

export const CROSS_SITE_MESSAGE = 'Requests from another site are not accepted.';
export const JSON_ONLY_MESSAGE = 'Send the request body as JSON (Content-Type: application/json).';

/** The origin the browser says the request came from differs from the server it is sent to. */
function fromAnotherSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    // Through URL on both sides, so 'localhost:80' and an Origin without the default port compare equal.
    return new URL(origin).host !== new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    // 'null' (a sandboxed frame, a file) or garbage: not this site.
    return true;
  }
}

function mediaType(request: FastifyRequest): string | undefined {
  const header = request.headers['content-type'];
  return header?.split(';')[0]?.trim().toLowerCase();
}

/**
 * A second wall behind SameSite=Strict cookies: a write that a browser says comes from another site is
 * refused before any route runs. A form on another site can only send text/plain, urlencoded or
 * multipart bodies without a preflight, so a write must carry JSON or no content type at all.
 */
export function registerRequestGuards(app: FastifyInstance): void {
  // Only FORM_PATHS get this far with a form body.
  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !isApiRequest(request)) return;
    if (fromAnotherSite(request)) return sendAnswer(reply, httpRefusal(403, 'CROSS_SITE', CROSS_SITE_MESSAGE));
    const type = mediaType(request);
    if (type === FORM_TYPE && FORM_PATHS.has(request.url.split('?')[0] ?? '')) return;
    if (type !== undefined && type !== 'application/json') {
      return sendAnswer(reply, httpRefusal(415, 'MEDIA_TYPE_UNSUPPORTED', JSON_ONLY_MESSAGE, { field: 'body' }));
    }
  });
}
