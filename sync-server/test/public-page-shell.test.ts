import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const TOKEN = 'AbCdEfGhIjKlMnOpQrSt_-';

async function withWeb(): Promise<TestApp> {
  const dist = mkdtempSync(join(inject('serverTestRoot'), 'web-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Staff shell</title>');
  writeFileSync(join(dist, 'public-page.html'), '<!doctype html><title>Patient page</title>');
  return createTestApp({ webDistDir: dist });
}

describe("a patient's link", () => {
  it.each([`/form/${TOKEN}`, `/patient-review/${TOKEN}`, `/confirm-appointment/${TOKEN}`, `/schedule/${TOKEN}?x=1`])(
    'GET %s loads the patients’ page, not the staff shell',
    async (url) => {
      t = await withWeb();
      const response = await t.request({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('Patient page');
      expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    },
  );

  it.each(['/', '/patients/12', '/scheduling', '/forms', '/schedule'])(
    'GET %s still loads the staff shell',
    async (url) => {
      t = await withWeb();
      const response = await t.request({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Staff shell');
    },
  );

  it('API paths and writes stay JSON 404s', async () => {
    t = await withWeb();
    const api = await t.request({ url: `/api/public/nothing/${TOKEN}` });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: expect.any(String) });
    const post = await t.request({ method: 'POST', url: `/form/${TOKEN}`, body: {} });
    expect(post.statusCode).toBe(404);
    expect(post.body).not.toContain('Patient page');
  });
});
