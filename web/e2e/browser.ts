import { type Browser, type BrowserContext, chromium, type LaunchOptions } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../scripts/lib/chromium.mjs';
import { serverURL } from './server.ts';

/** This test file's own server (see setup-server.ts). */
export const baseURL = (): string => serverURL();

/**
 * How long one Playwright action or wait may take unless a call says otherwise. Playwright's own default
 * is 30 s; on a busy 2-core machine a click on a dialog that is still opening, or a list still being
 * decrypted, can take longer without anything being wrong. A real failure still fails within a minute.
 */
export const ACTION_TIMEOUT_MS = 45_000;
/** Page loads include the service worker's precache and, after sign-in, unlocking the device's data. */
export const NAVIGATION_TIMEOUT_MS = 60_000;

export function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    ...options,
  });
}

export async function newContext(
  browser: Browser,
  viewport = { width: 1440, height: 900 },
  options: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport, ...options });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  return context;
}
