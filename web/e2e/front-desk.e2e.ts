import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { addDays } from '@dental/domain/scheduling/booking-rules';
import { instantAt, localTime } from '@dental/domain/time/zones';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.ts';
import {
  settled as animationsDone,
  choose as chooseIn,
  FIRST_DATA_TIMEOUT_MS,
  openArea as openAreaOf,
  PRACTICE_TIME_ZONE,
  SYNC_TIMEOUT_MS,
  signInToShell,
  syncNow,
} from './helpers.ts';

const SHOTS = resolve(import.meta.dirname, '../../screenshots');
const VIEWPORTS = { laptop: { width: 1366, height: 768 }, tablet: { width: 768, height: 1024 } } as const;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let date = '';

interface StaffMember {
  id: number;
  role: string;
  displayName: string;
}

interface ServerAppointment {
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

/** In-app navigation: a page load would drop the unlocked key and ask for the password again. */
const openArea = (label: 'Patients' | 'Scheduling') => openAreaOf(page, label);

const card = (id: string) => page.locator(`[data-testid="appointment-card"][data-appointment-id="${id}"]`);
const waitingRow = (id: string) => page.locator(`[data-testid="waiting-patient"][data-appointment-id="${id}"]`);

async function settled(): Promise<string> {
  const wanted = (await page.getByTestId('schedule-date-label').getAttribute('data-date')) ?? '';
  await page
    .locator(`[data-date="${wanted}"]:is([data-testid="schedule-grid"], [data-testid="closed-banner"])`)
    .waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
  return wanted;
}

/** The first day from today with appointments on the grid (the demo practice is closed on Sundays). */
async function toBusyDay(): Promise<string> {
  for (let step = 0; step < 7; step++) {
    const shown = await settled();
    if ((await page.getByTestId('appointment-card').count()) > 0) return shown;
    await page.getByRole('button', { name: 'Next day' }).click();
  }
  throw new Error('no day with appointments this week');
}

async function goToDate(target: string): Promise<void> {
  const input = page.getByLabel('Schedule date');
  await input.fill(target);
  await input.press('Tab');
  await page.locator(`[data-testid="schedule-grid"][data-date="${target}"]`).waitFor();
}

async function serverDay(day: string): Promise<ServerAppointment[]> {
  return (await (await page.request.get(`/api/appointments?date=${day}`)).json()) as ServerAppointment[];
}

async function serverAppointment(id: string): Promise<ServerAppointment | undefined> {
  return (await serverDay(date)).find((entry) => entry.id === id);
}

/**
 * A scheduled appointment of the day that no other test of this file has used, read from the
 * server so its patient's name is known. Only the ones on screen and still scheduled are taken.
 */
const taken = new Set<string>();
async function aScheduledAppointment(): Promise<ServerAppointment> {
  const onScreen = new Set(
    await page
      .locator('[data-testid="appointment-card"][data-status="scheduled"]')
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.appointmentId ?? '')),
  );
  const chosen = (await serverDay(date)).find(
    (entry) => entry.status === 'scheduled' && onScreen.has(entry.id) && !taken.has(entry.id),
  );
  if (!chosen) throw new Error('no scheduled appointment left on this day');
  taken.add(chosen.id);
  return chosen;
}

async function openCardMenu(id: string): Promise<void> {
  // A menu still fading out from the last use would be taken for this one.
  await expect.poll(() => page.getByRole('menu').count()).toBe(0);
  const target = card(id);
  await target.scrollIntoViewIfNeeded();
  await target.hover();
  await target.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menu').waitFor();
}

async function shot(name: string): Promise<void> {
  // Dialog transitions and toasts settle first, so the picture shows the resting state.
  await animationsDone(page);
  await page.screenshot({ path: resolve(SHOTS, `front-desk-${name}.png`) });
}

