import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.ts';
import {
  FIRST_DATA_TIMEOUT_MS,
  openArea,
  openDayAhead,
  openList,
  settled,
  signInToShell,
  syncNow,
  untilControlled,
} from './helpers.ts';

const SHOTS = resolve(import.meta.dirname, '../../screenshots');
const VIEWPORTS = { laptop: { width: 1280, height: 800 }, tablet: { width: 820, height: 1180 } } as const;
const INVALID_PHONE = 'Please enter a valid North American phone number (10 digits)';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser.close();
});

/** In-app navigation: a page load would drop the unlocked key and ask for the password again. */
async function openPatients(page: Page): Promise<void> {
  await openArea(page, 'Patients');
  await page.getByTestId('patient-row').first().waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
}

/** Signed in on the patients page, once the first patients have reached the device. */
async function signedIn(username: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, VIEWPORTS.laptop);
  const page = await context.newPage();
  await signInToShell(page, username);
  await openPatients(page);
  return { context, page };
}

/** The same screen at both sizes the spec's users work at. */
async function shot(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await settled(page);
    await page.screenshot({ path: resolve(SHOTS, `patient-${name}-${size}.png`) });
  }
  await page.setViewportSize(VIEWPORTS.laptop);
}

function unique(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return Array.from({ length: 6 }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
}

async function openWizard(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'New Patient' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Patient' });
  await dialog.waitFor();
  return dialog;
}

async function fillRequired(dialog: Locator, first: string, last: string, phone: string): Promise<void> {
  await dialog.getByLabel('First name').fill(first);
  await dialog.getByLabel('Last name').fill(last);
  await dialog.getByRole('button', { name: 'Next', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Phone', exact: true }).fill(phone);
  await dialog.getByRole('button', { name: 'Next', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Communication preference' }).waitFor();
}

describe('new patient wizard and patient page', () => {
  it('creates a patient through all five steps with two forms and a booking, then shows them', async () => {
    const { context, page } = await signedIn('admin');
    try {
      // The wizard offers free times judged from the device's copy: all of it, not a first pull still landing.
      await syncNow(page);
      const last = `Wizard${unique()}`;
      const dialog = await openWizard(page);

      // Step 1: Next checks with the shared schema and shows its exact words.
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      await dialog.getByText('First name is required').waitFor();
      await dialog.getByText('Last name is required').waitFor();
      await dialog.getByLabel('First name').fill('Rosalind');
      await dialog.getByLabel('Last name').fill(last);
      await dialog.getByLabel('Date of birth').fill('1985-04-12');
      // Closes the calendar the typing opened, so the shot shows the step itself.
      await dialog.getByRole('heading', { name: 'New Patient' }).click();
      await shot(page, 'wizard-1-personal');
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();

      // Step 2: a bad phone is refused with the spec's message; a city suggestion fills the province.
      await dialog.getByRole('textbox', { name: 'Phone', exact: true }).waitFor();
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      await dialog.getByText('Phone number is required').waitFor();
      await dialog.getByRole('textbox', { name: 'Phone', exact: true }).fill('12345');
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      await dialog.getByText(INVALID_PHONE).waitFor();
      await dialog.getByRole('textbox', { name: 'Phone', exact: true }).fill('4165550199');
      await dialog.getByLabel('Email').fill(`${last.toLowerCase()}@example.com`);
      await dialog.getByLabel('Street address').fill('12 King St W');
      await dialog.getByLabel('City', { exact: true }).fill('Tor');
      await page.getByRole('option', { name: 'Toronto, ON' }).click();
      await dialog.getByLabel('Postal code').fill('m5v2t6');
      expect(await dialog.getByLabel('Postal code').inputValue()).toBe('M5V 2T6');
      expect(await dialog.getByRole('combobox', { name: 'Province' }).inputValue()).toBe('ON');
      await shot(page, 'wizard-2-contact');
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();

      // Step 3.
      await dialog.getByLabel('Allergies').fill('Penicillin');
      await dialog.getByLabel('Medical conditions').fill('Asthma');
      await dialog.getByLabel('Medications').fill('Salbutamol');
      await shot(page, 'wizard-3-medical');
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();

      // Step 4: templates from the device, five a page.
      const boxes = dialog.getByRole('checkbox');
      await boxes.first().waitFor();
      expect(await boxes.count()).toBeLessThanOrEqual(5);
      await boxes.nth(0).check();
      await boxes.nth(1).check();
      await dialog.getByText('2 selected').waitFor();
      await shot(page, 'wizard-4-forms');
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();

      // Step 5: a free slot, checked with the shared conflict rules.
      await dialog.getByLabel('Appointment date').fill(openDayAhead(3));
      await dialog.getByLabel('Appointment date').press('Tab');
      // The times are offered once the device has read that day; taken ones say '(unavailable)'.
      const times = await openList(page, dialog.getByRole('combobox', { name: 'Time' }));
      await times.getByRole('option').filter({ hasNotText: 'unavailable' }).first().click();
      await shot(page, 'wizard-5-schedule');
      await dialog.getByRole('button', { name: 'Create patient' }).click();

      await dialog.getByText('Patient saved').waitFor();
      await dialog.getByText('Forms queued').waitFor();
      await dialog.getByText('2 forms will be sent to the patient.').waitFor();
      await dialog.getByText('Appointment booked').waitFor();
      await shot(page, 'wizard-done');
      await dialog.getByRole('button', { name: 'Open patient' }).click();

      await page.getByRole('heading', { name: `Rosalind ${last}` }).waitFor();
      await page.getByText('(416) 555-0199').first().waitFor();
      const alerts = page.getByRole('alert', { name: 'Medical alerts' });
      await alerts.getByText('Penicillin').waitFor();
      await alerts.getByText('Asthma').waitFor();
      await page.getByRole('tab', { name: /^Appointments/ }).click();
      await page.getByRole('table', { name: 'Upcoming appointments' }).getByText('New Patient Consultation').waitFor();
      await shot(page, 'detail');
      // The sends go out through the outbox after the patient's create; the page lists them once the server has them.
      await page.getByRole('tab', { name: 'Forms' }).click();
      await expect
        .poll(
          async () => {
            await page.getByRole('tab', { name: 'Details' }).click();
            await page.getByRole('tab', { name: 'Forms' }).click();
            return page.getByRole('table', { name: 'Forms sent' }).getByRole('row').count();
          },
          { timeout: 60_000, interval: 1_000 },
        )
        .toBe(3);
      await shot(page, 'detail-forms');
    } finally {
      await context.close();
    }
    // Five steps with two screenshots each, a booking, the patient page and the forms' round trip.
  }, 300_000);

  it('refuses a bad phone on the patient page with the exact message and saves nothing', async () => {
    const { context, page } = await signedIn('receptionist');
    try {
      await page.getByTestId('patient-row').first().click();
      const heading = page.getByRole('heading', { level: 2 });
      await heading.waitFor();
      const name = await heading.textContent();
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const form = page.getByRole('form', { name: 'Edit patient details' });
      const before = await form.getByRole('textbox', { name: 'Phone', exact: true }).inputValue();
      await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('123');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await form.getByText(INVALID_PHONE).waitFor();
      await shot(page, 'detail-edit-invalid');
      await form.getByRole('button', { name: 'Cancel' }).click();

      // Nothing was written: no save toast, and the form opens again on the stored number.
      await page.getByRole('button', { name: 'Edit details' }).waitFor();
      expect(await page.getByText('Patient updated').count()).toBe(0);
      expect(await heading.textContent()).toBe(name);
      await page.getByRole('button', { name: 'Edit details' }).click();
      expect(await form.getByRole('textbox', { name: 'Phone', exact: true }).inputValue()).toBe(before);
    } finally {
      await context.close();
    }
  });

  it('creates a patient offline and opens their page before reconnecting', async () => {
    const { context, page } = await signedIn('receptionist');
    try {
      // The patient's page is a part of the app the device has only once the service worker holds it.
      await untilControlled(page);
      await context.setOffline(true);
      const last = `Offline${unique()}`;
      const dialog = await openWizard(page);
      await fillRequired(dialog, 'Ingrid', last, '(613) 555-0123');
      // A receptionist lacks patients.medical_history: the step says who completes it and offers no lists.
      await dialog.getByText('A clinician completes the medical history').waitFor();
      expect(await dialog.getByLabel('Allergies').count()).toBe(0);
      await shot(page, 'wizard-3-medical-locked');
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      await dialog.getByRole('button', { name: 'Create patient' }).click();
      await dialog.getByText('Patient saved').waitFor();
      await dialog.getByRole('button', { name: 'Open patient' }).click();

      await page.getByRole('heading', { name: `Ingrid ${last}` }).waitFor();
      await page.getByText('(613) 555-0123').first().waitFor();
      await page.getByText('Not yet on the server').waitFor();
      // Family links are read from the device: offline, a new patient's tab says there are none yet.
      await page.getByRole('tab', { name: 'Family' }).click();
      await page.getByText('No family members are linked to this patient.').waitFor();

      // Back online the create is accepted: nothing the device queued was one the server refuses.
      await context.setOffline(false);
      await syncNow(page);
      await page.getByText('Not yet on the server').waitFor({ state: 'detached' });
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  }, 180_000);
  it('finds a likely duplicate (same phone and last name) and offers to open the existing patient', async () => {
    const { context, page } = await signedIn('receptionist');
    try {
      const row = page.getByTestId('patient-row').first();
      const [name = '', phone = ''] = await row.locator('td').allTextContents();
      const [lastName = '', firstName = ''] = name.split(',').map((part) => part.trim());
      const dialog = await openWizard(page);
      await dialog.getByLabel('First name').fill('Someone');
      await dialog.getByLabel('Last name').fill(lastName);
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      await dialog.getByRole('textbox', { name: 'Phone', exact: true }).fill(phone);
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      await dialog.getByText('This patient may already exist').waitFor();
      await dialog.getByRole('button', { name: 'Open existing patient' }).click();
      await page.getByRole('heading', { name: `${firstName} ${lastName}` }).waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/patients\/[0-9a-f-]{36}$/);
    } finally {
      await context.close();
    }
  });
  it('lists the patient’s recalls, soonest due first, on the Recalls tab', async () => {
    const { context, page } = await signedIn('receptionist');
    try {
      await page.getByTestId('patient-row').first().click();
      await page.waitForURL(/\/patients\/[0-9a-f-]{36}$/);
      const patientId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
      const [type] = (await (await page.request.get('/api/recall-types')).json()) as { id: number; name: string }[];
      if (!type) throw new Error('no recall types in the seed');
      const created = await page.request.post('/api/recalls', {
        data: { patientId, recallTypeId: type.id, dueDate: '2027-05-22', priority: 'high' },
      });
      expect(created.status()).toBe(201);
      await page.getByRole('tab', { name: 'Recalls' }).click();
      const recalls = page.getByRole('table', { name: 'Recalls' });
      await recalls.getByText(type.name).waitFor();
      await recalls.getByText('2027-05-22').waitFor();
    } finally {
      await context.close();
    }
  });
  it('shows how many appointments the patient missed, once one is marked no-show', async () => {
    const { context, page } = await signedIn('receptionist');
    try {
      const list = (await (await page.request.get(`/api/appointments?date=${openDayAhead(1)}`)).json()) as {
        id: string;
        patientId: string;
        status: string;
      }[];
      const appointment = list.find((entry) => entry.status === 'scheduled');
      if (!appointment) throw new Error('no scheduled appointment tomorrow in the seed');
      const marked = await page.request.patch(`/api/appointments/${appointment.id}`, { data: { status: 'no-show' } });
      expect(marked.status()).toBe(200);
      const patient = (await (await page.request.get(`/api/patients/${appointment.patientId}`)).json()) as {
        firstName: string;
        lastName: string;
      };
      await page.getByLabel('Search the patient list').fill(`${patient.firstName} ${patient.lastName}`);
      // The patient may still be on the way to this device: the row shows once the pull has brought it.
      const row = page.getByTestId('patient-row').filter({ hasText: patient.firstName }).first();
      await row.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
      await row.click();
      await page.getByRole('heading', { name: `${patient.firstName} ${patient.lastName}` }).waitFor();
      expect(await page.getByTestId('no-show-count').textContent()).toMatch(/^\d+ no-shows?$/);
    } finally {
      await context.close();
    }
  });
});
