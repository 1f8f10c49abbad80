import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newContext } from './browser.ts';
import {
  DEMO_PASSWORD,
  FIRST_DATA_TIMEOUT_MS,
  openDayAhead,
  readyForOffline,
  signInOffline,
  submitSignIn,
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

/** Path, search and hash of the page on screen, or the whole address when it left this site. */
function where(page: Page): string {
  const url = new URL(page.url());
  return url.origin === baseURL() ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

/** One real patient of practice 1, looked up over the API by a session of its own. */
async function somePatient(): Promise<{ id: string; firstName: string; lastName: string }> {
  const context = await newContext(browser);
  try {
    await context.request.post('/api/auth/login', { data: { username: 'receptionist', password: DEMO_PASSWORD } });
    const patients = (await (await context.request.get('/api/patients?search=Smith')).json()) as {
      id: string;
      firstName: string;
      lastName: string;
    }[];
    const [patient] = patients;
    if (!patient) throw new Error('the demo data has no patient named Smith');
    return patient;
  } finally {
    await context.close();
  }
}

/** Signs in on the sign-in page on screen and waits out the spec's one-second redirect into the shell. */
async function signInHere(page: Page, username: string): Promise<void> {
  await submitSignIn(page, username);
  await page.getByText('Login Successful').waitFor();
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
}

/** The dashboard, online or (needing a connection) offline: where sign-in used to land whatever was asked for. */
const dashboard = (page: Page) =>
  page.getByRole('heading', { name: /^Welcome, / }).or(page.getByText('This area needs an internet connection.'));

describe('after sign-in the app returns to the page that was asked for', () => {
  it('online: a patient opened while signed out shows after sign-in', async () => {
    const patient = await somePatient();
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`/patients/${patient.id}`);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await signInHere(page, 'receptionist');

    const record = page.getByRole('heading', { level: 2, name: `${patient.firstName} ${patient.lastName}` });
    await dashboard(page).or(record).first().waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    expect(where(page)).toBe(`/patients/${patient.id}`);
    await record.waitFor();
    await context.close();
  }, 180_000);

  it('offline: a new tab on the schedule asks for the password, then opens the schedule with the same search', async () => {
    const context = await newContext(browser);
    const first = await readyForOffline(context, 'receptionist');
    await context.setOffline(true);

    const target = `/scheduling?date=${openDayAhead(1)}#grid`;
    const page = await context.newPage();
    await page.goto(target);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await page.screenshot({ path: resolve(SHOTS, 'return-path-offline-deep-link-sign-in.png') });
    await signInOffline(page, 'receptionist');

    const grid = page.getByTestId('schedule-grid');
    await dashboard(page).or(grid).first().waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    expect(where(page)).toBe(target);
    await grid.waitFor();
    await page.screenshot({ path: resolve(SHOTS, 'return-path-offline-deep-link-after-sign-in.png') });
    await first.close();
    await context.close();
  }, 240_000);

  it('a return address that is not a plain path on this site falls back to the home page', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const attempts: [asked: string, expected: string][] = [
      // The same sign-in link with a plain path goes there, so the refusals below are the rule, not a constant.
      ['/login?redirect=%2Fpatients%3Fsearch%3DSmith%23list', '/patients?search=Smith#list'],
      ...['//evil.example', 'https://evil.example/', '/\\evil.example', 'javascript:alert(document.domain)'].map(
        (redirect): [string, string] => [`/login?redirect=${encodeURIComponent(redirect)}`, '/'],
      ),
    ];
    for (const [asked, expected] of attempts) {
      await page.goto(asked);
      await page.getByRole('heading', { name: 'Sign In' }).waitFor();
      await signInHere(page, 'receptionist');
      await dashboard(page)
        .or(page.getByRole('heading', { name: 'Patients', level: 1 }))
        .first()
        .waitFor();
      expect(where(page), `after signing in from ${asked}`).toBe(expected);
      await page.request.post('/api/auth/logout');
    }
    await context.close();
    // Five sign-ins in a row.
  }, 300_000);
});
