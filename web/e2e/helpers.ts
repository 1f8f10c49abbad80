import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

export const DEMO_PASSWORD = 'demo1234';

/** The demo's practice 1 (Toronto) keeps its clock here. */
export const PRACTICE_TIME_ZONE = 'America/Toronto';

/** Fills in and sends the sign-in form already on screen. */
export async function submitSignIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await submitSignIn(page, username, password);
}

export async function signInToShell(page: Page, username: string): Promise<void> {
  await signIn(page, username);
  // Generous: on two cores, several browsers may be pulling and decrypting thousands of records at once.
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor({ timeout: 45_000 });
}

/** Online sign-in, local data pulled, and the service worker in control so reloads work offline. */
export async function readyForOffline(context: BrowserContext, username: string): Promise<Page> {
  const page = await context.newPage();
  await signInToShell(page, username);
  await page.goto('/patients');
  await page.getByTestId('patient-row').first().waitFor({ timeout: 60_000 });
  await untilFilled(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  return page;
}

/**
 * Until the device holds the whole practice: the footer's "Preparing 45%" is gone. Days other than
 * today arrive last, and a device taken offline before that shows them as still preparing.
 */
export async function untilFilled(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('fill-badge').count(), { timeout: 60_000 }).toBe(0);
}

/** Signs in from the sign-in page while the server cannot be reached: the password opens the device's data. */
export async function signInOffline(page: Page, username: string): Promise<void> {
  await submitSignIn(page, username);
  await page.getByText('Signed in offline').waitFor({ timeout: 20_000 });
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor({ timeout: 15_000 });
}

/** The sidebar as a flat list, so every link the user may open is on screen at once. */
export async function sidebarLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const flat = nav.getByRole('button', { name: 'Show as a flat list' });
  if (await flat.count()) await flat.click();
  await nav.getByRole('link').first().waitFor();
  return nav.getByRole('link').allTextContents();
}

/** Sync Now from the offline panel: pushes the queue and pulls what other devices and tests changed. */
export async function syncNow(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Connection: .* Offline data$/ }).click();
  const panel = page.getByRole('dialog', { name: 'Offline data' });
  const button = panel.getByRole('button', { name: 'Sync Now' });
  await button.click();
  await expect.poll(async () => button.getAttribute('data-loading'), { timeout: 30_000 }).toBeNull();
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
}
