import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DEFAULTS } from '@dental/domain/constants';
import { IDEMPOTENCY_KEY_PATTERN } from '@dental/domain/sync/protocol';
import type { FastifyInstance } from 'fastify';
import type * as v from 'valibot';
import type { AppDeps } from '../context.ts';
import { defineRoute, RouteRegistry } from '../plugins/route.ts';
import { SchemaComponents } from './openapi-schemas.ts';

function parametersOf(
  components: SchemaComponents,
  schema: v.GenericSchema | undefined,
  where: 'path' | 'query',
  name: string,
) {
  if (!schema) return [];
  const json = components.convert(schema, name);
  return Object.entries(json.properties ?? {}).map(([parameter, property]) => ({
    name: parameter,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(parameter),
    schema: property,
  }));
}

/** PUT /api/practice-hours-unified/:practiceId → PutPracticeHoursUnifiedPracticeId, to name its shared schemas. */
function operationName(method: string, url: string): string {
  return [method.toLowerCase(), ...url.replace(/^\/api\//, '').split(/[^A-Za-z0-9]+/)]
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

const commonResponses = {
  400: 'Invalid input: { error, message, field, issues }',
  401: 'Not signed in, or the session expired',
  403: 'Missing permission ({ requiredPermission }), practice not accessible, or password reset required',
  429: 'Rate limit reached; see Retry-After',
};

const idempotencyKeyParameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: the first final answer is stored for 7 days and replayed (with Idempotent-Replayed: true) ' +
    'for the same user, practice and key; the same key for another method or path is 422.',
  schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
};

/** The OpenAPI description is generated from the same valibot schemas the routes validate with. */
export function buildOpenApi(registry: RouteRegistry) {
  const components = new SchemaComponents();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of registry.docs) {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const operation = operationName(route.method, route.url);
    const responses: Record<string, { description: string }> = {};
    const codes = {
      200: 'OK',
      ...(route.access === 'signed-in' ? commonResponses : { 400: commonResponses[400] }),
      ...route.responses,
    };
    for (const [code, description] of Object.entries(codes)) responses[code] = { description };
    const descriptionParts = [
      route.permission ? `Requires permission \`${route.permission}\`.` : '',
      route.practiceScoped ? 'Scoped to the practice in X-Practice-ID, else the session’s current practice.' : '',
    ].filter(Boolean);
    const parameters = [
      ...parametersOf(components, route.params, 'path', `${operation}Params`),
      ...parametersOf(components, route.query, 'query', `${operation}Query`),
      ...(route.practiceScoped
        ? [{ name: 'X-Practice-ID', in: 'header', required: false, schema: { type: 'integer', minimum: 1 } }]
        : []),
      ...(route.access === 'signed-in' && route.method !== 'GET' ? [idempotencyKeyParameter] : []),
    ];
    paths[path] ??= {};
    (paths[path] as Record<string, unknown>)[route.method.toLowerCase()] = {
      tags: [route.tag],
      summary: route.summary,
      description: descriptionParts.join(' ') || undefined,
      security: route.access === 'signed-in' ? [{ session: [] }] : [],
      parameters,
      requestBody: route.body
        ? {
            required: true,
            content: { 'application/json': { schema: components.convert(route.body, `${operation}Body`) } },
          }
        : undefined,
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Dental practice sync server', version: DEFAULTS.appVersion },
    components: {
      schemas: components.definitions,
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } },
    },
    paths,
  };
}

const ASSETS = '/api/docs/assets';

// No inline script or style, so the page itself needs no Content-Security-Policy exception
// (Swagger UI's stylesheet does: its icons are data: images, so img-src must allow data:).
const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>API reference</title>
<link rel="stylesheet" href="${ASSETS}/swagger-ui.css">
</head>
<body>
<div id="docs"></div>
<script src="${ASSETS}/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>`;

// validatorUrl null: otherwise Swagger UI loads a badge from validator.swagger.io, sending it this document's URL.
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#docs', deepLinking: true, validatorUrl: null });`;

interface Asset {
  url: string;
  type: string;
  body: Buffer;
}

/** Swagger UI records its version, commit and build time in window.versions; the docs disclose no library version. */
function withoutBuildInfo(bundle: string): string {
  return bundle.replace(/\b(PACKAGE_VERSION|GIT_COMMIT|BUILD_TIME):"[^"]*"/g, '$1:""');
}

async function loadSwaggerUi(): Promise<Asset[]> {
  const dir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const [css, bundle] = await Promise.all([
    readFile(join(dir, 'swagger-ui.css')),
    readFile(join(dir, 'swagger-ui-bundle.js'), 'utf8'),
  ]);
  return [
    { url: `${ASSETS}/swagger-ui.css`, type: 'text/css; charset=utf-8', body: css },
    {
      url: `${ASSETS}/swagger-ui-bundle.js`,
      type: 'text/javascript; charset=utf-8',
      body: Buffer.from(withoutBuildInfo(bundle)),
    },
  ];
}

// Read once per process: every app a test run builds serves the same two files.
let swaggerUi: Promise<Asset[]> | undefined;

/**
 * The API reference: the page, its script, the two Swagger UI files it loads and the document, each for a
 * signed-in user like any other API call. Nothing else of swagger-ui-dist is served.
 */
export async function registerDocsRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): Promise<void> {
  swaggerUi ??= loadSwaggerUi();
  const assets = await swaggerUi;
  // The reference does not describe itself.
  const docsRoutes = new RouteRegistry();
  const serve = (url: string, type: string, body: () => unknown) =>
    defineRoute(app, deps, docsRoutes, {
      method: 'GET',
      url,
      summary: 'API reference',
      tag: 'Docs',
      access: 'signed-in',
      practiceScoped: false,
      handler: async ({ reply }) => reply.type(type).send(body()),
    });

  serve('/api/docs', 'text/html; charset=utf-8', () => DOCS_PAGE);
  serve('/api/docs/init.js', 'text/javascript; charset=utf-8', () => INIT_SCRIPT);
  for (const asset of assets) serve(asset.url, asset.type, () => asset.body);
  let document: ReturnType<typeof buildOpenApi> | undefined;
  serve('/api/docs/openapi.json', 'application/json; charset=utf-8', () => {
    document ??= buildOpenApi(registry);
    return document;
  });
}
