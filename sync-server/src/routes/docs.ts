import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { DEFAULTS } from '@dental/domain/constants';
import { IDEMPOTENCY_KEY_PATTERN } from '@dental/domain/sync/protocol';
import fastifyStatic from '@fastify/static';
import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifyInstance } from 'fastify';
import type * as v from 'valibot';
import type { RouteRegistry } from '../plugins/route.ts';

type JsonSchema = ReturnType<typeof toJsonSchema>;

function schemaOf(schema: v.GenericSchema): JsonSchema {
  // Transforms and custom checks have no JSON Schema form; the validator still enforces them.
  return toJsonSchema(schema, { errorMode: 'ignore' });
}

function parametersOf(schema: v.GenericSchema | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = schemaOf(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
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
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of registry.docs) {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
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
      ...parametersOf(route.params, 'path'),
      ...parametersOf(route.query, 'query'),
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
        ? { required: true, content: { 'application/json': { schema: schemaOf(route.body) } } }
        : undefined,
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Dental practice sync server', version: DEFAULTS.appVersion },
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
    paths,
  };
}

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>API reference</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<div id="docs"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>`;

const INIT_SCRIPT = `window.ui = SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#docs', deepLinking: true });`;

export async function registerDocsRoutes(app: FastifyInstance, registry: RouteRegistry): Promise<void> {
  const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  await app.register(fastifyStatic, {
    root: swaggerUiDir,
    prefix: '/api/docs/assets/',
    decorateReply: false,
    index: false,
  });
  let document: ReturnType<typeof buildOpenApi> | undefined;
  app.get('/api/docs/openapi.json', async () => {
    document ??= buildOpenApi(registry);
    return document;
  });
  app.get('/api/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(DOCS_PAGE));
  app.get('/api/docs/init.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(INIT_SCRIPT),
  );
}
