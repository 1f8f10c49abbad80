import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.ts';
import {
  FIRST_DATA_TIMEOUT_MS,
  openArea,
  openDayAhead,
  PRACTICE_TIME_ZONE,
  practiceDay,
  readyForOffline,
  SYNC_TIMEOUT_MS,
  settled,
} from './helpers.ts';

// The Ninja AI assistant as a front desk uses it: Ctrl+K, a command in plain words, the preview of what it will
// do, Confirm; online and through an outage (the booking is written on the device and synced later).

const SHOTS = resolve(import.meta.dirname, '../../screenshots/assistant');
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

interface ServerPatient {
  id: string;
  firstName: string;
  lastName: string;
}
interface ServerAppointment {
  id: string;
  patientId: string;
  appointmentDate: string;
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let patients: ServerPatient[];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  context = await newContext(browser);
  page = await readyForOffline(context, 'receptionist');
  const answer = (await (await page.request.get('/api/patients?limit=1000')).json()) as
    | ServerPatient[]
    | { patients: ServerPatient[] };
  const all = Array.isArray(answer) ? answer : answer.patients;
  // Names nobody else shares, first or last, so the command names exactly one patient.
  const count = (name: string) =>
    all.filter((p) => p.firstName === name || p.lastName === name || p.lastName.startsWith(name)).length;
  patients = all.filter(
    (p) => /^[A-Za-z]{3,}$/.test(p.firstName) && /^[A-Za-z]{3,}$/.test(p.lastName) && count(p.lastName) === 1,
  );
  expect(patients.length).toBeGreaterThan(4);
}, 240_000);

afterAll(async () => {
  await context.close();
  await browser.close();
});

/** Tomorrow on the practice's clock, or the first day after it that the practice opens. */
const nextOpenDay = () => openDayAhead(1);