/** No serious or critical axe violations inside the open dialog (or another part of the page). */
async function expectAccessibleDialog(part = '[role="dialog"]'): Promise<void> {
  const results = await new AxeBuilder({ page }).include(part).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

const choose = (scope: Locator, label: string, option: string | RegExp) => chooseIn(page, scope, label, option);

/** Quick Check-In with the three required verifications, optionally in a waiting area. */
async function checkIn(id: string, area = 'Main waiting room'): Promise<void> {
  await openCardMenu(id);
  await page.getByRole('menuitem', { name: 'Check In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Quick Check-In' });
  if (area !== 'Main waiting room') await choose(dialog, 'Waiting area', area);
  await dialog.getByRole('button', { name: 'Quick Check-In' }).click();
  await dialog.waitFor({ state: 'detached' });
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  context = await newContext(browser, VIEWPORTS.laptop);
  page = await context.newPage();
  await signInToShell(page, 'admin');
  await openArea('Scheduling');
  // The busy day is judged from the cards on screen: the device must hold the whole practice first.
  await syncNow(page);
  date = await toBusyDay();
  await page.getByTestId('appointment-card').nth(3).waitFor();
});

afterAll(async () => {
  await context.close();
  await browser.close();
});

describe('front desk', () => {
  let checkedIn: ServerAppointment;

  it('quick check-in: Complete Check-In waits for the three required verifications; the patient then waits in the chosen area', async () => {
    checkedIn = await aScheduledAppointment();
    await openCardMenu(checkedIn.id);
    await page.getByRole('menuitem', { name: 'Check In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Quick Check-In' });
    await dialog.getByText('Complete all required verifications for full check-in.').waitFor();
    const complete = dialog.getByRole('button', { name: 'Complete Check-In' });
    expect(await complete.isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Quick Check-In' }).isEnabled()).toBe(true);
    expect(await dialog.getByLabel('Arrival time').inputValue()).toMatch(/^\d{2}:\d{2}$/);
    await shot('check-in-laptop-1-open');

    await choose(dialog, 'Waiting area', 'Pediatric area');
    await dialog.getByLabel('Insurance verified').check();
    await dialog.getByLabel('Emergency contact confirmed').check();
    expect(await complete.isDisabled()).toBe(true);
    await dialog.getByLabel('Medical history updated').check();
    await expect.poll(() => complete.isEnabled()).toBe(true);
    await dialog.getByText('Complete all required verifications for full check-in.').waitFor({ state: 'detached' });
    await dialog.getByLabel('Special instructions').fill('Needs a booster seat');
    await shot('check-in-laptop-2-verified');
    await complete.click();

    await page.getByText('Quick Check-In Complete').waitFor();
    await expect.poll(async () => card(checkedIn.id).getAttribute('data-status')).toBe('in-progress');
    const row = waitingRow(checkedIn.id);
    await row.waitFor();
    expect(await row.getByTestId('waiting-area').textContent()).toBe('Pediatric area');
    expect(await row.getByTestId('waiting-minutes').textContent()).toMatch(/^\d+ min$/);
    expect(await row.textContent()).toContain(checkedIn.patientName);
    await shot('waiting-room-laptop');

    await expect
      .poll(async () => (await serverAppointment(checkedIn.id))?.status, { timeout: SYNC_TIMEOUT_MS })
      .toBe('in-progress');
    expect(await serverAppointment(checkedIn.id)).toMatchObject({
      waitingArea: 'pediatric',
      insuranceVerified: true,
      arrivalTime: expect.stringMatching(/^\d{2}:\d{2}$/),
    });
  });

  it('full check-out: books the follow-up, records two recalls and the survey, then shows what it did', async () => {
    await waitingRow(checkedIn.id)
      .getByRole('button', { name: `Check out ${checkedIn.patientName}` })
      .click();
    const express = page.getByRole('dialog', { name: 'Express Check-Out' });
    await express.getByRole('button', { name: 'Full Check-Out' }).click();
    const wizard = page.getByRole('dialog', { name: 'Check Out Patient' });
    await wizard.getByText(checkedIn.patientName).first().waitFor();
    expect(await wizard.getByRole('button', { name: 'Previous', exact: true }).isDisabled()).toBe(true);
    await wizard.getByLabel('Treatment notes').fill('Two fillings, upper left.');
    await shot('wizard-laptop-1-summary');
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();

    // Step 2: a follow-up two weeks on, at the first time that is free for a doctor or hygienist. The
    // wizard checks each pick against the device; the server's free slots (the same rules, the same data:
    // the device is synced) say which pick must pass, so the test waits for that answer, not for a time.
    await wizard.getByLabel('Schedule a follow-up appointment').check();
    const next = wizard.getByRole('button', { name: 'Next', exact: true });
    const problem = wizard.getByTestId('follow-up-problem');
    const followUpDate = addDays(date, 14);
    const room = ((await wizard.getByRole('combobox', { name: /^Room/ }).inputValue()).split(' · ')[0] ?? '').trim();
    const duration = Number.parseInt(await wizard.getByRole('combobox', { name: /^Duration/ }).inputValue(), 10);
    const staff = (await (await page.request.get('/api/users')).json()) as StaffMember[];
    const eligible = staff.filter((member) => ['doctor', 'hygienist'].includes(member.role));
    const { slots } = (await (
      await page.request.get(`/api/appointments/available-slots?date=${followUpDate}&duration=${duration}`)
    ).json()) as { slots: { time: string; room: string; providerIds: number[] }[] };
    const free = slots.find(
      (slot) =>
        slot.room === room && slot.time >= '09:00' && eligible.some((member) => slot.providerIds.includes(member.id)),
    );
    const provider = eligible.find((member) => free?.providerIds.includes(member.id));
    if (!free || !provider) throw new Error(`no free follow-up slot in ${room} on ${followUpDate}`);
    await choose(wizard, 'Provider', new RegExp(`^${escapeRegExp(provider.displayName)}$`));
    // A taken slot (the provider or the room already booked) says why in the schedule's words.
    const taken = (await serverDay(followUpDate)).find(
      (entry) =>
        entry.status === 'scheduled' &&
        (entry.treatmentRoom === room || entry.providerId === provider.id) &&
        localTime(entry.appointmentDate, PRACTICE_TIME_ZONE) >= '09:00',
    );
    if (taken) {
      await choose(wizard, 'Time', new RegExp(`^${localTime(taken.appointmentDate, PRACTICE_TIME_ZONE)}$`));
      await expect.poll(() => problem.textContent()).toMatch(/booked|conflicts|seeing|unavailable|absent/i);
      await expect.poll(() => next.isDisabled()).toBe(true);
    }
    const followUpTime = free.time;
    await choose(wizard, 'Time', new RegExp(`^${followUpTime}$`));
    await expect.poll(() => problem.count()).toBe(0);
    await expect.poll(() => next.isEnabled()).toBe(true);
    await shot('wizard-laptop-2-follow-up');
    await next.click();

    // Step 3: two recalls, due from the visit date.
    await wizard.getByLabel('Cleaning (6 months)').check();
    await wizard.getByLabel('Fluoride (3 months)').check();
    await shot('wizard-laptop-3-recalls');
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();

    // Step 4: review, survey by text, visit rated good.
    await wizard.getByText('Send satisfaction survey').waitFor();
    expect(await wizard.getByLabel('Send satisfaction survey').isChecked()).toBe(true);
    await wizard.getByText('Text message').click();
    await wizard.getByText('Good', { exact: true }).click();
    await shot('wizard-laptop-4-review');
    await wizard.getByRole('button', { name: 'Complete Check Out' }).click();

    await page.getByText('Patient Checked Out Successfully').waitFor();
    const result = wizard.getByTestId('check-out-result');
    await result.waitFor();
    const parts = result.getByTestId('check-out-part');
    expect(await parts.count()).toBe(4);
    expect(await result.locator('[data-testid="check-out-part"][data-ok="false"]').count()).toBe(0);
    await shot('wizard-laptop-5-done');
    await result.getByRole('button', { name: 'Close' }).click();
    await wizard.waitFor({ state: 'detached' });

    await expect
      .poll(async () => (await serverAppointment(checkedIn.id))?.status, { timeout: SYNC_TIMEOUT_MS })
      .toBe('completed');
    expect(await serverAppointment(checkedIn.id)).toMatchObject({ visitRating: 'good', treatmentCompleted: true });

    // The follow-up is on the grid two weeks on, and on the server.
    await goToDate(followUpDate);
    await expect
      .poll(
        async () =>
          (await serverDay(followUpDate)).find(
            (entry) => entry.patientId === checkedIn.patientId && entry.appointmentType === 'follow-up',
          )?.id,
        { timeout: SYNC_TIMEOUT_MS },
      )
      .toBeTruthy();
    const followUp = (await serverDay(followUpDate)).find(
      (entry) => entry.patientId === checkedIn.patientId && entry.appointmentType === 'follow-up',
    );
    await card(followUp?.id ?? '').waitFor();
    expect(await card(followUp?.id ?? '').getAttribute('data-time')).toBe(followUpTime);
    await goToDate(date);

    // The recalls and the survey are on the patient's page.
    const search = page.locator('input[aria-label="Search patients"]');
    await search.fill(`${checkedIn.patient.firstName} ${checkedIn.patient.lastName}`);
    await page
      .getByTestId('quick-search-option')
      .filter({ hasText: `${checkedIn.patient.lastName}, ${checkedIn.patient.firstName}` })
      .first()
      .click();
    await page.waitForURL(`**/patients/${checkedIn.patientId}`);
    await page.getByRole('tab', { name: 'Recalls' }).click();
    const recalls = page.getByRole('table', { name: 'Recalls' });
    await recalls.waitFor();
    await recalls.getByText('Cleaning').waitFor();
    await recalls.getByText('Fluoride').waitFor();
    expect(await recalls.textContent()).toContain(addMonths(date, 6));
    await page.getByRole('tab', { name: 'Messages' }).click();
    await page.getByRole('table', { name: 'Surveys' }).getByText('Text message').waitFor();
    await shot('patient-messages-laptop');
    await openArea('Scheduling');
    await goToDate(date);
  });

  it('express check-out: completes the visit with payment and rating, and shows why the next visit could not be booked', async () => {
    const visit = await aScheduledAppointment();
    // The next visit's slot (four weeks on, same time, room and provider) is taken first, so the
    // follow-up must fail and the dialog must say so while the check-out itself completes.
    const nextDate = addDays(date, 28);
    const blocker = await page.request.post('/api/appointments', {
      data: {
        patientId: visit.patientId,
        providerId: visit.providerId,
        treatmentRoom: visit.treatmentRoom,
        appointmentDate: instantAt(nextDate, localTime(visit.appointmentDate, PRACTICE_TIME_ZONE), PRACTICE_TIME_ZONE),
        duration: 30,
        procedure: 'Cleaning',
        override: true,
      },
    });
    expect(blocker.status(), await blocker.text()).toBe(201);
    await syncNow(page);
    await checkIn(visit.id);
    await openCardMenu(visit.id);
    await page.getByRole('menuitem', { name: 'Check Out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Express Check-Out' });
    expect(await dialog.getByLabel('Treatment completed').isChecked()).toBe(true);
    await shot('express-laptop-1-open');
    await dialog.getByLabel('Payment collected').check();
    await dialog.getByLabel('Amount').fill('85.5');
    await choose(dialog, 'Method', 'Card');
    // The star inputs are visually hidden behind their icons: click the fourth star itself.
    const fourth = await dialog.getByRole('radio', { name: '4 stars' }).getAttribute('id');
    await dialog.locator(`label[for="${fourth}"]`).click();
    await dialog.getByLabel('Book next appointment').check();
    await choose(dialog, 'Next appointment in', '4 weeks');
    await dialog.getByLabel('Quick notes').fill('Bring the night guard next time.');
    await shot('express-laptop-2-filled');
    await dialog.getByRole('button', { name: 'Express Check-Out' }).click();
    await page.getByText('Express Check-Out Complete').waitFor();

    await expect
      .poll(async () => (await serverAppointment(visit.id))?.status, { timeout: SYNC_TIMEOUT_MS })
      .toBe('completed');
    expect(await serverAppointment(visit.id)).toMatchObject({
      paymentCollected: true,
      paymentAmount: 85.5,
      paymentMethod: 'card',
      patientSatisfaction: 4,
      treatmentCompleted: true,
    });
    const result = dialog.getByTestId('check-out-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('Follow-up not booked');
    await shot('express-laptop-3-follow-up-failed');
    await result.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(
      (await serverDay(nextDate)).filter(
        (entry) => entry.patientId === visit.patientId && entry.appointmentType === 'follow-up',
      ),
    ).toEqual([]);
  });

  it('checks in while offline and reaches the server after reconnecting; payment waits for the connection', async () => {
    const visit = await aScheduledAppointment();
    await context.setOffline(true);
    await checkIn(visit.id, 'Private room');
    await expect.poll(async () => card(visit.id).getAttribute('data-status')).toBe('in-progress');
    expect(await waitingRow(visit.id).getByTestId('waiting-area').textContent()).toBe('Private room');
    await page.getByTestId('pending-count').waitFor();

    // Express check-out offline: the payment inputs are disabled and say why.
    await openCardMenu(visit.id);
    await page.getByRole('menuitem', { name: 'Check Out' }).click();
    const express = page.getByRole('dialog', { name: 'Express Check-Out' });
    await express.getByText('Payment can be recorded when the device is back online.').waitFor();
    expect(await express.getByLabel('Payment collected').isDisabled()).toBe(true);
    await shot('express-laptop-offline');
    await express.getByRole('button', { name: 'Cancel' }).click();

    // The test's own requests bypass the browser's offline switch: the server has not heard of it yet.
    expect((await serverAppointment(visit.id))?.status).toBe('scheduled');
    await context.setOffline(false);
    await page.getByTestId('pending-count').waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await serverAppointment(visit.id))?.status, { timeout: SYNC_TIMEOUT_MS })
      .toBe('in-progress');
    expect((await serverAppointment(visit.id))?.waitingArea).toBe('private');
  });
});

