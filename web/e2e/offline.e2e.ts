import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeDialogEverywhere } from './axe.ts';
import { launchBrowser, newContext } from './browser.ts';
import {
  choose,
  FIRST_DATA_TIMEOUT_MS,
  openArea,
  openDayAhead,
  readyForOffline,
  SYNC_TIMEOUT_MS,
  searchAndChoose,
  settled,
  signInOffline,
} from './helpers.ts';

const SHOTS = resolve(import.meta.dirname, '../../screenshots');

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function reloadOffline(page: Page, username: string, area: 'Patients' | 'Scheduling'): Promise<void> {
  await page.reload();
  await signInOffline(page, username);
  await openArea(page, area);
}

/** Shows `day` on the schedule: the grid carries the date of the data it draws, so this waits for that day's cards. */
async function showDay(page: Page, day: string): Promise<void> {
  await page.getByLabel('Schedule date').fill(day);
  await page.getByLabel('Schedule date').press('Tab');
  await page.locator(`[data-testid="schedule-grid"][data-date="${day}"]`).waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
}

async function bookOffline(page: Page, options: { day: string; patient: string; room: string; time: string }) {
  await openArea(page, 'Scheduling');
  // The form books on the day the schedule shows: it must be this day before the form opens.
  await showDay(page, options.day);
  await page.getByRole('button', { name: 'New Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Appointment' });
  await searchAndChoose(page, dialog.getByRole('combobox', { name: /^Patient/ }), options.patient);
  await choose(page, dialog, 'Time', options.time);
  await choose(page, dialog, 'Room', new RegExp(`^${options.room}\\b`));
  await choose(page, dialog, 'Provider', /^Dr\./);
  await dialog.getByLabel('Procedure').fill('Cleaning');
  await dialog.getByRole('button', { name: 'Book appointment' }).click();
  await page.getByText(`${options.time} in ${options.room}.`).waitFor();
  await dialog.waitFor({ state: 'detached' });
}

describe('offline mode', () => {
  it('after going offline and reloading, the shell and the offline areas render from the device', async () => {
    const context = await newContext(browser);
    const page = await readyForOffline(context, 'receptionist');
    // A seeded open day, counted online first: the same day must render the same cards offline.
    const day = openDayAhead(1);
    await openArea(page, 'Scheduling');
    // readyForOffline synced the device; the grid carries the day its cards are of.
    await showDay(page, day);
    await page.getByTestId('appointment-card').first().waitFor();
    const cardsOnline = await page.getByTestId('appointment-card').count();

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await signInOffline(page, 'receptionist');
    await openArea(page, 'Patients');
    await page.getByTestId('patient-row').first().waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    expect(await page.getByTestId('connection-status').textContent()).toBe('Offline');
    await openArea(page, 'Scheduling');
    await showDay(page, day);
    expect(await page.getByTestId('appointment-card').count()).toBe(cardsOnline);
    await page.getByRole('link', { name: 'Billing', exact: true }).click();
    await page.getByText('This area needs an internet connection.').waitFor();
    await context.close();
  }, 240_000);

  it('a patient and an appointment created offline survive two reloads and reach the server exactly once', async () => {
    const context = await newContext(browser);
    const page = await readyForOffline(context, 'receptionist');
    await context.setOffline(true);

    await page.getByRole('button', { name: 'New Patient' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Patient' });
    await dialog.getByLabel('First name').fill('Offlina');
    await dialog.getByLabel('Last name').fill('Quenneville');
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Phone', exact: true }).fill('(416) 555-0911');
    // Leaving the contact step checks for duplicates on the device first: wait for each step to show.
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    const medicalStep = dialog.getByRole('combobox', { name: 'Communication preference' });
    await medicalStep.waitFor();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await medicalStep.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByRole('button', { name: 'Create patient' }).click();
    await dialog.getByText('Patient saved').waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });
    await bookOffline(page, { day: openDayAhead(30), patient: 'Quenneville', room: 'Room 5', time: '10:00' });
    await page.getByTestId('pending-count').filter({ hasText: '2 waiting to sync' }).waitFor();
    // What a screen reader hears of the sync state: a polite status region. Sends failing while offline are
    // expected, so the device does not call itself stuck.
    const announcer = page.getByRole('status').and(page.getByTestId('sync-announcer'));
    await expect.poll(() => announcer.textContent()).toBe('Offline. 2 waiting to sync');

    for (let reload = 0; reload < 2; reload++) await reloadOffline(page, 'receptionist', 'Patients');
    await page.getByLabel('Search the patient list').fill('Quenneville');
    await page.getByTestId('patient-row').filter({ hasText: 'Pending sync' }).waitFor();
    // Still offline: the header's quick search finds them on this device, with a typo.
    await page.getByLabel('Search patients', { exact: true }).fill('Quennevile');
    await page.getByTestId('quick-search-option').filter({ hasText: 'Offlina' }).waitFor();
    await page.getByLabel('Search patients', { exact: true }).press('Escape');

    // The toast and the empty queue come together; waiting for both at once cannot miss a toast that closed.
    const synced = page.getByText('Sync Complete').waitFor();
    await context.setOffline(false);
    await page.getByTestId('pending-count').waitFor({ state: 'detached' });
    await synced;
    await expect.poll(() => announcer.textContent()).toMatch(/^Online(?!.*(waiting to sync|Sync stuck))/);
    const patients = await (await page.request.get('/api/patients?search=Quenneville&status=all')).json();
    expect(patients).toHaveLength(1);
    const day = openDayAhead(30);
    const appointments = (await (await page.request.get(`/api/appointments?date=${day}`)).json()) as {
      patientId: string;
    }[];
    expect(appointments.filter((a) => a.patientId === patients[0].id)).toHaveLength(1);
    await context.close();
    // Two offline reloads, each unlocking and reading the practice from the device, then a sync.
  }, 300_000);

  it('two devices book the same room and time offline: one is accepted, the other lands in Needs attention', async () => {
    const [first, second] = [await newContext(browser), await newContext(browser)];
    const [pageA, pageB] = [await readyForOffline(first, 'receptionist'), await readyForOffline(second, 'admin')];
    await first.setOffline(true);
    await second.setOffline(true);
    const slot = { day: openDayAhead(32), room: 'Room 7', time: '11:00' };
    await bookOffline(pageA, { ...slot, patient: 'Abbott' });
    await bookOffline(pageB, { ...slot, patient: 'Adams' });

    const syncedA = pageA.getByText('Sync Complete').waitFor();
    await first.setOffline(false);
    await syncedA;
    await pageA.getByTestId('pending-count').waitFor({ state: 'detached' });
    await second.setOffline(false);
    // The refusal is read out at once: an assertive (alert) region.
    await expect
      .poll(() => pageB.getByRole('alert').and(pageB.getByTestId('attention-announcer')).textContent(), {
        timeout: SYNC_TIMEOUT_MS,
      })
      .toBe('Needs attention: 1');
    // The scan reads the drawer at rest: a drawer mid-slide shows colours it never stays at.
    await pageB.emulateMedia({ reducedMotion: 'reduce' });
    await pageB.getByTestId('attention-count').click();
    const reason = await pageB.getByTestId('attention-reason').first().innerText();
    expect(reason).toContain(`${slot.time}`);
    expect(reason).toContain('is already booked by');
    const drawer = pageB.getByRole('dialog', { name: 'Needs attention' });
    expect(await axeDialogEverywhere(pageB, 'needs attention', drawer)).toEqual([]);

    const booked = (await (await pageA.request.get(`/api/appointments?date=${slot.day}`)).json()) as {
      treatmentRoom: string;
    }[];
    expect(booked.filter((a) => a.treatmentRoom === slot.room)).toHaveLength(1);
    await first.close();
    await second.close();
    // Two devices each download the whole practice before going offline: the longest flow of the suite.
  }, 300_000);
});

