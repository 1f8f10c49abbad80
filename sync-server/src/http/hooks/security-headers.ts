import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerSettings } from '../../context.ts';
import { isApiRequest } from '../api-path.ts';

/**
 * Scripts only from this server, never inline. Styles allow 'unsafe-inline' because Mantine writes its
 * theme variables into <style> elements at run time and React renders style attributes (grid positions);
 * a per-response nonce cannot work for a shell the service worker serves offline. data: images cover
 * Mantine's and Swagger UI's inline icons.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Powerful browser features the product does not use; imaging will open the camera when it exists. */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'midi=()',
  'display-capture=()',
  'browsing-topics=()',
].join(', ');

const HSTS = 'max-age=31536000; includeSubDomains';

/** Headers every answer carries, the app's own errors and Fastify's framework errors alike. */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply, settings: ServerSettings): void {
  reply.headers({
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'permissions-policy': PERMISSIONS_POLICY,
    'x-request-id': request.id,
  });
  // Behind the TLS proxy TRUST_PROXY declares, every answer reached the browser over HTTPS.
  if (settings.trustProxy !== false) reply.header('strict-transport-security', HSTS);
  if (isApiRequest(request)) reply.header('cache-control', 'no-store');
}

export function registerSecurityHeaders(app: FastifyInstance, settings: ServerSettings): void {
  app.addHook('onSend', async (request, reply, payload) => {
    applySecurityHeaders(request, reply, settings);
    return payload;
  });
}
