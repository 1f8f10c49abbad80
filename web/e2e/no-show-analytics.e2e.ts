import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { addDays } from '@dental/domain/scheduling/booking-rules';
import { instantAt } from '@dental/domain/time/zones';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.ts';
import {
  FIRST_DATA_TIMEOUT_MS,
  flatSidebar,
  openArea,
  openDayFrom,
  PRACTICE_TIME_ZONE,
  practiceDay,
  readyForOffline,
  settled,
  syncNow,
} from './helpers.ts';

// No-show analytics from the demo data, and the risk marker on a schedule card of a patient who missed a visit.
// Days are picked ahead of today (never today), so the test does not depend on the hour it runs at.

const SHOTS = resolve(import.meta.dirname, '../../screenshots/issue-19');
const SIZES = { tablet: { width: 1024, height: 768 }, laptop: { width: 1440, height: 900 } } as const;

interface ServerAppointment {
  id: string;
  patientId: string;
  patientName: string;
  appointmentDate: string;
  status: string;
}

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  context = await newContext(browser, SIZES.laptop);
  page = await readyForOffline(context, 'admin');
}, 240_000);

afterAll(async () => {
  await context.close();
  await browser.close();
});

/** The first day after `date` the demo practice is open. */
const nextOpenDay = (date: string) => openDayFrom(addDays(date, 1));

async function serverDay(date: string): Promise<ServerAppointment[]> {
  return (await (await page.request.get(`/api/appointments?date=${date}`)).json()) as ServerAppointment[];
}

/** At each size; `focus` is scrolled into view after the resize, so the picture shows it. */
async function shoot(name: string, focus?: Locator): Promise<void> {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await settled(page);
    await focus?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: resolve(SHOTS, `${name}-${size}.png`) });
  }
}

/** The same screen in the dark scheme at laptop size; `hover` is pointed at again after the switch. */
async function darkShot(name: string, hover?: Locator): Promise<void> {
  await page.emulateMedia({ colorScheme: 'dark' });
  await settled(page);
  await hover?.hover();
  await page.screenshot({ path: resolve(SHOTS, `${name}-dark-laptop.png`) });
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Books the patient on an earlier day at the first free time, then marks that visit a no-show. */
async function missedVisit(patientId: string, date: string): Promise<void> {
  const { slots } = (await (await page.request.get(`/api/appointments/available-slots?date=${date}`)).json()) as {
    slots: { time: string; room: string; providerIds: number[] }[];
  };
  for (const slot of slots.filter((free) => free.providerIds.length > 0)) {
    const booked = await page.request.post('/api/appointments', {
      data: {
        patientId,
        providerId: slot.providerIds[0],
        treatmentRoom: slot.room,
        appointmentDate: instantAt(date, slot.time, PRACTICE_TIME_ZONE),
        duration: 30,
        procedure: 'Cleaning',
      },
    });
    if (booked.status() !== 201) continue;
    const { id } = (await booked.json()) as { id: string };
    const marked = await page.request.patch(`/api/appointments/${id}`, { data: { status: 'no-show' } });
    expect(marked.status(), await marked.text()).toBe(200);
    return;
  }
  throw new Error(`no free slot for the patient on ${date}`);
}

describe('no-show analytics', () => {
  it('marks a schedule card of a patient who missed a visit, with the reasons', async () => {
    // Both within the week the analytics page lists, the missed visit first.
    const earlier = nextOpenDay(practiceDay(-1));
    const later = nextOpenDay(earlier);
    const target = (await serverDay(later)).find((appointment) => appointment.status === 'scheduled');
    if (!target) throw new Error(`nothing scheduled on ${later}`);
    await missedVisit(target.patientId, earlier);
    await syncNow(page);

    await openArea(page, 'Scheduling');
    await page.getByLabel('Schedule date').fill(later);
    await page.getByLabel('Schedule date').press('Tab');
    await page
      .locator(`[data-testid="schedule-grid"][data-date="${later}"]`)
      .waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    const card = page.locator(`[data-testid="appointment-card"][data-appointment-id="${target.id}"]`);
    const marker = card.getByTestId('no-show-risk');
    await marker.waitFor();
    expect(['medium', 'high']).toContain(await marker.getAttribute('data-level'));
    // The card's accessible name keeps its visible words and adds the risk with its reasons.
    const name = (await card.getByRole('button').first().getAttribute('aria-label')) ?? '';
    expect(name).toContain(target.patientName);
    expect(name).toMatch(/(Medium|High) no-show risk: Missed \d+ past appointments?/);
    await card.scrollIntoViewIfNeeded();
    await marker.hover();
    const tooltip = page.getByRole('tooltip');
    await expect.poll(() => tooltip.textContent()).toMatch(/Missed \d+ past appointments?.*Not confirmed/s);
    await shoot('schedule-risk-marker');
    await darkShot('schedule-risk-marker', marker);
  }, 180_000);

  it('shows the rates of the last 90 days from the demo data, and the risky upcoming appointments', async () => {
    const nav = await flatSidebar(page);
    await nav.getByRole('link', { name: /^No-Show Analytics/ }).click();
    await page.waitForURL(/\/no-show-analytics$/);
    const rate = page.getByTestId('no-show-rate');
    await rate.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    const query = new URLSearchParams({ from: practiceDay(89), to: practiceDay(0) });
    const report = (await (await page.request.get(`/api/reports/no-shows?${query}`)).json()) as {
      rate: number;
      noShows: number;
      byProvider: { name: string }[];
    };
    expect(report.noShows).toBeGreaterThan(0);
    const percent = new Intl.NumberFormat('en-CA', { style: 'percent', maximumFractionDigits: 0 });
    expect(await rate.textContent()).toBe(percent.format(report.rate));
    expect(await page.getByTestId('no-show-count').textContent()).toBe(String(report.noShows));
    for (const provider of report.byProvider) {
      await page.getByRole('progressbar', { name: new RegExp(`^${provider.name}: no-show rate`) }).waitFor();
    }
    const upcoming = page.getByTestId('upcoming-risks');
    await upcoming.locator('tr[data-level="medium"], tr[data-level="high"]').first().waitFor();
    await shoot('no-show-analytics');
    await shoot('no-show-analytics-upcoming', upcoming);
    await darkShot('no-show-analytics');
  }, 120_000);
});
