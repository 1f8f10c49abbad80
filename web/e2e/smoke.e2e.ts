import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.ts';
import { signInToShell } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('served app', () => {
  it('serves the web app and, to a signed-in user, the API reference from one process', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const signedOut = await page.request.get('/api/docs');
    expect(signedOut.status()).toBe(401);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await signInToShell(page, 'staff');
    await page.goto('/api/docs');
    await expect(page.getByText('/api/auth/login').first().waitFor()).resolves.toBeUndefined();
    await context.close();
  });
});
