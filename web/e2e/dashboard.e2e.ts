import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { addDays } from '@dental/domain/scheduling/booking-rules';
import { instantAt } from '@dental/domain/time/zones';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.ts';
import {
  choose,
  FIRST_DATA_TIMEOUT_MS,
  flatSidebar,
  PRACTICE_TIME_ZONE,
  practiceDay,
  readyForOffline,
  SYNC_TIMEOUT_MS,
  settled,
  signInOffline,
  syncNow,
} from './helpers.ts';

// The receptionist's dashboard and the operatory view, read from the device. The browser's clock is set to
// 10:15 on a coming weekday, whatever the hour the test runs: the demo books that day (and the next) solid
// from 08:00 and leaves it all scheduled, so 08:00 to 10:00 are running late and 10:30 on are next arrivals.
// Bookings start on the half hour, so the quarter of an hour after 10:15 changes none of the lists.

const SHOTS = resolve(import.meta.dirname, '../../screenshots/issue-19');
const SIZES = { tablet: { width: 1024, height: 768 }, laptop: { width: 1440, height: 900 } } as const;

interface ServerAppointment {
  id: string;
  patientId: string;
  patientName: string;
  status: string;
  treatmentRoom: string;
  appointmentDate: string;
}

/** The first weekday (Monday to Friday) after today: open, and followed by an open day. */
function comingWeekday(): string {
  for (let ahead = 1; ahead <= 7; ahead++) {
    const day = practiceDay(-ahead);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 5) return day;
  }
  throw new Error('no weekday in the coming week');
}

const day = comingWeekday();
let browser: Browser;
let context: BrowserContext;
let page: Page;

async function serverDay(date: string): Promise<ServerAppointment[]> {
  return (await (await page.request.get(`/api/appointments?date=${date}`)).json()) as ServerAppointment[];
}

/** In-app navigation through the sidebar: a page load would ask for the password again. */
async function open(label: 'Dashboard' | 'Receptionist Dashboard' | 'Op View', path: string): Promise<void> {
  const nav = await flatSidebar(page);
  await nav.getByRole('link', { name: new RegExp(`^${label}\\b`) }).click();
  await page.waitForURL((url) => url.pathname === path);
}

const count = async (card: string) => Number(await page.getByTestId(`${card}-count`).textContent());
const rowIds = (testId: string) =>
  page.getByTestId(testId).evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.id ?? ''));

/** At both sizes; with `dark`, also the laptop size in the dark scheme and scrolled to the end of the page. */
async function shot(name: string, dark = false): Promise<void> {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await settled(page);
    await page.screenshot({ path: resolve(SHOTS, `${name}-${size}.png`) });
  }
  if (!dark) return;
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.locator('#main-content').evaluate((main) => main.scrollTo(0, main.scrollHeight));
  await settled(page);
  await page.screenshot({ path: resolve(SHOTS, `${name}-laptop-dark-end.png`) });
  await page.locator('#main-content').evaluate((main) => main.scrollTo(0, 0));
  await page.emulateMedia({ colorScheme: 'light' });
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  context = await newContext(browser, SIZES.laptop);
  await context.clock.install({ time: new Date(instantAt(day, '10:15', PRACTICE_TIME_ZONE)) });
  page = await readyForOffline(context, 'receptionist');
}, 300_000);

afterAll(async () => {
  await context.close();
  await browser.close();
});

