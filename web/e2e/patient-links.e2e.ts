import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { simpleParser } from 'mailparser';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { axeDialogEverywhere } from './axe.ts';
import { ACTION_TIMEOUT_MS, baseURL, launchBrowser, NAVIGATION_TIMEOUT_MS, newContext } from './browser.ts';
import { practiceDay, SYNC_TIMEOUT_MS, signInToShell } from './helpers.ts';
import { serverDataDir } from './server.ts';

// The whole loop of issue 20 on the real server: staff send, the server's worker delivers (with no SMTP_URL
// each e-mail is an .eml file under DATA_DIR/mail/), the patient follows the link on a phone-size browser,
// and staff see the answer. Times come from the demo's own upcoming days, never from the clock's hour.

const SHOTS = resolve(import.meta.dirname, '../../screenshots/issue-20');
const PHONE = { width: 390, height: 844 };
/** The worker looks for due messages every 5 s; a busy machine takes longer. */
const DELIVERY_TIMEOUT_MS = 60_000;

interface ServerPatient {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
}
interface ServerAppointment {
  id: string;
  patientId: string;
  status: string;
  appointmentDate: string;
  providerId: number;
  procedure: string;
  source?: string;
}

let browser: Browser;
let staff: BrowserContext;
let desk: Page;
const phones: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  staff = await newContext(browser, { width: 1440, height: 900 });
  desk = await staff.newPage();
  // Accepting a medical history needs patients.medical_history, which a receptionist does not hold.
  await signInToShell(desk, 'admin');
}, 180_000);

afterAll(async () => {
  for (const context of phones) await context.close();
  await staff?.close();
  await browser?.close();
});

