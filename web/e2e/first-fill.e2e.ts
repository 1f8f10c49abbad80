import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { HEADERS } from '@dental/domain/sync/protocol';
import { daysBetween } from '@dental/domain/time/calendar';
import { type Browser, type BrowserContext, type CDPSession, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newContext } from './browser.ts';
import { DEMO_PASSWORD, openDayAhead, practiceDay, submitSignIn } from './helpers.ts';

const SHOTS = resolve(import.meta.dirname, '../../screenshots');
const TABLET = { width: 1024, height: 768 };

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** A slow clinic connection, set through the DevTools protocol once the sign-in page has loaded. */
async function slowNetwork(context: BrowserContext, page: Page): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 300,
    downloadThroughput: 150 * 1024,
    uploadThroughput: 150 * 1024,
  });
  return cdp;
}

async function fastNetwork(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}

/**
 * Records, from now on, any moment the grid shows rooms without a single card: the empty day a
 * person would read as "nothing booked". Only meaningful for a day that has appointments.
 */
async function watchForEmptyGrid(page: Page): Promise<void> {
  await page.evaluate(() => {
    const check = () => {
      const rooms = document.querySelectorAll('[data-testid="room-column"]').length;
      const cards = document.querySelectorAll('[data-appointment-id]').length;
      if (rooms > 0 && cards === 0) (window as unknown as { emptyGridSeen: boolean }).emptyGridSeen = true;
    };
    (window as unknown as { emptyGridSeen: boolean }).emptyGridSeen = false;
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true });
    check();
  });
}

const emptyGridSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { emptyGridSeen: boolean }).emptyGridSeen);

/** Figures of the progress on screen: "1,234 of 5,245 records received". */
async function progressFigures(page: Page): Promise<{ received: number; total: number }> {
  const text = (await page.getByRole('status').filter({ hasText: 'records received' }).first().textContent()) ?? '';
  const match = /([\d,]+) of ([\d,]+) records received/.exec(text);
  expect(match, text).not.toBeNull();
  const number = (value: string | undefined) => Number((value ?? '').replaceAll(',', ''));
  return { received: number(match?.[1]), total: number(match?.[2]) };
}

describe('a new device fills honestly', () => {
  it('shows "Preparing this device" with records received per table until a day and the patients are there, never an empty day', async () => {
    const context = await newContext(browser, TABLET);
    const page = await context.newPage();
    await page.goto('/scheduling');
    const cdp = await slowNetwork(context, page);
    await submitSignIn(page, 'receptionist', DEMO_PASSWORD);
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor({ timeout: 60_000 });
    // A closed day (a Sunday, a statutory holiday) is rightly drawn without cards: go to the next open one.
    const days = daysBetween(practiceDay(), openDayAhead(1));
    for (let step = 0; step < days; step += 1) {
      await page.getByRole('button', { name: 'Next day' }).click();
    }
    await watchForEmptyGrid(page);

    const preparing = page.getByRole('status').filter({ hasText: 'Preparing this device' });
    await preparing.waitFor({ timeout: 30_000 });
    await expect.poll(async () => (await progressFigures(page)).total, { timeout: 30_000 }).toBeGreaterThan(1000);
    const tables = page.getByTestId('fill-tables').first();
    await expect.poll(() => tables.locator('tr').count(), { timeout: 30_000 }).toBeGreaterThan(3);
    await expect(tables.locator('tr[data-table="appointments"]').textContent()).resolves.toMatch(
      /^Appointments[\d,]+ of [\d,]+$/,
    );
    await page.screenshot({ path: resolve(SHOTS, 'first-fill-schedule-preparing-tablet.png') });

    // The offline panel shows the same figures.
    await page.getByRole('button', { name: /^Connection: .* Offline data$/ }).click();
    const panel = page.getByRole('dialog', { name: 'Offline data' });
    await panel.getByTestId('offline-fill').getByText('Preparing this device').waitFor();
    expect((await panel.getByTestId('fill-total').textContent()) ?? '').toMatch(/[\d,]+ of [\d,]+ records received/);
    await page.screenshot({ path: resolve(SHOTS, 'first-fill-offline-panel-tablet.png') });
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // Progress moves on as pages arrive.
    const before = await progressFigures(page);
    await expect
      .poll(async () => (await progressFigures(page)).received, { timeout: 60_000 })
      .toBeGreaterThan(before.received);

    await fastNetwork(cdp);
    await page.locator('[data-appointment-id]').first().waitFor({ timeout: 90_000 });
    await expect(preparing.count()).resolves.toBe(0);
    expect(await emptyGridSeen(page)).toBe(false);
    await context.close();
  });

  it('keeps the patient list behind the same state until every patient has arrived', async () => {
    const context = await newContext(browser, TABLET);
    const page = await context.newPage();
    await page.goto('/patients');
    const cdp = await slowNetwork(context, page);
    await submitSignIn(page, 'receptionist', DEMO_PASSWORD);
    const preparing = page.getByRole('status').filter({ hasText: 'Preparing this device' });
    await preparing.waitFor({ timeout: 60_000 });
    await expect(
      page.getByText('The patient list appears as soon as it has arrived.', { exact: false }).count(),
    ).resolves.toBe(1);
    await expect.poll(() => page.locator('tr[data-table="patients"]').count(), { timeout: 60_000 }).toBe(1);
    // No "0 patients" while they arrive.
    expect(await page.getByTestId('patient-count').count()).toBe(0);
    await page.screenshot({ path: resolve(SHOTS, 'first-fill-patients-preparing-tablet.png') });
    await fastNetwork(cdp);
    await page.getByTestId('patient-row').first().waitFor({ timeout: 90_000 });
    await expect(page.getByTestId('patient-count').textContent()).resolves.toMatch(/^[\d,]+ patients/);
    await context.close();
  });
});

