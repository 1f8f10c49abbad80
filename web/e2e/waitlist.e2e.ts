import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeReport } from './axe.ts';
import { launchBrowser, newContext } from './browser.ts';
import {
  FIRST_DATA_TIMEOUT_MS,
  flatSidebar,
  openArea,
  PRACTICE_TIME_ZONE,
  practiceDay,
  SYNC_TIMEOUT_MS,
  searchAndChoose,
  settled,
  signInToShell,
  syncNow,
} from './helpers.ts';
import { scheduleView } from './schedule-page.ts';

// The waitlist as the front desk uses it: a patient put on the list, a future appointment cancelled on the
// schedule, the offer shown over the schedule and on /waitlist, booked from there; the patient is then on the
// schedule and off the list. The day is a few days ahead, so the time of day never matters.

const SHOTS = resolve(import.meta.dirname, '../../screenshots/issue-19');
const VIEWPORTS = { tablet: { width: 1024, height: 768 }, laptop: { width: 1440, height: 900 } } as const;

interface ServerPatient {
  id: string;
  firstName: string;
  lastName: string;
}
interface ServerAppointment {
  id: string;
  patientId: string;
  appointmentDate: string;
  status: string;
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
const view = scheduleView(() => page);

/** A day a few days ahead on the practice's clock that is not a Sunday (its only closed day). */
const day = (() => {
  const ahead = practiceDay(-4);
  return new Date(`${ahead}T12:00:00Z`).getUTCDay() === 0 ? practiceDay(-5) : ahead;
})();
const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
const WEEKDAY_CHIPS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

let cancelled: ServerAppointment;
let waiting: ServerPatient;
let slotTime: string;

const clockOf = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: PRACTICE_TIME_ZONE, hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  context = await newContext(browser, VIEWPORTS.laptop);
  page = await context.newPage();
  await signInToShell(page, 'receptionist');

  const answer = (await (await page.request.get('/api/patients?limit=200')).json()) as
    | ServerPatient[]
    | { patients: ServerPatient[] };
  const all = (Array.isArray(answer) ? answer : answer.patients).filter((p) => /^[A-Za-z]{3,}$/.test(p.lastName));
  const unique = all.filter((p) => all.filter((other) => other.lastName === p.lastName).length === 1);
  const [booked, onList] = unique;
  if (!booked || !onList) throw new Error('no two patients with names of their own');
  waiting = onList;

