import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { DEFAULTS, SECURITY } from '@dental/domain/constants';
import { MESSAGES } from '@dental/domain/messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const PAGE = '/api/docs';
const DOCUMENT = '/api/docs/openapi.json';
const CONTENT_TYPES: Record<string, RegExp> = {
  [PAGE]: /^text\/html/,
  '/api/docs/init.js': /^text\/javascript/,
  '/api/docs/assets/swagger-ui.css': /^text\/css/,
  '/api/docs/assets/swagger-ui-bundle.js': /^(text|application)\/javascript/,
  [DOCUMENT]: /^application\/json/,
};
const DOCS_URLS = Object.keys(CONTENT_TYPES);

const swaggerUiVersion: string = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'), 'utf8'),
).version;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('API reference without a session', () => {
  it.each(DOCS_URLS)('%s is 401 with the message every route gives', async (url) => {
    const notSignedIn = { error: 'Unauthorized', code: 'NOT_SIGNED_IN', message: MESSAGES.notSignedIn };
    expect((await t.request({ url: '/api/auth/me' })).json()).toEqual(notSignedIn);
    for (const cookie of [undefined, 'sid=not-a-session']) {
      const response = await t.request({ url, cookie });
      expect(response.statusCode, `${url} with ${cookie}`).toBe(401);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual(notSignedIn);
    }
  });

  it('is 401 once the session has expired', async () => {
    for (const url of DOCS_URLS) {
      // An expired session is deleted when first seen, so each URL gets a session of its own.
      const cookie = await t.login('staff');
      t.advance(SECURITY.sessionTimeoutMs);
      const response = await t.request({ url, cookie });
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toEqual({
        error: 'Unauthorized',
        code: 'SESSION_EXPIRED',
        message: MESSAGES.sessionExpired,
      });
    }
  });
});

describe('API reference with a session', () => {
  it('serves the page, its script, the two Swagger UI files and the document, until sign-out', async () => {
    const cookie = await t.login('receptionist');
    for (const [url, type] of Object.entries(CONTENT_TYPES)) {
      const response = await t.request({ url, cookie });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(type);
    }
    await t.request({ method: 'POST', url: '/api/auth/logout', cookie });
    for (const url of DOCS_URLS) expect((await t.request({ url, cookie })).statusCode, url).toBe(401);
  });

  it('loads nothing but what it serves, with no inline script or style', async () => {
    const cookie = await t.login('staff');
    const page = (await t.request({ url: PAGE, cookie })).body;
    const loaded = [...page.matchAll(/(?:src|href)="([^"]*)"/g)].map((match) => match[1]);
    expect(loaded.sort()).toEqual(DOCS_URLS.filter((url) => url !== PAGE && url !== DOCUMENT).sort());
    expect(page).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>|<style|\sstyle=|\son[a-z]+=/i);
    // Swagger UI's default validator badge is an image from validator.swagger.io, sent this document's URL.
    expect((await t.request({ url: '/api/docs/init.js', cookie })).body).toMatch(/validatorUrl: null/);
  });

  it.each([
    'index.html',
    'swagger-initializer.js',
    'index.css',
    'package.json',
    'README.md',
    'swagger-ui.js',
    'swagger-ui-bundle.js.map',
    'swagger-ui-bundle.js.LICENSE.txt',
    'swagger-ui-standalone-preset.js',
    'oauth2-redirect.html',
    'favicon-32x32.png',
    '',
  ])('does not serve swagger-ui-dist/%s', async (file) => {
    const url = `/api/docs/assets/${file}`;
    const response = await t.request({ url, cookie: await t.login('staff') });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'Not Found',
      code: 'ROUTE_NOT_FOUND',
      message: `No API route matches GET ${url}.`,
    });
  });
});

describe('API reference discloses no versions', () => {
  function expectNoVersion(response: LightMyRequestResponse, forbidden: string[], what: string): void {
    expect(response.headers, what).not.toHaveProperty('x-powered-by');
    expect(response.headers, what).not.toHaveProperty('server');
    for (const [name, value] of Object.entries(response.headers)) {
      expect(String(value), `${what}: header ${name}`).not.toMatch(/\d+\.\d+\.\d+/);
    }
    // Not toContain: a failure would print the whole bundle.
    for (const version of forbidden) expect(response.body.includes(version), `${what} names ${version}`).toBe(false);
  }

  it('names no Swagger UI or Fastify version in the page, its files, the document or any header', async () => {
    const forbidden = [swaggerUiVersion, t.app.version];
    const cookie = await t.login('staff');
    for (const url of DOCS_URLS) {
      expectNoVersion(await t.request({ url }), forbidden, `${url} signed out`);
      expectNoVersion(await t.request({ url, cookie }), forbidden, url);
    }
    const page = (await t.request({ url: PAGE, cookie })).body;
    expect(page).not.toMatch(/\d+\.\d+\.\d+/);
    expect((await t.request({ url: DOCUMENT, cookie })).json().info.version).toBe(DEFAULTS.appVersion);
  });
});
