import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

function noLeaks(body: string): void {
  expect(body).not.toMatch(/\bat \w+ \(|node_modules|\.ts:\d+|SQLITE|select |insert into/i);
}

describe('bad input', () => {
  it('malformed JSON is 400 with a JSON message', async () => {
    t = await createTestApp();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "doctor", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Bad Request',
      code: 'BODY_NOT_JSON',
      message: 'The request body is not valid JSON.',
      field: 'body',
    });
    noLeaks(response.body);
  });

  it('an empty JSON body is 400', async () => {
    t = await createTestApp();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
  });

  it('a JSON array or a string where an object belongs is 400', async () => {
    t = await createTestApp();
    for (const payload of ['[]', '"text"', 'null']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().field).toBe('body');
    }
  });

  it('a body over the limit is 413', async () => {
    t = await createTestApp({ bodyLimitBytes: 1024 });
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { username: 'x'.repeat(5000), password: 'y' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: 'Payload Too Large' });
  });

  it('an unsupported content type is 415', async () => {
    t = await createTestApp();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe('Unsupported Media Type');
  });

  it('an unknown /api route is a JSON 404', async () => {
    t = await createTestApp();
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['DELETE', '/api/patients'],
      ['GET', '/api/patients/x/y'],
    ] as const) {
      const response = await t.request({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json().error).toBe('Not Found');
    }
  });

  it('API responses are never cached and carry basic security headers', async () => {
    t = await createTestApp();
    const response = await t.request({ url: '/api/auth/me' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After past the limit, per client', async () => {
    t = await createTestApp({ rateLimitMax: 5 });
    for (let i = 0; i < 5; i++) expect((await t.request({ url: '/api/auth/me' })).statusCode).toBe(401);
    const limited = await t.request({ url: '/api/auth/me' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({
      error: 'Too Many Requests',
      message: 'Too many requests. Please wait a moment and try again.',
    });
  });

  it('defaults to 1000 requests per 15 minutes', async () => {
    t = await createTestApp();
    const response = await t.request({ url: '/api/auth/me' });
    expect(response.headers['x-ratelimit-limit']).toBe('1000');
  });
});

describe('API description', () => {
  it('serves an OpenAPI document generated from the route schemas', async () => {
    t = await createTestApp();
    const response = await t.request({ url: '/api/docs/openapi.json', cookie: await t.login('staff') });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/me',
        '/api/patients',
        '/api/patients/{id}',
        '/api/users/{id}/reset-password',
      ]),
    );
    const login = doc.paths['/api/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('username');
    expect(doc.paths['/api/patients'].post.description).toContain('patients.create');
    const params = doc.paths['/api/patients'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['limit', 'status', 'search', 'X-Practice-ID']));
  });

  it('serves a browsable page at /api/docs', async () => {
    t = await createTestApp();
    const cookie = await t.login('staff');
    const page = await t.request({ url: '/api/docs', cookie });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const bundle = await t.request({ url: '/api/docs/assets/swagger-ui-bundle.js', cookie });
    expect(bundle.statusCode).toBe(200);
  });
});