  // An hour-long booking on that day, in a slot the practice has free, to be cancelled on the schedule.
  const slots = (await (
    await page.request.get(`/api/appointments/available-slots?date=${day}&duration=60`)
  ).json()) as {
    slots: { start: string; time: string; room: string; providerIds: number[] }[];
  };
  const slot = slots.slots.find((candidate) => candidate.time >= '10:00');
  if (!slot) throw new Error(`no free hour on ${day}`);
  const response = await page.request.post('/api/appointments', {
    data: {
      patientId: booked.id,
      providerId: slot.providerIds[0],
      treatmentRoom: slot.room,
      appointmentDate: slot.start,
      duration: 60,
      procedure: 'Filling',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  cancelled = (await response.json()) as ServerAppointment;
  slotTime = clockOf(cancelled.appointmentDate);
}, 240_000);

afterAll(async () => {
  await context.close();
  await browser.close();
});

async function openWaitlist(): Promise<void> {
  const nav = await flatSidebar(page);
  await nav.getByRole('link', { name: /^Waitlist/ }).click();
  await page.waitForURL(/\/waitlist(\?|$)/);
  await page.getByRole('heading', { name: 'Waiting patients' }).waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
}

/** The schedule, moved day by day (in-app) to the test's day. */
async function scheduleOnDay(): Promise<void> {
  await openArea(page, 'Scheduling');
  for (let step = 0; step < 8; step++) {
    if ((await view.settled()) === day) return;
    await page.getByRole('button', { name: 'Next day' }).click();
  }
  throw new Error(`the schedule never showed ${day}`);
}

/** No sideways scroll, and no serious colour or structure problem in what the waitlist drew (`scope`). */
async function checkPage(scope: string): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(1);
  expect(await axeReport(page, scope, { include: [scope] })).toEqual([]);
}

/** Photographs the screen at tablet and laptop sizes, light and dark, checking each. */
async function shoot(name: string, scope: string): Promise<void> {
  for (const viewport of Object.values(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await settled(page);
      await checkPage(scope);
      await page.screenshot({ path: resolve(SHOTS, `${name}-${viewport.width}-${scheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(VIEWPORTS.laptop);
}

const entryRow = () =>
  page.getByTestId('waitlist-entry').filter({ hasText: `${waiting.firstName} ${waiting.lastName}` });

describe('waitlist', () => {
  it('puts a patient on the waitlist for that weekday', async () => {
    await openWaitlist();
    await page.getByRole('button', { name: 'Add to waitlist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to waitlist' });
    await searchAndChoose(
      page,
      dialog.getByRole('combobox', { name: /^Patient/ }),
      waiting.lastName,
      new RegExp(`^${waiting.lastName}, ${waiting.firstName}`),
    );
    await dialog.getByRole('textbox', { name: /^Procedure/ }).fill('Cleaning');
    await dialog.getByText(WEEKDAY_CHIPS[weekday] ?? '', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Add to waitlist' }).click();
    await dialog.waitFor({ state: 'detached' });
    await entryRow().waitFor();
    expect(await entryRow().textContent()).toContain(WEEKDAY_CHIPS[weekday]);
  });

  it('cancelling the appointment on the schedule offers its slot, shown over the schedule', async () => {
    await scheduleOnDay();
    // The booking was made on the server: it reaches this device with the next pull.
    await syncNow(page);
    await view.card(cancelled.id).waitFor({ timeout: SYNC_TIMEOUT_MS });
    await view.openCardMenu(cancelled.id, 'button');
    await page.getByRole('menuitem', { name: 'Cancel' }).click();
    await view.card(cancelled.id).waitFor({ state: 'detached' });

    const banner = page.getByTestId('waitlist-banner');
    await banner.waitFor({ timeout: SYNC_TIMEOUT_MS });
    await expect
      .poll(() => banner.textContent(), { timeout: SYNC_TIMEOUT_MS })
      .toMatch(new RegExp(`waitlist patients? fits? the freed ${slotTime} slot`));
    await shoot('schedule-waitlist-banner', '[data-testid="waitlist-banner"]');
  });

  it('the offer is highlighted on /waitlist; booking it makes the appointment and takes the patient off the list', async () => {
    await page.getByTestId('waitlist-banner').getByRole('link', { name: 'View offers' }).first().click();
    await page.waitForURL(/\/waitlist\?offer=/);
    await page.locator('[data-testid="waitlist-offer"][data-highlighted]').waitFor();
    const offer = page.getByTestId('waitlist-offer').filter({ hasText: `${waiting.firstName} ${waiting.lastName}` });
    await offer.waitFor();
    expect(await offer.textContent()).toContain(slotTime);
    await expect.poll(() => entryRow().getByText('Offered').count()).toBe(1);
    await shoot('waitlist', 'main');

    await offer.getByRole('button', { name: 'Book' }).click();
    await page.getByText('Appointment booked').waitFor();
    await offer.waitFor({ state: 'detached' });
    await entryRow().waitFor({ state: 'detached' });

    const booked = await (async () => {
      let found: ServerAppointment | undefined;
      await expect
        .poll(async () => {
          const list = (await (await page.request.get(`/api/appointments?date=${day}`)).json()) as ServerAppointment[];
          found = list.find((a) => a.patientId === waiting.id && a.status === 'scheduled');
          return found?.appointmentDate;
        })
        .toBe(cancelled.appointmentDate);
      return found as ServerAppointment;
    })();

    await scheduleOnDay();
    await syncNow(page);
    await view.card(booked.id).waitFor({ timeout: SYNC_TIMEOUT_MS });
    expect(await view.card(booked.id).getAttribute('data-time')).toBe(slotTime);
  });
});
