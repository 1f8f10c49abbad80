import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { answerWith } from '../answer.ts';
import { defineRoute } from '../define-route.ts';
import { buildOpenApi } from '../openapi.ts';
import type { RouteRegistry } from '../route-registry.ts';

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
  const serve = (url: string, type: string, body: () => unknown) =>
    defineRoute(app, deps, registry, {
      method: 'GET',
      url,
      summary: 'API reference',
      tag: 'Docs',
      access: 'signed-in',
      practiceScoped: false,
      // The reference does not describe itself.
      documented: false,
      handler: async () => answerWith(body(), { headers: { 'content-type': type } }),
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
