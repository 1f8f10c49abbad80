import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileApp } from './helpers/test-app.ts';

/** swagger-parser's own OpenAPI type, which it does not export by name. */
type ParserDocument = NonNullable<Parameters<SwaggerParser.ApiCallback>[1]>;

const t = fileApp();
let document: OpenAPI3;
beforeAll(async () => {
  const response = await t.request({ url: '/api/docs/openapi.json', cookie: await t.login('staff') });
  expect(response.statusCode).toBe(200);
  document = response.json();
});

/** Every occurrence of a keyword, with where it sits, so a failure names the route that carries it. */
function keywordsIn(value: unknown, keyword: string, at = '#'): { at: string; value: unknown }[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => keywordsIn(item, keyword, `${at}/${index}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) =>
    key === keyword ? [{ at, value: child }] : keywordsIn(child, keyword, `${at}/${key}`),
  );
}

describe('OpenAPI document', () => {
  it('passes swagger-parser validation', async () => {
    // validate() dereferences its argument in place.
    await expect(SwaggerParser.validate(structuredClone(document) as ParserDocument)).resolves.toBeTruthy();
  });

  it('generates TypeScript types with openapi-typescript', async () => {
    const source = astToString(await openapiTS(structuredClone(document), { silent: true }));
    for (const path of [
      '/api/auth/login',
      '/api/patients',
      '/api/patients/{id}',
      '/api/practice-hours-unified/{practiceId}',
      '/api/sync/push',
    ]) {
      expect(source).toContain(`"${path}": {`);
    }
  });

  it('points every $ref at a shared schema in components', () => {
    const schemas = document.components?.schemas ?? {};
    for (const { at, value: ref } of keywordsIn(document, '$ref')) {
      expect(ref, at).toMatch(/^#\/components\/schemas\/[\w.-]+$/);
      expect(Object.keys(schemas), `${at} → ${ref}`).toContain(String(ref).slice('#/components/schemas/'.length));
    }
  });

  it('leaves the JSON Schema dialect to the document (OpenAPI 3.1 means 2020-12)', () => {
    for (const keyword of ['$schema', '$defs', 'definitions']) {
      expect(
        keywordsIn(document, keyword).map(({ at }) => at),
        keyword,
      ).toEqual([]);
    }
  });
});
