// What the front desk's browser tests (front-desk.e2e.ts, front-desk-express.e2e.ts) share: their session on the
// busy day, and how they pick appointments, read the server and drive the check-in and check-out dialogs.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeReport } from './axe.ts';
import { launchBrowser, newContext } from './browser.ts';
import {
  settled as animationsDone,
  BUSY_DAY_SCHEDULED,
  choose as chooseIn,
  clickCardActions,
  FIRST_DATA_TIMEOUT_MS,
  openArea as openAreaOf,
  scheduledOnScreen,
  signInToShell,
  syncNow,
} from './helpers.ts';

const SHOTS = resolve(import.meta.dirname, '../../screenshots');
export const VIEWPORTS = { laptop: { width: 1366, height: 768 }, tablet: { width: 768, height: 1024 } } as const;

export interface StaffMember {
  id: number;
  role: string;
  displayName: string;
}

export interface ServerAppointment {
  id: string;
  patientId: string;
  patientName: string;
  patient: { firstName: string; lastName: string };
  providerId: number;
  status: string;
  treatmentRoom: string;
  appointmentDate: string;
  waitingArea?: string | null;
  arrivalTime?: string | null;
  insuranceVerified?: boolean | null;
  treatmentCompleted?: boolean | null;
  patientSatisfaction?: number | null;
  paymentCollected?: boolean | null;
  paymentAmount?: number | null;
  paymentMethod?: string | null;
  visitRating?: string | null;
  appointmentType?: string | null;
}

export interface FrontDeskSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** The busy day the tests work on. */
  date: string;
}

/** A browser signed in as the admin, on the schedule's first day from today with appointments. */
export async function openFrontDesk(): Promise<FrontDeskSession> {
  mkdirSync(SHOTS, { recursive: true });
  const browser = await launchBrowser();
  const context = await newContext(browser, VIEWPORTS.laptop);
  const page = await context.newPage();
  await signInToShell(page, 'admin');
  let date = '';
  const view = frontDeskView(
    () => page,
    () => date,
  );
  await view.openArea('Scheduling');
  // The busy day is judged from the cards on screen: the device must hold the whole practice first.
  await syncNow(page);
  date = await view.toBusyDay();
  await page.getByTestId('appointment-card').nth(3).waitFor();
  return { browser, context, page, date };
}

/** The front desk's readers and actions, on the test file's page and busy day (set once its session is open). */
export function frontDeskView(page: () => Page, date: () => string) {
  /** In-app navigation: a page load would drop the unlocked key and ask for the password again. */
  const openArea = (label: 'Patients' | 'Scheduling') => openAreaOf(page(), label);

  const card = (id: string) => page().locator(`[data-testid="appointment-card"][data-appointment-id="${id}"]`);
  const waitingRow = (id: string) => page().locator(`[data-testid="waiting-patient"][data-appointment-id="${id}"]`);

  async function settled(): Promise<string> {
    const wanted = (await page().getByTestId('schedule-date-label').getAttribute('data-date')) ?? '';
    await page()
      .locator(`[data-date="${wanted}"]:is([data-testid="schedule-grid"], [data-testid="closed-banner"])`)
      .waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    return wanted;
  }

  /** The first day from today with appointments on the grid (the demo practice is closed on Sundays). */
  async function toBusyDay(): Promise<string> {
    for (let step = 0; step < 7; step++) {
      const shown = await settled();
      if ((await scheduledOnScreen(page())) >= BUSY_DAY_SCHEDULED) return shown;
      await page().getByRole('button', { name: 'Next day' }).click();
    }
    throw new Error('no day with appointments this week');
  }

  async function goToDate(target: string): Promise<void> {
    const input = page().getByLabel('Schedule date');
    await input.fill(target);
    await input.press('Tab');
    await page().locator(`[data-testid="schedule-grid"][data-date="${target}"]`).waitFor();
  }

  async function serverDay(day: string): Promise<ServerAppointment[]> {
    return (await (await page().request.get(`/api/appointments?date=${day}`)).json()) as ServerAppointment[];
  }

  async function serverAppointment(id: string): Promise<ServerAppointment | undefined> {
    return (await serverDay(date())).find((entry) => entry.id === id);
  }

  /**
   * A scheduled appointment of the day that no other test of this file has used, read from the
   * server so its patient's name is known. Only the ones on screen and still scheduled are taken.
   */
  const taken = new Set<string>();
  async function aScheduledAppointment(): Promise<ServerAppointment> {
    const onScreen = new Set(
      await page()
        .locator('[data-testid="appointment-card"][data-status="scheduled"]')
        .evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.appointmentId ?? '')),
    );
    const chosen = (await serverDay(date())).find(
      (entry) => entry.status === 'scheduled' && onScreen.has(entry.id) && !taken.has(entry.id),
    );
    if (!chosen) throw new Error('no scheduled appointment left on this day');
    taken.add(chosen.id);
    return chosen;
  }

  async function openCardMenu(id: string): Promise<void> {
    // A menu still fading out from the last use would be taken for this one.
    await expect.poll(() => page().getByRole('menu').count()).toBe(0);
    await clickCardActions(card(id));
    await page().getByRole('menu').waitFor();
  }

  async function shot(name: string): Promise<void> {
    // Dialog transitions and toasts settle first, so the picture shows the resting state.
    await animationsDone(page());
    await page().screenshot({ path: resolve(SHOTS, `front-desk-${name}.png`) });
  }

  /** No serious or critical axe violations inside the open dialog (or another part of the page). */
  async function expectAccessibleDialog(part = '[role="dialog"]'): Promise<void> {
    expect(await axeReport(page(), part, { include: [part] })).toEqual([]);
  }

  const choose = (scope: Locator, label: string, option: string | RegExp) => chooseIn(page(), scope, label, option);

  /** Quick Check-In with the three required verifications, optionally in a waiting area. */
  async function checkIn(id: string, area = 'Main waiting room'): Promise<void> {
    await openCardMenu(id);
    await page().getByRole('menuitem', { name: 'Check In' }).click();
    const dialog = page().getByRole('dialog', { name: 'Quick Check-In' });
    if (area !== 'Main waiting room') await choose(dialog, 'Waiting area', area);
    await dialog.getByRole('button', { name: 'Quick Check-In' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  return {
    openArea,
    card,
    waitingRow,
    settled,
    toBusyDay,
    goToDate,
    serverDay,
    serverAppointment,
    aScheduledAppointment,
    openCardMenu,
    shot,
    expectAccessibleDialog,
    choose,
    checkIn,
  };
}

/** A calendar date moved by whole months, clamped to the month's end like the recall rule. */
export function addMonths(day: string, months: number): string {
  const [year = 0, month = 1, dayOfMonth = 1] = day.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(dayOfMonth, last));
  return target.toISOString().slice(0, 10);
}