async function api<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<T> {
  const response = await desk.request.fetch(path, {
    method,
    headers: { 'X-Practice-ID': '1' },
    ...(body === undefined ? {} : { data: body }),
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** Patients of practice 1 with an e-mail address, each used by one test so none sees another's messages. */
let withEmail: ServerPatient[] = [];
async function patientWithEmail(index: number, language: 'en' | 'fr'): Promise<ServerPatient> {
  if (withEmail.length === 0) {
    const all = await api<ServerPatient[]>('GET', '/api/patients?limit=400');
    withEmail = all.filter((patient) => patient.email && /^[A-Za-z]+$/.test(patient.firstName));
  }
  const patient = withEmail[index * 7] as ServerPatient;
  await api('PATCH', `/api/patients/${patient.id}`, {
    medicalHistory: { communicationPreference: 'email', preferredLanguage: language },
  });
  return patient;
}

/** A patient who gets e-mail in this language, with an address of their own. */
async function withAddress(patientId: string, language: 'en' | 'fr'): Promise<ServerPatient> {
  const patient = await api<ServerPatient>('GET', `/api/patients/${patientId}`);
  return api<ServerPatient>('PATCH', `/api/patients/${patientId}`, {
    email: patient.email ?? `patient.${patientId.slice(0, 8)}@example.ca`,
    medicalHistory: { communicationPreference: 'email', preferredLanguage: language },
  });
}

/** The link in the e-mail the worker wrote for this address, once it is there. */
async function mailedLink(to: string, path: string): Promise<{ link: string; subject: string; text: string }> {
  const dir = join(serverDataDir(), 'mail');
  let found: { link: string; subject: string; text: string } | undefined;
  await vi.waitUntil(
    async () => {
      if (!existsSync(dir)) return false;
      for (const name of readdirSync(dir)) {
        const mail = await simpleParser(readFileSync(join(dir, name)));
        const address = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
        const link = mail.text?.match(new RegExp(`https?://\\S+${path}[A-Za-z0-9_-]{22}`))?.[0];
        if (address?.includes(to) && link) found = { link, subject: mail.subject ?? '', text: mail.text ?? '' };
      }
      return found !== undefined;
    },
    { timeout: DELIVERY_TIMEOUT_MS, interval: 500 },
  );
  return found as { link: string; subject: string; text: string };
}

/** A phone opening the patient's link: only the path, since the mail names the server's public address. */
async function onPhone(link: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: PHONE, serviceWorkers: 'block' });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  phones.push(context);
  const page = await context.newPage();
  await page.goto(new URL(link).pathname);
  return page;
}

/** The first days ahead with patients' appointments still scheduled, whatever the hour. */
async function upcoming(): Promise<ServerAppointment[]> {
  const found: ServerAppointment[] = [];
  for (let ahead = 2; ahead <= 8 && found.length < 10; ahead++) {
    const day = practiceDay(-ahead);
    const list = await api<ServerAppointment[]>('GET', `/api/appointments?date=${day}`);
    found.push(...list.filter((a) => a.status === 'scheduled'));
  }
  return found;
}

describe('patients’ links, from staff through delivery to the patient and back', () => {
  it('forms: sent, mailed, filled in and signed on a phone, reviewed and accepted by staff', async () => {
    const patient = await patientWithEmail(0, 'en');
    const templates = await api<{ id: number; title: string }[]>('GET', '/api/forms/templates');
    const ids = ['Medical History Questionnaire', 'Consent for Treatment'].map(
      (title) => templates.find((template) => template.title === title)?.id as number,
    );
    await api('POST', '/api/forms/send-multiple', { patientId: patient.id, formIds: ids, method: 'email' });

    const mail = await mailedLink(patient.email as string, '/form/');
    expect(mail.text).toContain(patient.firstName);
    const page = await onPhone(mail.link);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Allergies (medications, latex, foods)' }).fill('Latex');
    for (const box of await page.getByRole('combobox').all()) await box.selectOption('No');
    await page.getByRole('textbox', { name: 'Proposed treatment' }).fill('Two fillings');
    for (const box of await page.getByRole('checkbox').all()) await box.check();
    await page.locator('input[type=date]').last().fill(practiceDay());
    const pad = page.getByTestId('signature-pad');
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    if (!box) throw new Error('no signature pad');
    await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
    await page.mouse.down();
    for (let step = 1; step <= 12; step++) {
      await page.mouse.move(box.x + 30 + step * 22, box.y + box.height * (0.6 + 0.25 * Math.sin(step)));
    }
    await page.mouse.up();
    await page.getByRole('button', { name: 'Send my forms' }).click();
    await page.getByText(`Thank you, ${patient.firstName}!`).waitFor();
    await page.screenshot({ path: `${SHOTS}/loop-form-sent-390x844.png`, fullPage: true });

    // The link is used up: opened again it says so, and shows nothing of the patient.
    const again = await onPhone(mail.link);
    await again.getByText('This link has expired or has already been used').waitFor();
    expect(await again.content()).not.toContain(patient.firstName);

    // Staff see the submission on the patient's record, with the signature, and accept it.
    await desk.goto(`/patients/${patient.id}?tab=forms`);
    const submitted = desk.getByRole('table', { name: 'Submitted forms' });
    // The dialog is scanned at rest: a dialog mid-fade shows colours it never stays at.
    await desk.emulateMedia({ reducedMotion: 'reduce' });
    await submitted.getByRole('button', { name: 'Review' }).first().click();
    const dialog = desk.getByRole('dialog', { name: 'Submitted forms' });
    await dialog.getByRole('img', { name: "The patient's signature" }).waitFor();
    expect(await dialog.textContent()).toContain('Latex');
    expect(await axeDialogEverywhere(desk, 'submitted forms', dialog)).toEqual([]);
    await desk.screenshot({ path: `${SHOTS}/loop-form-review-1440x900.png` });
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect
      .poll(async () => {
        const record = await api<{ medicalHistory: { allergies: string[] } }>('GET', `/api/patients/${patient.id}`);
        return record.medicalHistory.allergies;
      })
      .toContain('Latex');
  }, 240_000);

  it('confirmation: a French patient confirms from the mail; the appointment is confirmed for staff', async () => {
    const [appointment] = await upcoming();
    if (!appointment) throw new Error('the demo has scheduled appointments in the coming days');
    const patient = await withAddress(appointment.patientId, 'fr');
    const email = patient.email as string;
    await api('POST', '/api/communications/confirmation-requests', { appointmentId: appointment.id });

    const mail = await mailedLink(email, '/confirm-appointment/');
    expect(mail.text).toContain('rendez-vous');
    const page = await onPhone(mail.link);
    await page.getByTestId('appointment').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr-CA');
    expect(await page.getByTestId('appointment').textContent()).toContain(appointment.procedure);
    await page.screenshot({ path: `${SHOTS}/loop-confirm-fr-390x844.png`, fullPage: true });
    await page.getByRole('button', { name: 'Confirmer mon rendez-vous' }).click();
    await page.getByText('Votre rendez-vous est confirmé').waitFor();

    const day = appointment.appointmentDate.slice(0, 10);
    await expect
      .poll(
        async () => {
          const list = await api<ServerAppointment[]>('GET', `/api/appointments?date=${day}`);
          return list.find((a) => a.id === appointment.id)?.status;
        },
        { timeout: SYNC_TIMEOUT_MS },
      )
      .toBe('confirmed');
  }, 240_000);

  it('self-scheduling: the patient books a free time online; staff see it booked with source online', async () => {
    const patient = await patientWithEmail(1, 'en');
    await api('POST', '/api/self-scheduling/invitations', {
      patientId: patient.id,
      procedure: 'Cleaning',
      duration: 30,
    });
    const mail = await mailedLink(patient.email as string, '/schedule/');
    const page = await onPhone(mail.link);
    const slots = page.getByTestId('slots');
    const none = page.getByText('No free times on this day.');
    // Days without a free time (today late in the evening, a closed day) are skipped until one has some.
    for (let day = 0; ; day++) {
      await slots.or(none).first().waitFor();
      if (await slots.isVisible()) break;
      expect(day, 'a free time within the week').toBeLessThan(6);
      await page.getByRole('button', { name: 'Next day' }).click();
    }
    const chosen = await page.getByLabel('Day', { exact: true }).inputValue();
    await slots.getByRole('button').first().click();
    await page.getByRole('button', { name: 'Book this time' }).click();
    await page.getByText('You are booked!').waitFor();
    await page.screenshot({ path: `${SHOTS}/loop-schedule-booked-390x844.png`, fullPage: true });

    const list = await api<ServerAppointment[]>('GET', `/api/appointments?date=${chosen}`);
    const booked = list.find((a) => a.patientId === patient.id && a.procedure === 'Cleaning');
    expect(booked?.source).toBe('online');
    expect(booked?.status).toBe('scheduled');
  }, 240_000);

  it('review: a low rating from the mail reaches the survey and notifies the practice', async () => {
    const visits = await api<ServerAppointment[]>('GET', `/api/appointments?date=${practiceDay(1)}`);
    const visit = visits.find((a) => a.status === 'completed') ?? visits[0];
    if (!visit) throw new Error('the demo has visits every open day');
    const patient = await withAddress(visit.patientId, 'en');
    await api('POST', '/api/surveys/send', { patientId: patient.id, appointmentId: visit.id, method: 'email' });
    const mail = await mailedLink(patient.email as string, '/patient-review/');
    const page = await onPhone(mail.link);
    await page.getByRole('radiogroup').waitFor();
    await page.getByTestId('rating-2').click();
    await page.getByRole('textbox').fill('The wait was long.');
    await page.getByRole('button', { name: 'Send my review' }).click();
    await page.getByTestId('done').waitFor();

    const surveys = await api<{ appointmentId: string; status: string }[]>(
      'GET',
      `/api/surveys?patientId=${patient.id}`,
    );
    expect(surveys.find((survey) => survey.appointmentId === visit.id)?.status).toBe('completed');
    const notifications = await api<{ type: string; message: string }[]>('GET', '/api/notifications');
    expect(notifications.some((n) => n.type === 'review_low_rating' && n.message.includes('2'))).toBe(true);
  }, 240_000);

  it('an unknown link is not valid, and shows nothing', async () => {
    const page = await onPhone(`${baseURL()}/form/AAAAAAAAAAAAAAAAAAAAAA`);
    await page.getByText('This link is not valid').waitFor();
    expect((await desk.request.get('/api/public/forms/AAAAAAAAAAAAAAAAAAAAAA')).status()).toBe(404);
  });
});