/** What Hard Refresh could destroy: the offline sign-in kept in local storage and the app kept by the service worker. */
async function deviceState(page: Page): Promise<{ storageKeys: string[]; cachedFiles: number }> {
  return page.evaluate(async () => {
    let cachedFiles = 0;
    for (const name of await caches.keys()) cachedFiles += (await (await caches.open(name)).keys()).length;
    return { storageKeys: Object.keys(localStorage).sort(), cachedFiles };
  });
}

describe('Hard Refresh', () => {
  it('offline: refuses with a message, clears nothing, and the queued change and offline sign-in survive', async () => {
    const context = await newContext(browser);
    const page = await readyForOffline(context, 'receptionist');
    await context.setOffline(true);
    await bookOffline(page, { day: openDayAhead(34), patient: 'Smith', room: 'Room 9', time: '14:00' });
    await page.getByTestId('pending-count').filter({ hasText: '1 waiting to sync' }).waitFor();
    const before = await deviceState(page);
    expect(before.storageKeys).toContain('dentalflow-offline-profiles');
    expect(before.cachedFiles).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Hard Refresh' }).click();
    await page.getByText('Hard Refresh needs a connection').waitFor();
    await page.getByText('Nothing was cleared').waitFor();
    // Off the button, so its tooltip is gone, and past the toast's slide-in, so the picture shows all of it.
    await page.mouse.move(600, 500);
    await expect.poll(() => page.getByRole('tooltip').count()).toBe(0);
    await settled(page);
    await page.screenshot({ path: resolve(SHOTS, 'hard-refresh-offline-refused.png') });
    expect(await deviceState(page)).toEqual(before);

    // A reload while still offline opens the app, takes the password and finds the change still waiting.
    await page.reload();
    await signInOffline(page, 'receptionist');
    await page.getByTestId('pending-count').filter({ hasText: '1 waiting to sync' }).waitFor();
    await context.setOffline(false);
    await page.getByTestId('pending-count').waitFor({ state: 'detached' });
    await context.close();
  }, 240_000);

  it('online: reloads from the server and keeps the offline sign-in, so the device still opens offline afterwards', async () => {
    const context = await newContext(browser);
    const page = await readyForOffline(context, 'receptionist');
    await page.evaluate(() => {
      localStorage.setItem('hard-refresh-probe', 'cleared by Hard Refresh');
      sessionStorage.setItem('hard-refresh-probe', 'cleared by Hard Refresh');
    });

    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Hard Refresh' }).click();
    await reloaded;
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const after = await deviceState(page);
    expect(after.storageKeys).toContain('dentalflow-offline-profiles');
    expect(after.storageKeys).not.toContain('hard-refresh-probe');
    expect(await page.evaluate(() => sessionStorage.getItem('hard-refresh-probe'))).toBeNull();
    await page.screenshot({ path: resolve(SHOTS, 'hard-refresh-online-done.png') });

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await signInOffline(page, 'receptionist');
    await openArea(page, 'Patients');
    await page.getByTestId('patient-row').first().waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    await context.close();
  }, 240_000);
});
