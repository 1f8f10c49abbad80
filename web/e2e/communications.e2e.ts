import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PushAction, PushResponse } from '@dental/domain/sync/protocol';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeReport } from './axe.ts';
import { launchBrowser, newContext } from './browser.ts';
import { type FakeApi, fakeCommunicationsApi } from './communications-api-fake.ts';
import {
  choose,
  FIRST_DATA_TIMEOUT_MS,
  flatSidebar,
  practiceDay,
  SYNC_TIMEOUT_MS,
  settled,
  signInToShell,
  syncNow,
} from './helpers.ts';

// The staff's communications screens (issue 20, point 5) and their review of submitted forms. The staff API is
// answered by `fakeCommunicationsApi` (one place to switch to the real server); the patient's language and
// consent go through the real device store, outbox and server.

const SHOTS = resolve(import.meta.dirname, '../../screenshots/issue-20');
const VIEWPORTS = { tablet: { width: 1024, height: 768 }, laptop: { width: 1440, height: 900 } } as const;

interface ServerPatient {
  id: string;
  firstName: string;
  lastName: string;
}
interface ServerAppointment {
  id: string;
  patientId: string;
  status: string;
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: FakeApi;
let patient: ServerPatient | undefined;
/** Ids of the patient's appointments in the days ahead. */
const upcoming: string[] = [];

/** The patient found before the tests; they all need one. */
function thePatient(): ServerPatient {
  if (!patient) throw new Error('no patient');
  return patient;
}

const calls = (method: string, path: string | RegExp) =>
  api.calls.filter(
    (call) =>
      call.method === method && (typeof path === 'string' ? call.url.pathname === path : path.test(call.url.pathname)),
  );
const lastLogQuery = () => calls('GET', '/api/communications/messages').at(-1)?.url.searchParams;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  // Requests a service worker makes would pass by page.route; these screens are online-only anyway.
  context = await newContext(browser, VIEWPORTS.laptop, { serviceWorkers: 'block' });
  page = await context.newPage();
  await signInToShell(page, 'receptionist');
  // A patient with an appointment a few days ahead, so a confirmation request has something to be about.
  for (let ahead = 2; ahead <= 8 && !patient; ahead += 1) {
    const day = practiceDay(-ahead);
    const booked = (await (await page.request.get(`/api/appointments?date=${day}`)).json()) as ServerAppointment[];
    for (const appointment of booked.filter((row) => row.status === 'scheduled')) {
      const candidate = (await (
        await page.request.get(`/api/patients/${appointment.patientId}`)
      ).json()) as ServerPatient;
      if (/^[A-Za-z]{3,}$/.test(candidate.lastName)) {
        patient = candidate;
        break;
      }
    }
  }
  if (!patient) throw new Error('no patient with a plain name and an appointment ahead');
  // Every appointment of theirs from today to that day: the confirmation request is about the soonest.
  for (let ahead = 0; ahead <= 8; ahead += 1) {
    const booked = (await (
      await page.request.get(`/api/appointments?date=${practiceDay(-ahead)}`)
    ).json()) as ServerAppointment[];
    upcoming.push(...booked.filter((row) => row.patientId === patient?.id).map((row) => row.id));
  }
  api = await fakeCommunicationsApi(page, { id: patient.id, name: `${patient.firstName} ${patient.lastName}` });
}, 240_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** No sideways scroll, and no serious or critical axe finding in `scope`. */
async function checkPage(scope: string): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(1);
  expect(await axeReport(page, scope, { include: [scope] })).toEqual([]);
}

