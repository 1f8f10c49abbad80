import { type Browser, type BrowserContext, chromium, type LaunchOptions } from 'playwright-core';
import { inject } from 'vitest';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const baseURL = (): string => inject('baseURL');

export function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
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
