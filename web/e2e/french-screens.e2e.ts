import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newContext } from './browser.ts';
import { showcasePatient } from './clinical-chart-page.ts';
import { chooseLanguage, DEMO_PASSWORD, FIRST_DATA_TIMEOUT_MS, signInToShell, untilFilled } from './helpers.ts';
import { scheduleView } from './schedule-page.ts';

// Every screen in French at a reception tablet's size (1024×768): French runs about 20% longer, so each
// screen and dialog is checked for a page that scrolls sideways and for a label its box cuts off, and
// photographed for a person to look at (screenshots/fr/).

const SHOTS = resolve(import.meta.dirname, '../../screenshots/fr');
const TABLET = { width: 1024, height: 768 };
const NEW_PATIENT = 'Nouveau patient';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  context = await newContext(browser, TABLET);
  page = await context.newPage();
  await signInToShell(page, 'admin');
  await chooseLanguage(page, 'Français');
});

afterAll(async () => {
  await context.close();
  await browser.close();
});

/** Texts a box cuts off (its content wider than itself), and whether the page scrolls sideways. */
async function layoutProblems(target: Page): Promise<string[]> {
  return target.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) problems.push(`page scrolls sideways (${root.scrollWidth}px)`);
    const selectors = [
      '.mantine-Button-label',
      '.mantine-Tabs-tabLabel',
      '.mantine-InputWrapper-label',
      '.mantine-Badge-label',
      '.mantine-NavLink-label',
      '.mantine-Menu-itemLabel',
      '.mantine-Stepper-stepLabel',
      '.mantine-SegmentedControl-label',
      'th',
    ].join(', ');
    for (const element of document.querySelectorAll<HTMLElement>(selectors)) {
      if (!element.offsetParent || !element.textContent?.trim()) continue;
      const style = getComputedStyle(element);
      const clips = style.overflow !== 'visible' || style.textOverflow === 'ellipsis';
      if (clips && element.scrollWidth > element.clientWidth + 1)
        problems.push(`cut off: "${element.textContent.trim()}"`);
    }
    return problems;
  });
}

async function look(name: string, target = page): Promise<void> {
  await target.waitForTimeout(300);
  await target.screenshot({ path: resolve(SHOTS, `${name}.png`) });
  expect(await layoutProblems(target), name).toEqual([]);
}

async function open(path: string, ready: () => Promise<unknown>): Promise<void> {
  await page.goto(path);
  await page.locator('nav').first().waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
  await ready();
}

const dialog = () => page.getByRole('dialog').last();

async function closeDialog(): Promise<void> {
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
}

describe('every screen in French at 1024×768', () => {
  it('sign-in page', async () => {
    const fresh = await browser.newContext({ baseURL: baseURL(), viewport: TABLET, locale: 'fr-CA' });
    const signIn = await fresh.newPage();
    await signIn.goto('/');
    await signIn.getByRole('heading', { name: 'Connexion' }).waitFor();
    await look('sign-in', signIn);
    await signIn.locator('input[autocomplete="username"]').fill('admin');
    await signIn.locator('input[autocomplete="current-password"]').fill(`${DEMO_PASSWORD}-wrong`);
    await signIn.locator('button[type="submit"]').click();
    await signIn.getByRole('alert').first().waitFor();
    await look('sign-in-refused', signIn);
    await fresh.close();
  }, 120_000);

  it('home, menus and panels of the shell', async () => {
    await open('/', () => page.getByRole('heading', { level: 1 }).first().waitFor());
    await untilFilled(page);
    await look('home');
    await page.getByRole('button', { name: "Menu de l'utilisateur" }).click();
    await look('user-menu');
    await page.keyboard.press('Escape');
    await page.getByTestId('connection-status').click();
    await look('offline-panel');
    await closeDialog();
    await page.getByRole('button', { name: /^Notifications, / }).click();
    await page.getByRole('dialog').or(page.getByRole('menu')).first().waitFor();
    await look('notifications');
    await open('/', () => page.getByRole('heading', { level: 1 }).first().waitFor());
    await page.getByLabel('Rechercher des patients').first().fill('Smi');
    await page.getByRole('option').first().waitFor();
    await look('quick-search');
    await page.keyboard.press('Escape');
  });

  it('clinical chart: odontogram, periodontal chart and notes', async () => {
    await open('/', () => page.getByRole('heading', { level: 1 }).first().waitFor());
    const patient = await showcasePatient(page, []);
    await open(`/clinical-charts?patientId=${patient.id}`, () =>
      page.getByTestId('odontogram').waitFor({ timeout: FIRST_DATA_TIMEOUT_MS }),
    );
    await look('chart-odontogram');
    await page.getByRole('tab', { name: 'Parodontal' }).click();
    await page.getByRole('tab', { name: 'Parodontal', selected: true }).waitFor();
    await look('chart-perio');
    await page.getByRole('tab', { name: 'Notes' }).click();
    await page.getByRole('tab', { name: 'Notes', selected: true }).waitFor();
    await look('chart-notes');
  });

  it('screens not built yet, unknown address', async () => {
    await open('/receptionist', () => page.getByRole('heading', { level: 1 }).first().waitFor());
    await look('not-available');
    await open('/nowhere-at-all', () => page.getByRole('heading', { level: 1 }).first().waitFor());
    await look('not-found');
  });

  it('daily schedule and its dialogs', async () => {
    await open('/scheduling', () => page.getByTestId('schedule-date-label').waitFor());
    await page.locator('[data-testid="schedule-grid"], [data-testid="closed-banner"]').first().waitFor();
    await look('schedule');
    await page.getByRole('button', { name: 'Nouveau rendez-vous' }).first().click();
    await dialog().waitFor();
    await look('schedule-new-appointment');
    await closeDialog();
    await page.getByRole('button', { name: 'Absence du praticien' }).first().click();
    await dialog().waitFor();
    await look('schedule-provider-absence');
    await closeDialog();
    await page.getByRole('button', { name: "Planifier l'entretien" }).first().click();
    await dialog().waitFor();
    await look('schedule-maintenance');
    await closeDialog();
    await scheduleView(() => page).toBusyDay();
    const firstCard = page.getByTestId('appointment-card').first();
    await firstCard.scrollIntoViewIfNeeded();
    await firstCard.locator('button').first().click({ button: 'right' });
    await page.getByRole('menu').waitFor();
    await look('schedule-card-menu');
    await page.keyboard.press('Escape');
  });

  it('patients, a patient, and the new-patient wizard', async () => {
    await open('/patients', () => page.getByTestId('patient-row').first().waitFor({ timeout: FIRST_DATA_TIMEOUT_MS }));
    await look('patients');
    await page.getByRole('button', { name: NEW_PATIENT }).first().click();
    await dialog().waitFor();
    await look('patients-new-wizard');
    await closeDialog();
    await page.getByTestId('patient-row').first().click();
    await page.getByRole('heading', { level: 2 }).first().waitFor();
    await look('patient-detail');
  });
});