async function shoot(name: string, scope = 'main'): Promise<void> {
  for (const viewport of Object.values(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      // The colours follow Mantine's attribute on the root; read the page only once it has switched.
      await page.waitForFunction(
        (wanted) => document.documentElement.getAttribute('data-mantine-color-scheme') === wanted,
        scheme,
      );
      // A button just clicked would be photographed in its hover colour.
      await page.mouse.move(0, 0);
      await settled(page);
      await checkPage(scope);
      await page.screenshot({ path: resolve(SHOTS, `${name}-${viewport.width}-${scheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(VIEWPORTS.laptop);
}

async function openFromSidebar(name: RegExp, url: RegExp): Promise<void> {
  const nav = await flatSidebar(page);
  await nav.getByRole('link', { name }).click();
  await page.waitForURL(url);
}

const main = () => page.getByRole('main');

describe('communications', () => {
  it('filters and pages the message log on the server, and resends a failed message', async () => {
    await openFromSidebar(/^Communications$/, /\/communications$/);
    const table = main().getByRole('table', { name: 'Message log' });
    await table.waitFor();
    expect(Object.fromEntries(lastLogQuery() ?? [])).toEqual({ page: '1', pageSize: '50' });
    await expect.poll(() => table.getByTestId('message-row').count()).toBe(50);
    const failed = table.getByTestId('message-row').first();
    expect(await failed.textContent()).toContain('Failed');
    expect(await failed.textContent()).toContain('SMTP 421');

    await main().getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect.poll(() => lastLogQuery()?.get('page')).toBe('2');

    await choose(page, main(), 'Status', 'Failed');
    await expect.poll(() => lastLogQuery()?.get('status')).toBe('failed');
    // A new filter starts again at the first page.
    expect(lastLogQuery()?.get('page')).toBe('1');
    await choose(page, main(), 'Channel', 'SMS');
    await main().getByLabel('From', { exact: true }).fill('2026-11-01');
    await main().getByLabel('To', { exact: true }).fill('2026-11-20');
    await expect
      .poll(() => Object.fromEntries(lastLogQuery() ?? []))
      .toEqual({ status: 'failed', channel: 'sms', from: '2026-11-01', to: '2026-11-20', page: '1', pageSize: '50' });
    await shoot('communications-log');

    await main().getByRole('button', { name: 'Clear filters' }).click();
    // The first page without filters may come from the cache: the screen shows it again, whole.
    await expect.poll(() => main().getByLabel('From', { exact: true }).inputValue()).toBe('');
    expect(await main().getByRole('combobox', { name: 'Status' }).inputValue()).toBe('Any status');
    await expect.poll(() => table.getByTestId('message-row').count()).toBe(50);
    const row = table.getByTestId('message-row').first();
    // A queued message has not left yet: nothing to resend.
    expect(
      await table
        .getByTestId('message-row')
        .nth(2)
        .getByRole('button', { name: /^Resend/ })
        .count(),
    ).toBe(0);
    await row.getByRole('button', { name: /^Resend/ }).click();
    await page.getByText('Message queued').waitFor();
    expect(calls('POST', '/api/communications/messages/msg-1-0/resend')).toHaveLength(1);
  });

  it('edits a template: unknown placeholders refused before saving, a server refusal shown on the field', async () => {
    await main().getByRole('tab', { name: 'Templates' }).click();
    const body = main().getByTestId('template-body');
    await body.waitFor();
    expect(await main().getByTestId('template-preview').textContent()).toContain('Hi Jordan, your appointment at');

    await main().locator('label', { hasText: 'Français' }).click();
    await expect.poll(() => body.inputValue()).toContain('Bonjour');
    await body.fill('Bonjour {patientName}, à bientôt. ');
    await main().getByRole('button', { name: 'Save template' }).click();
    await main().getByText('body uses unknown placeholders: {patientName}').waitFor();
    expect(calls('PUT', /^\/api\/communications\/templates\//)).toHaveLength(0);

    await body.fill('Bonjour ');
    await main().getByRole('button', { name: '{patientFirstName}' }).click();
    await expect.poll(() => body.inputValue()).toBe('Bonjour {patientFirstName}');
    expect(await main().getByTestId('template-preview').textContent()).toBe('Bonjour Amélie');
    await shoot('communications-templates');
    await main().getByRole('button', { name: 'Save template' }).click();
    await page.getByText('Template saved').waitFor();
    const saved = calls('PUT', '/api/communications/templates/appointment_reminder/email/fr');
    expect(saved.at(-1)?.body).toEqual({ subject: 'Votre rendez-vous', body: 'Bonjour {patientFirstName}' });

    await body.fill(`Bonjour {patientFirstName} ${api.refusedWord}`);
    await main().getByRole('button', { name: 'Save template' }).click();
    await main().getByText('body must be at most 1000 characters').waitFor();
    expect(await body.getAttribute('aria-invalid')).toBe('true');
  });

  it('sends a message, a confirmation request and an invitation to a patient', async () => {
    const patient = thePatient();
    await main().getByRole('tab', { name: 'Send a message' }).click();
    const picker = main().getByTestId('send-patient');
    await picker.fill(`${patient.firstName} ${patient.lastName}`);
    await page
      .getByRole('option', { name: `${patient.lastName}, ${patient.firstName}`, exact: true })
      .first()
      .click();
    // Two patients may share a name: the choice is the one asked for.
    expect(await picker.inputValue()).toBe(`${patient.lastName}, ${patient.firstName}`);
    const form = main().getByRole('form', { name: 'Send a message' });
    await form.getByLabel('Subject (email)').fill('About your visit');
    await form.getByLabel(/^Message/).fill('Please bring your insurance card.');
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Message queued').first().waitFor();
    expect(calls('POST', '/api/communications/messages').at(-1)?.body).toEqual({
      patientId: patient.id,
      subject: 'About your visit',
      message: 'Please bring your insurance card.',
    });

    const confirmation = main().getByRole('region', { name: 'Confirmation request' });
    await confirmation.getByRole('combobox', { name: 'Appointment' }).waitFor();
    await confirmation.getByRole('button', { name: 'Send confirmation request' }).click();
    await page.getByText('Confirmation request queued').waitFor();
    const asked = calls('POST', '/api/communications/confirmation-requests').at(-1)?.body as { appointmentId: string };
    // The soonest of the patient's appointments still to come: on the day found or before it.
    const first = (await (
      await page.request.get(`/api/appointments?date=${practiceDay(-1)}`)
    ).json()) as ServerAppointment[];
    expect([...upcoming, ...first.map((row) => row.id)]).toContain(asked.appointmentId);

    const invite = main().getByRole('form', { name: 'Invite to book online' });
    await invite.getByLabel(/^Procedure/).fill('Cleaning');
    await choose(page, invite, 'Duration', '60 min');
    await invite.getByRole('button', { name: 'Invite to book online' }).click();
    await page.getByText('Invitation queued').waitFor();
    expect(calls('POST', '/api/self-scheduling/invitations').at(-1)?.body).toEqual({
      patientId: patient.id,
      procedure: 'Cleaning',
      duration: 60,
    });
    await shoot('communications-send');
  });

  it('shows SMS templates only and the replies, a confirming one marked', async () => {
    await openFromSidebar(/^SMS Management$/, /\/sms-management$/);
    const replies = main().getByRole('table', { name: 'Replies received' });
    await replies.waitFor();
    const rows = replies.getByTestId('inbound-row');
    expect(await rows.first().textContent()).toContain('Confirmed appointment');
    expect(await rows.nth(1).textContent()).toContain('Unknown number');
    expect(await main().getByRole('radio', { name: 'Email' }).count()).toBe(0);
    await main().getByTestId('template-body').waitFor();
    expect(
      await main()
        .getByText(/characters; one text message holds 160/)
        .count(),
    ).toBe(1);
    await shoot('sms-management');
  });

  it('reviews submitted forms: the count links to the patient, accept and reject are sent', async () => {
    const patient = thePatient();
    await openFromSidebar(/^Communications$/, /\/communications$/);
    const waiting = main().getByTestId('submissions-waiting');
    await waiting.getByText('2 submitted forms are waiting for review').waitFor();
    await waiting.getByRole('link', { name: `${patient.firstName} ${patient.lastName}` }).click();
    await page.waitForURL(new RegExp(`/patients/${patient.id}\\?tab=forms`));
    const table = main().getByRole('table', { name: 'Submitted forms' });
    await table.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    expect(await table.getByTestId('submission-row').count()).toBe(2);

    await table.getByTestId('submission-row').first().getByRole('button', { name: 'Review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submitted forms' });
    await dialog.getByRole('table', { name: 'Medical History' }).waitFor();
    const answers = await dialog.getByRole('table', { name: 'Medical History' }).textContent();
    expect(answers).toContain('AllergiesLatex');
    expect(answers).toContain('Do you smoke?No');
    expect(answers).toContain('Gums bleed when brushingOften');
    await dialog.getByRole('img', { name: "The patient's signature" }).waitFor();
    await dialog.getByText('Accepting adds the medical-history answers').waitFor();
    await shoot('submission-review', '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await page.getByText('Forms accepted').waitFor();
    expect(calls('POST', '/api/form-submissions/sub-1/accept')).toHaveLength(1);
    await table.getByText('Accepted').waitFor();

    await table.getByTestId('submission-row').nth(1).getByRole('button', { name: 'Review' }).click();
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByLabel('Reason (optional)').fill('Filled in for the wrong child');
    await dialog.getByRole('button', { name: 'Reject forms' }).click();
    await page.getByText('Forms rejected').waitFor();
    expect(calls('POST', '/api/form-submissions/sub-2/reject').at(-1)?.body).toEqual({
      reason: 'Filled in for the wrong child',
    });
  });

  it("saves the patient's language and CASL consent through the device to the server", async () => {
    const patient = thePatient();
    await main().getByRole('tab', { name: 'Details' }).click();
    await main().getByRole('button', { name: 'Edit details' }).click();
    const form = main().getByRole('form', { name: 'Edit patient details' });
    await choose(page, form, 'Language for messages', 'Français');
    await form.getByLabel('Agrees to promotional messages (CASL)').check();
    await shoot('patient-language', 'form[aria-label="Edit patient details"]');
    // The change travels as the outbox's PATCH, alone or inside a sync push: only the two fields changed.
    const endpoint = `/api/patients/${patient.id}`;
    const sent = page.waitForResponse(
      (response) => {
        const path = new URL(response.url()).pathname;
        if (path === endpoint) return response.request().method() === 'PATCH';
        return path === '/api/sync/push' && (response.request().postData() ?? '').includes(endpoint);
      },
      { timeout: SYNC_TIMEOUT_MS },
    );
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Patient updated').waitFor();
    await main().getByText('Français').waitFor();
    const response = await sent;
    let body: unknown = response.request().postDataJSON();
    let status = response.status();
    if (new URL(response.url()).pathname !== endpoint) {
      const action = (body as { actions: PushAction[] }).actions.find((candidate) => candidate.endpoint === endpoint);
      body = action?.body;
      status =
        ((await response.json()) as PushResponse).results.find((result) => result.id === action?.id)?.status ?? 0;
    }
    expect(body).toEqual({ medicalHistory: { preferredLanguage: 'fr', commercialConsent: true } });
    expect(status).toBe(200);
    // Once the server's answer and a pull have replaced the device's copy, it still says so (the server's
    // patient view once left both out, and the page fell back to English and no consent).
    await syncNow(page);
    await main().getByText('Français').waitFor();
    await main().getByText('Agrees', { exact: true }).waitFor();
  });
});
