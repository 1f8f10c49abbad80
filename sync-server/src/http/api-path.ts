import type { FastifyRequest } from 'fastify';

function decodedPath(url: string): string {
  const path = url.split('?')[0] ?? url;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Whether a request is for the API, judged on the path as the router matches it: '/%61pi/patients'
 * is routed as '/api/patients', so every protection that asks "is this the API?" must see it as such.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const routed = request.routeOptions.url;
  const path = routed ?? decodedPath(request.url);
  return path === '/api' || path.startsWith('/api/');
}

/** The routed path without its query, for logs and comparisons: never the raw, client-spelled one. */
export function routedPath(request: FastifyRequest): string {
  return request.routeOptions.url ?? decodedPath(request.url);
}
