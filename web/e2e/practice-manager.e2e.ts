import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { KpiReport } from '@dental/domain/reports/kpis';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newContext } from './browser.ts';
import { practiceDay, signInToShell } from './helpers.ts';

// The practice manager's KPIs as the administrator (three practices) sees them: the last 30 days by default,
// the figures the server computes, then all practices with their table. Screenshots at tablet and laptop sizes.

const SHOTS = resolve(import.meta.dirname, '../../screenshots/issue-19');
const SIZES = { tablet: { width: 1024, height: 768 }, laptop: { width: 1440, height: 900 } } as const;

let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser.close();
});

async function report(page: Page, from: string, to: string, scope: string): Promise<KpiReport> {
  const response = await page.request.get(`/api/reports/kpis?from=${from}&to=${to}&scope=${scope}`, {
    headers: { 'x-practice-id': '1' },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as KpiReport;
}

/** The figure a panel gives for a label: its description list's "Booked" → "123". */
const figure = (page: Page, panel: string, label: string) =>
  page
    .locator('.mantine-Paper-root', { has: page.getByRole('heading', { name: panel }) })
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

describe('/practice-manager', () => {
  it('shows the last 30 days of this practice, then all practices, as the server counts them', async () => {
    const context = await newContext(browser, SIZES.laptop);
    const page = await context.newPage();
    await signInToShell(page, 'admin');
    await page.goto('/practice-manager');
    await page.getByRole('heading', { name: 'Practice Manager' }).waitFor();

    const expected = await report(page, practiceDay(29), practiceDay(0), 'practice');
    expect(expected.total.appointments.booked).toBeGreaterThan(0);
    const booked = new Intl.NumberFormat('en-CA').format(expected.total.appointments.booked);
    await expect.poll(() => figure(page, 'Appointments', 'Booked').textContent()).toBe(booked);
    expect(await page.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('table').count()).toBe(0);

    // Mantine draws the segment over its radio: the label is what takes the click.
    await page.locator('label', { hasText: 'All my practices' }).click();
    const all = await report(page, practiceDay(29), practiceDay(0), 'all');
    expect(all.practices).toHaveLength(3);
    const table = page.getByRole('table');
    await table.waitFor();
    const totalRow = table.getByRole('row', { name: /All practices/ });
    await expect
      .poll(() => totalRow.getByRole('cell').first().textContent())
      .toBe(new Intl.NumberFormat('en-CA').format(all.total.appointments.booked));
    for (const practice of all.practices) await table.getByRole('rowheader', { name: practice.practiceName }).waitFor();

    await page.getByRole('button', { name: 'This year' }).click();
    expect(await page.getByRole('button', { name: 'This year' }).getAttribute('aria-pressed')).toBe('true');
    await context.close();
  }, 180_000);

  it.each(
    Object.entries(SIZES).flatMap(([size, viewport]) =>
      (['light', 'dark'] as const).map((scheme) => ({ size, viewport, scheme })),
    ),
  )(
    'looks right at $size size in $scheme',
    async ({ size, viewport, scheme }) => {
      const context = await browser.newContext({ baseURL: baseURL(), viewport, colorScheme: scheme });
      const page = await context.newPage();
      await signInToShell(page, 'admin');
      await page.goto('/practice-manager');
      await figure(page, 'Appointments', 'Booked').waitFor();
      // The bars grow in over a moment.
      await page.waitForTimeout(800);
      await page.screenshot({ path: resolve(SHOTS, `practice-manager-${size}-${scheme}.png`) });
      await page
        .getByRole('heading', { name: 'New patients and recall compliance' })
        .evaluate((heading) => heading.closest('.mantine-Paper-root')?.scrollIntoView({ block: 'end' }));
      await page.waitForTimeout(300);
      await page.screenshot({ path: resolve(SHOTS, `practice-manager-${size}-${scheme}-lower.png`) });
      await page.locator('label', { hasText: 'All my practices' }).click();
      await page.getByRole('table').waitFor();
      await page.getByRole('heading', { name: 'Practice Manager' }).evaluate((heading) => heading.scrollIntoView());
      await page.waitForTimeout(800);
      await page.screenshot({ path: resolve(SHOTS, `practice-manager-all-${size}-${scheme}.png`) });
      await context.close();
    },
    120_000,
  );
});