describe('screenshots at tablet size', () => {
  it('shows each dialog at each step at 768×1024', async () => {
    await page.setViewportSize(VIEWPORTS.tablet);
    const visit = await aScheduledAppointment();
    await openCardMenu(visit.id);
    await page.getByRole('menuitem', { name: 'Check In' }).click();
    const checkInDialog = page.getByRole('dialog', { name: 'Quick Check-In' });
    await checkInDialog.waitFor();
    await shot('check-in-tablet-1-open');
    await expectAccessibleDialog();
    await checkInDialog.getByLabel('Insurance verified').check();
    await checkInDialog.getByLabel('Emergency contact confirmed').check();
    await checkInDialog.getByLabel('Medical history updated').check();
    await shot('check-in-tablet-2-verified');
    await checkInDialog.getByRole('button', { name: 'Complete Check-In' }).click();
    await waitingRow(visit.id).waitFor();
    await page.getByTestId('waiting-room').scrollIntoViewIfNeeded();
    await shot('waiting-room-tablet');
    await expectAccessibleDialog('[data-testid="waiting-room"]');

    await waitingRow(visit.id)
      .getByRole('button', { name: /^Check out/ })
      .click();
    const express = page.getByRole('dialog', { name: 'Express Check-Out' });
    await express.getByLabel('Payment collected').check();
    await shot('express-tablet-1-open');
    await expectAccessibleDialog();
    await express.getByRole('button', { name: 'Full Check-Out' }).click();
    const wizard = page.getByRole('dialog', { name: 'Check Out Patient' });
    await wizard.getByLabel('Treatment notes').waitFor();
    await shot('wizard-tablet-1-summary');
    await expectAccessibleDialog();
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await wizard.getByLabel('Schedule a follow-up appointment').check();
    await shot('wizard-tablet-2-follow-up');
    await expectAccessibleDialog();
    // The default slot may be taken by now; this visit needs no follow-up.
    await wizard.getByLabel('Schedule a follow-up appointment').uncheck();
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await wizard.getByLabel('Cleaning (6 months)').check();
    await shot('wizard-tablet-3-recalls');
    await expectAccessibleDialog();
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await wizard.getByText('Send satisfaction survey').waitFor();
    await shot('wizard-tablet-4-review');
    await expectAccessibleDialog();
    await wizard.getByRole('button', { name: 'Complete Check Out' }).click();
    await wizard.getByTestId('check-out-result').waitFor();
    await shot('wizard-tablet-5-done');
    await wizard.getByTestId('check-out-result').getByRole('button', { name: 'Close' }).click();
    await wizard.waitFor({ state: 'detached' });
    // Ten screenshots, each with an accessibility scan, through three dialogs.
  }, 300_000);
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A calendar date moved by whole months, clamped to the month's end like the recall rule. */
function addMonths(day: string, months: number): string {
  const [year = 0, month = 1, dayOfMonth = 1] = day.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(dayOfMonth, last));
  return target.toISOString().slice(0, 10);
}