/** 'dec 3': how people type a date, read by the interpreter in the practice's zone. */
function spoken(day: string): string {
  return `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;
}

const fullName = (patient: ServerPatient) => `${patient.firstName} ${patient.lastName}`;

async function openAssistant(): Promise<Locator> {
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Ninja AI' });
  await dialog.getByRole('combobox', { name: 'Command' }).waitFor();
  // The interpreter is ready once the device's data is read: the box stops saying so.
  await expect
    .poll(() => dialog.getByRole('combobox', { name: 'Command' }).getAttribute('placeholder'), {
      timeout: FIRST_DATA_TIMEOUT_MS,
    })
    .not.toContain('Reading');
  return dialog;
}

async function closeAssistant(dialog: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

async function send(dialog: Locator, command: string): Promise<void> {
  const input = dialog.getByRole('combobox', { name: 'Command' });
  await input.fill(command);
  await input.press('Enter');
  // A suggestion list open on Enter takes the highlighted one; none is highlighted here, so the command goes.
  await dialog.getByRole('log').getByText(command, { exact: true }).waitFor();
}

/** The appointment on the server for this patient on this day at this local time, once it has arrived. */
async function onServer(patient: ServerPatient, day: string, time: string): Promise<ServerAppointment> {
  let found: ServerAppointment | undefined;
  await expect
    .poll(
      async () => {
        const list = (await (await page.request.get(`/api/appointments?date=${day}`)).json()) as ServerAppointment[];
        found = list.find(
          (appointment) =>
            appointment.patientId === patient.id &&
            new Intl.DateTimeFormat('en-GB', {
              timeZone: PRACTICE_TIME_ZONE,
              hour: '2-digit',
              minute: '2-digit',
            }).format(new Date(appointment.appointmentDate)) === time,
        );
        return found !== undefined;
      },
      { timeout: SYNC_TIMEOUT_MS, interval: 500 },
    )
    .toBe(true);
  return found as ServerAppointment;
}

async function showDay(day: string): Promise<void> {
  await openArea(page, 'Scheduling');
  await page.getByLabel('Schedule date').fill(day);
  await page.getByLabel('Schedule date').press('Tab');
  await page.locator(`[data-testid="schedule-grid"][data-date="${day}"]`).waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
}

/** Books through the assistant and returns the preview card it confirmed. */
async function bookThroughAssistant(patient: ServerPatient, day: string, hour: number, shot: string): Promise<void> {
  const dialog = await openAssistant();
  await send(dialog, `book ${fullName(patient).toLowerCase()} ${spoken(day)} at ${hour}am for a cleaning`);
  const card = dialog.getByRole('group', { name: /Book/i });
  await card.waitFor();
  await expect.poll(() => card.textContent()).toContain(fullName(patient));
  for (const field of ['Patient', 'Provider', 'Room', 'Date and time', 'Duration', 'Procedure']) {
    await card.getByText(field, { exact: true }).waitFor();
  }
  await expect.poll(() => card.textContent()).toMatch(new RegExp(`${hour}:00\\s?AM`));
  expect(await card.textContent()).toMatch(/Room \d+/);
  expect(await card.textContent()).toMatch(/Dr\. |Provider/);
  await settled(page);
  await page.screenshot({ path: resolve(SHOTS, shot) });

  // Nothing is written before Confirm; Confirm is reached from the command box by Tab.
  await dialog.getByRole('combobox', { name: 'Command' }).focus();
  const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
  for (let step = 0; step < 4 && !/^Confirm/.test(await focused()); step++) await page.keyboard.press('Tab');
  expect(await focused()).toMatch(/^Confirm/);
  expect(await page.getByText('Command Executed').count()).toBe(0);
  await page.keyboard.press('Enter');
  await page.getByText('Command Executed').waitFor();
  await card.getByText('Done').waitFor();
  await closeAssistant(dialog);
}

describe('Ninja AI assistant', () => {
  it('online: Ctrl+K, a booking in plain words, its preview, Confirm; on the schedule and on the server', async () => {
    const patient = patients[0] as ServerPatient;
    const day = nextOpenDay();
    await bookThroughAssistant(patient, day, 10, 'preview-online.png');
    await onServer(patient, day, '10:00');
    await showDay(day);
    await page.getByTestId('appointment-card').filter({ hasText: patient.lastName }).first().waitFor();
  }, 240_000);

  it('offline: the same booking is written on the device, shown pending, and synced when back online', async () => {
    const patient = patients[1] as ServerPatient;
    const day = nextOpenDay();
    await context.setOffline(true);
    try {
      await bookThroughAssistant(patient, day, 11, 'preview-offline.png');
      await showDay(day);
      const card = page.getByTestId('appointment-card').filter({ hasText: patient.lastName }).first();
      await card.waitFor();
      await expect
        .poll(() => card.locator('[aria-label]').first().getAttribute('aria-label'))
        .toContain('pending sync');
    } finally {
      await context.setOffline(false);
    }
    await onServer(patient, day, '11:00');
  }, 240_000);

  it("Edit opens the schedule's booking form prefilled, and nothing is booked", async () => {
    const patient = patients[3] as ServerPatient;
    const day = nextOpenDay();
    const dialog = await openAssistant();
    await send(dialog, `book ${fullName(patient).toLowerCase()} ${spoken(day)} at 9am`);
    await dialog.getByRole('group', { name: /Book/i }).getByRole('button', { name: 'Edit' }).click();
    await dialog.waitFor({ state: 'detached' });
    const form = page.getByRole('dialog', { name: 'New Appointment' });
    await form.waitFor();
    await expect.poll(() => form.getByRole('combobox', { name: /^Patient/ }).inputValue()).toContain(patient.lastName);
    await settled(page);
    await page.screenshot({ path: resolve(SHOTS, 'edit-form.png') });
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    const list = (await (await page.request.get(`/api/appointments?date=${day}`)).json()) as ServerAppointment[];
    expect(list.filter((appointment) => appointment.patientId === patient.id)).toEqual([]);
  }, 120_000);

  it('a command with a typo is read generously and says so', async () => {
    const dialog = await openAssistant();
    const input = dialog.getByRole('combobox', { name: 'Command' });
    await input.fill('shwo the schedule for tmrw');
    await input.press('Enter');
    await page.getByText('AI Enhanced Command').waitFor();
    await page.getByText(/Applied \d+ adaptation\(s\) for better understanding/).waitFor();
    // Showing a schedule is a navigation: the assistant closes on the page asked for.
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL(/\/scheduling\?/);
    // The schedule opens on the day asked for, not on today.
    await page
      .locator(`[data-testid="schedule-grid"][data-date="${practiceDay(-1)}"]`)
      .waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
  }, 120_000);

  it("'How do I …' opens the floating guide on its first step and closes the assistant after 1.5 s", async () => {
    const dialog = await openAssistant();
    await send(dialog, 'how do I check in a patient?');
    const guide = page.getByTestId('floating-guide');
    await guide.waitFor();
    // The assistant stays long enough to read its answer, then gives way to the guide.
    expect(await dialog.isVisible()).toBe(true);
    const opened = Date.now();
    await dialog.waitFor({ state: 'detached', timeout: 5_000 });
    expect(Date.now() - opened).toBeGreaterThan(900);
    await expect.poll(() => guide.getAttribute('aria-label')).toMatch(/check/i);
    await guide.getByRole('button', { name: /close/i }).first().click();
    await guide.waitFor({ state: 'detached' });
  }, 120_000);

  it('offline, a command that needs the server says it needs the connection and does nothing', async () => {
    // A reminder needs an appointment still to come: the first test booked this patient's.
    const patient = patients[0] as ServerPatient;
    await context.setOffline(true);
    try {
      const dialog = await openAssistant();
      await send(dialog, `send a reminder to ${fullName(patient).toLowerCase()}`);
      await dialog.getByRole('log').getByText('This needs an internet connection.', { exact: false }).waitFor();
      expect(await dialog.getByTestId('assistant-preview').count()).toBe(0);
      await closeAssistant(dialog);
    } finally {
      await context.setOffline(false);
    }
  }, 120_000);

  it('by keyboard: suggestions open as you type, arrows move, Enter takes one, Escape closes the list only', async () => {
    const dialog = await openAssistant();
    const input = dialog.getByRole('combobox', { name: 'Command' });
    await input.pressSequentially('book ', { delay: 30 });
    const options = page.getByTestId('assistant-suggestion');
    await options.first().waitFor();
    await expect.poll(() => input.getAttribute('aria-expanded')).toBe('true');
    await input.press('ArrowDown');
    await input.press('ArrowDown');
    const second = (await options.nth(1).textContent()) ?? '';
    await expect.poll(() => input.getAttribute('aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'));
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe(second);
    await expect.poll(() => input.getAttribute('aria-expanded')).toBe('false');

    // Typing again reopens the list; Escape closes it and leaves the dialog open.
    await input.fill('open ');
    await options.filter({ hasText: /^open/i }).first().waitFor();
    await input.press('Escape');
    await expect.poll(() => input.getAttribute('aria-expanded')).toBe('false');
    expect(await dialog.isVisible()).toBe(true);
    await closeAssistant(dialog);
    // Focus went back where it was before the dialog opened.
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]'))).toBeNull();
  }, 120_000);
});
