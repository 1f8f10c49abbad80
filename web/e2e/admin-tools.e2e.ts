import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newContext } from './browser.ts';
import { signInToShell } from './helpers.ts';

// Issue 21: a user's preferences saved and applied after a reload; the time-zone change preview; the server
// cache cleared with the spec's toast; the CDAnet set-up saved. Screenshots at tablet and laptop sizes.

const SHOTS = resolve(import.meta.dirname, '../../screenshots/issue-21');
const SIZES = { tablet: { width: 1024, height: 768 }, laptop: { width: 1440, height: 900 } } as const;

let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser.close();
});

/** Mantine draws the segment over its radio: the label is what takes the click. */
const segment = (page: Page, label: string) => page.locator('label', { hasText: new RegExp(`^${label}$`) });
const toast = (page: Page, title: string) => page.locator('.mantine-Notification-root', { hasText: title });

describe('/preferences', () => {
  it('saves theme, schedule view and a notification switch, and applies them after a reload', async () => {
    const context = await newContext(browser, SIZES.laptop);
    const page = await context.newPage();
    await signInToShell(page, 'doctor');
    await page.goto('/preferences');
    await page.getByRole('heading', { name: 'Preferences', exact: true }).waitFor();
    await segment(page, 'Dark').click();
    await segment(page, '30 minutes').click();
    await page.getByRole('checkbox', { name: 'Recall due' }).uncheck();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await toast(page, 'Preferences saved').waitFor();
    // Applied at once.
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);

    await page.reload();
    await page.getByRole('heading', { name: 'Preferences', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expect.poll(() => page.getByRole('checkbox', { name: 'Recall due' }).isChecked()).toBe(false);
    const stored = await page.request.get('/api/preferences');
    expect(await stored.json()).toMatchObject({
      theme: 'dark',
      defaultScheduleView: '30min',
      notifications: { recall_due: false },
    });

    // The schedule opens in the default view.
    await page.goto('/scheduling');
    const halfHour = page.locator('[aria-label="Time slot size"] input[value="half-hour"]');
    await expect.poll(() => halfHour.isChecked(), { timeout: 60_000 }).toBe(true);
    await context.close();
  }, 240_000);
});

describe('/timezone-management', () => {
  it('previews what a zone change does before anything changes', async () => {
    const context = await newContext(browser, SIZES.laptop);
    const page = await context.newPage();
    await signInToShell(page, 'admin');
    await page.goto('/timezone-management');
    const card = page.getByTestId('zone-card-1');
    await card.getByRole('heading', { name: 'Toronto Downtown Dental' }).waitFor();
    await card.getByTestId('practice-clock').waitFor();
    await card.getByText('clocks go forward one hour').waitFor();
    await card.getByLabel('New time zone').click();
    await page.getByRole('option', { name: /America\/Vancouver/ }).click();
    await card.getByRole('button', { name: 'Preview change' }).click();
    const preview = card.getByTestId('zone-preview');
    await preview.getByText(/future appointments will show a different local time/).waitFor();
    await preview.getByText(/For example/).waitFor();
    await preview
      .getByText(/on the old clock/)
      .first()
      .waitFor();
    await page.screenshot({ path: resolve(SHOTS, 'timezone-management-preview-laptop-light.png') });
    const zone = await page.request.get('/api/timezone-management');
    const practices = (await zone.json()).practices as { practiceId: number; timezone: string }[];
    expect(practices.find((practice) => practice.practiceId === 1)?.timezone).toBe('America/Toronto');
    await context.close();
  }, 180_000);
});

describe('/cache-management', () => {
  it('shows the server cache and clears it with the spec toast', async () => {
    const context = await newContext(browser, SIZES.laptop);
    const page = await context.newPage();
    await signInToShell(page, 'admin');
    await page.goto('/cache-management');
    await page.getByTestId('server-cache-stats').waitFor();
    await page.getByText('Records saved on this device').waitFor();
    await page.getByRole('button', { name: 'Clear server cache' }).click();
    await toast(page, 'Cache cleared').waitFor();
    await expect.poll(() => page.getByTestId('cache-entries').textContent()).toBe('0');
    await context.close();
  }, 180_000);
});

describe('/cdanet-configuration', () => {
  it('refuses a short office number, then saves the set-up', async () => {
    const context = await newContext(browser, SIZES.laptop);
    const page = await context.newPage();
    await signInToShell(page, 'admin');
    await page.goto('/cdanet-configuration');
    await page.getByText('Sample list', { exact: true }).waitFor();
    const office = page.getByLabel('CDAnet office number');
    await office.fill('42');
    await page.getByRole('button', { name: 'Save CDAnet configuration' }).click();
    await page.getByText('officeNumber must be exactly 4 digits').first().waitFor();
    await office.fill('0421');
    await page.getByLabel('CDA number of Dr. Daniel Chen').fill('123456789');
    await page.getByRole('button', { name: 'Save CDAnet configuration' }).click();
    await toast(page, 'CDAnet configuration saved').waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('CDAnet office number').inputValue()).toBe('0421');
    await context.close();
  }, 180_000);
});

describe('screenshots', () => {
  // One signed-in page per size; each screen is opened afresh in each colour scheme.
  it.each(Object.entries(SIZES).map(([size, viewport]) => ({ size, viewport })))(
    'at $size size, light and dark',
    async ({ size, viewport }) => {
      const context = await browser.newContext({ baseURL: baseURL(), viewport });
      const page = await context.newPage();
      await signInToShell(page, 'admin');
      const screens: [string, string][] = [
        ['/preferences', 'Save preferences'],
        ['/timezone-management', 'Preview change'],
        ['/cache-management', 'Clear server cache'],
        ['/cdanet-configuration', 'Save CDAnet configuration'],
      ];
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const [path, button] of screens) {
          await page.goto(path);
          await page.getByRole('button', { name: button }).first().waitFor();
          await page.waitForTimeout(500);
          await page.screenshot({ path: resolve(SHOTS, `${path.slice(1)}-${size}-${scheme}.png`) });
        }
      }
      await context.close();
    },
    300_000,
  );
});