/** Another device's session, straight on the API: the changes a device away for a week missed. */
async function otherDevice() {
  const api = await request.newContext({ baseURL: baseURL() });
  const login = await api.post('/api/auth/login', { data: { username: 'admin', password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const headers = { [HEADERS.practice]: '1' };
  return {
    api,
    async get<T>(path: string): Promise<T> {
      const response = await api.get(path, { headers });
      expect(response.status(), path).toBe(200);
      return (await response.json()) as T;
    },
    /** Sends the actions in batches of 100, as a device's outbox would. */
    async push(actions: { method: 'PATCH'; endpoint: string; body: unknown }[]): Promise<void> {
      for (let start = 0; start < actions.length; start += 100) {
        const batch = actions
          .slice(start, start + 100)
          .map((action, n) => ({ ...action, id: `catch-up-${start + n}-${Date.now()}` }));
        const response = await api.post('/api/sync/push', { headers, data: { actions: batch } });
        expect(response.status(), await response.text()).toBe(200);
        const { results } = (await response.json()) as { results: { status: number }[] };
        expect(results.every((result) => result.status === 200)).toBe(true);
      }
    },
  };
}

describe('a device back after a week', () => {
  it('fills its gap with a visible progress state and never shows the day empty while its changes arrive', async () => {
    const context = await newContext(browser, TABLET);
    const page = await context.newPage();
    await page.goto('/scheduling');
    await submitSignIn(page, 'receptionist', DEMO_PASSWORD);
    await page.locator('[data-appointment-id]').first().waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByTestId('fill-badge').count(), { timeout: 60_000 }).toBe(0);
    const cardsBefore = await page.locator('[data-appointment-id]').count();

    await context.setOffline(true);
    const other = await otherDevice();
    const patients = await other.get<{ id: string }[]>('/api/patients?limit=1000');
    const today = await other.get<{ id: string }[]>(`/api/appointments?date=${practiceDay()}`);
    expect(patients.length).toBeGreaterThan(600);
    expect(today.length).toBeGreaterThan(0);
    // More than a page of changes (500), today's appointments last, as they were made last.
    await other.push([
      ...patients.slice(0, 650).map((patient, n) => ({
        method: 'PATCH' as const,
        endpoint: `/api/patients/${patient.id}`,
        body: { email: `week.away.${n}@example.com` },
      })),
      ...today.map((appointment) => ({
        method: 'PATCH' as const,
        endpoint: `/api/appointments/${appointment.id}`,
        body: { notes: 'Changed while this device was away' },
      })),
    ]);
    await other.api.dispose();

    const cdp = await slowNetwork(context, page);
    await watchForEmptyGrid(page);
    await context.setOffline(false);
    // Today is on the device already: it stays drawn, under a banner saying its changes are arriving.
    const updating = page.getByTestId('fill-banner');
    await updating.waitFor({ timeout: 30_000 });
    await expect(updating.textContent()).resolves.toMatch(
      /^Bringing this device up to date[\d,]+ of [\d,]+ records received/,
    );
    expect(await page.locator('[data-appointment-id]').count()).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId('fill-badge').textContent(), { timeout: 30_000 })
      .toMatch(/^Updating \d+%$/);
    await expect.poll(async () => (await progressFigures(page)).total, { timeout: 30_000 }).toBeGreaterThan(650);
    await page.screenshot({ path: resolve(SHOTS, 'catch-up-schedule-tablet.png') });

    await fastNetwork(cdp);
    await updating.waitFor({ state: 'detached', timeout: 90_000 });
    await expect.poll(() => page.locator('[data-appointment-id]').count()).toBe(cardsBefore);
    expect(await emptyGridSeen(page)).toBe(false);
    await context.close();
  });
});