describe('receptionist dashboard', () => {
  it("shows the day's next arrivals, who is running late, tomorrow's unconfirmed and this week's recalls", async () => {
    await open('Dashboard', '/');
    await page.getByRole('heading', { name: /^Welcome, Olivia Tremblay$/ }).waitFor();
    await page.getByTestId('next-arrivals-count').waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    const now = await page.evaluate(() => Date.now());
    expect(now).toBeLessThan(Date.parse(instantAt(day, '10:30', PRACTICE_TIME_ZONE)));

    const scheduled = (await serverDay(day)).filter((entry) => entry.status === 'scheduled');
    const next = scheduled.filter((entry) => Date.parse(entry.appointmentDate) >= now);
    const late = scheduled.filter((entry) => Date.parse(entry.appointmentDate) < now);
    expect(next.length).toBeGreaterThan(0);
    expect(late.length).toBeGreaterThan(0);
    expect(await count('next-arrivals')).toBe(next.length);
    expect(await count('running-late')).toBe(late.length);
    expect(await count('waiting')).toBe(0);
    await page.getByText('Nobody is waiting.').waitFor();

    // Soonest first: the first rows are of the earliest start still to come.
    const soonest = Math.min(...next.map((entry) => Date.parse(entry.appointmentDate)));
    const firstIds = new Set(
      next.filter((entry) => Date.parse(entry.appointmentDate) === soonest).map((entry) => entry.id),
    );
    expect(firstIds.has((await rowIds('next-arrival'))[0] ?? '')).toBe(true);
    // The longest overdue first: 08:00 leads.
    const earliest = Math.min(...late.map((entry) => Date.parse(entry.appointmentDate)));
    const [firstLate] = await rowIds('late-row');
    expect(Date.parse(late.find((entry) => entry.id === firstLate)?.appointmentDate ?? '')).toBe(earliest);
    expect(await page.getByTestId('late-minutes').first().textContent()).toMatch(/^\d+ min late$/);

    const tomorrow = (await serverDay(addDays(day, 1))).filter((entry) => entry.status === 'scheduled');
    expect(await count('unconfirmed')).toBe(tomorrow.length);
    // The demo already has recalls due this week: one more, due on that day, raises the count live.
    const recallsBefore = await count('recalls-due');
    const [booked] = await serverDay(day);
    const [type] = (await (await page.request.get('/api/recall-types')).json()) as { id: number }[];
    if (!booked || !type) throw new Error('the demo has no booking or recall type on the chosen day');
    const created = await page.request.post('/api/recalls', {
      data: { patientId: booked.patientId, recallTypeId: type.id, dueDate: day, priority: 'high' },
    });
    expect(created.status()).toBe(201);
    await syncNow(page);
    await expect.poll(() => count('recalls-due'), { timeout: 15_000 }).toBe(recallsBefore + 1);
    expect(await count('needs-attention')).toBe(0);
    await shot('dashboard', true);
  });

  it('updates live, without a reload, as patients check in and the schedule changes elsewhere', async () => {
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    const lateBefore = await count('running-late');
    const [lateId] = await rowIds('late-row');
    const lateRow = page.locator(`[data-testid="late-row"][data-id="${lateId}"]`);
    const patient = (await serverDay(day)).find((entry) => entry.id === lateId)?.patientName ?? 'unknown';
    await lateRow.getByRole('button', { name: /^Check in / }).click();
    const dialog = page.getByRole('dialog', { name: 'Quick Check-In' });
    await dialog.getByRole('button', { name: 'Quick Check-In' }).click();
    await dialog.waitFor({ state: 'detached' });

    const waiting = page.locator(`[data-testid="waiting-row"][data-id="${lateId}"]`);
    await waiting.waitFor();
    expect(await waiting.getByTestId('waiting-minutes').textContent()).toMatch(/^\d+ min$/);
    expect(await waiting.textContent()).toContain(patient);
    await expect.poll(() => count('running-late')).toBe(lateBefore - 1);
    expect(await count('waiting')).toBe(1);
    await expect
      .poll(async () => (await serverDay(day)).find((entry) => entry.id === lateId)?.status, {
        timeout: SYNC_TIMEOUT_MS,
      })
      .toBe('in-progress');

    // Another desk marks the next arrival a no-show on the server; the next pull brings it here.
    const [nextId] = await rowIds('next-arrival');
    const marked = await page.request.patch(`/api/appointments/${nextId}`, { data: { status: 'no-show' } });
    expect(marked.status()).toBe(200);
    await syncNow(page);
    await page.locator(`[data-testid="no-show-row"][data-id="${nextId}"]`).waitFor();
    expect(await rowIds('next-arrival')).not.toContain(nextId);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    await open('Receptionist Dashboard', '/receptionist');
    await page.locator(`[data-testid="waiting-row"][data-id="${lateId}"]`).waitFor();
    await shot('receptionist');
  });

  it('op view: each room with the patient in the chair and the next one, or one chosen room, remembered', async () => {
    await open('Op View', '/op-view');
    const rooms = page.getByTestId('op-room');
    await rooms.first().waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    // The sidebar is forced collapsed here (spec 2.4).
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('button', { name: 'Expand sidebar' })
      .waitFor();
    const checkedIn = (await serverDay(day)).find((entry) => entry.status === 'in-progress');
    if (!checkedIn) throw new Error('the checked-in appointment is not on the server');
    const room = page.locator(`[data-testid="op-room"][data-room="${checkedIn.treatmentRoom}"]`);
    const chair = room.locator(`[data-testid="op-slot"][data-appointment-id="${checkedIn.id}"]`);
    expect(await chair.getAttribute('data-status')).toBe('in-progress');
    expect(await chair.getByTestId('op-patient').textContent()).toBe(checkedIn.patientName);
    expect(await rooms.count()).toBeGreaterThan(1);
    await shot('op-view', true);

    const roomName = (await room.getAttribute('aria-label')) ?? checkedIn.treatmentRoom;
    await choose(page, page.locator('main'), 'Room', new RegExp(`^${roomName}$`));
    await expect.poll(() => rooms.count()).toBe(1);
    expect(await room.count()).toBe(1);
    // Remembered on this device, per practice (the receptionist works in practice 1).
    expect(await page.evaluate(() => localStorage.getItem('dental.op-view.room.1'))).toBe(
      JSON.stringify(checkedIn.treatmentRoom),
    );
    await shot('op-view-one-room');
  });

  it('offline: after a reload the dashboard and the op view still draw from the device', async () => {
    await open('Dashboard', '/');
    await context.setOffline(true);
    await page.reload();
    await signInOffline(page, 'receptionist');
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    await page.getByTestId('next-arrival').first().waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    expect(await count('waiting')).toBe(1);
    expect(await page.getByTestId('connection-status').textContent()).toBe('Offline');
    await open('Op View', '/op-view');
    // Still the one room chosen on this device.
    await expect.poll(() => page.getByTestId('op-room').count(), { timeout: FIRST_DATA_TIMEOUT_MS }).toBe(1);
    await page.getByTestId('op-patient').first().waitFor();
    await context.setOffline(false);
  });
});
