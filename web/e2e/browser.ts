import { type Browser, type BrowserContext, chromium, type LaunchOptions } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS } from '../../scripts/lib/chromium.mjs';

export const baseURL = (): string => inject('baseURL');

export function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    ...options,
  });
}

export function newContext(
  browser: Browser,
  viewport = { width: 1440, height: 900 },
  options: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseURL(), viewport, ...options });
}
