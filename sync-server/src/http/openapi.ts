import { DEFAULTS } from '@dental/domain/constants';
import { HEADER_NAMES, IDEMPOTENCY_KEY_PATTERN } from '@dental/domain/sync/protocol';
import type * as v from 'valibot';
import { SchemaComponents } from './openapi-schemas.ts';
import type { RouteRegistry } from './route-registry.ts';

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
  400: 'Invalid input: { error, code, message, field, issues }',
  401: 'Not signed in, or the session expired',
  403: 'Missing permission ({ requiredPermission }), practice not accessible, or password reset required',
  429: 'Rate limit reached; see Retry-After',
};

const practiceParameter = {
  name: HEADER_NAMES.practice,
  in: 'header',
  required: false,
  schema: { type: 'integer', minimum: 1 },
};

const idempotencyKeyParameter = {
  name: HEADER_NAMES.idempotencyKey,
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
  for (const route of registry.routes.filter((entry) => entry.documented)) {
    const signedIn = route.access === 'signed-in';
    const practiceScoped = signedIn && route.practiceScoped;
    const permission = signedIn ? route.permission : undefined;
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const operation = operationName(route.method, route.url);
    const responses: Record<string, { description: string }> = {};
    const codes = {
      200: 'OK',
      ...(signedIn ? commonResponses : { 400: commonResponses[400] }),
      ...route.responses,
    };
    for (const [code, description] of Object.entries(codes)) responses[code] = { description };
    const descriptionParts = [
      permission ? `Requires permission \`${permission}\`.` : '',
      practiceScoped ? `Scoped to the practice in ${HEADER_NAMES.practice}, else the session’s current practice.` : '',
    ].filter(Boolean);
    const parameters = [
      ...parametersOf(components, route.params, 'path', `${operation}Params`),
      ...parametersOf(components, route.query, 'query', `${operation}Query`),
      ...(practiceScoped ? [practiceParameter] : []),
      ...(signedIn && route.method !== 'GET' ? [idempotencyKeyParameter] : []),
    ];
    paths[path] ??= {};
    (paths[path] as Record<string, unknown>)[route.method.toLowerCase()] = {
      tags: [route.tag],
      summary: route.summary,
      description: descriptionParts.join(' ') || undefined,
      security: signedIn ? [{ session: [] }] : [],
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
