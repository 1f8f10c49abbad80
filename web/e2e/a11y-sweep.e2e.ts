import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_SCREENS } from '../src/routes/area-screens.tsx';
import { A11Y_SIZES, type AxeScanOptions, axeEverywhere } from './axe.ts';
import { launchBrowser, newContext } from './browser.ts';
import { escapeRegExp, goInApp, mainScreenReady, signInToShell } from './helpers.ts';

// Issue 22, point 1: every screen the admin can open, in light and dark, at tablet (1024×768) and laptop
// (1440×900) size, with all of axe's rules in both schemes. One test collects every serious and critical finding
// and asserts the list is empty at its end, so a single run shows all there is to fix. The dialogs and wizard
// steps are swept in a11y-dialogs.e2e.ts; the patients' public pages in public-pages.e2e.ts.
//
// One signed-in admin page serves the whole file: screens are opened in-app (a page load would lock the
// device's data again), each once, then read at both sizes (setViewportSize) and in both schemes (emulateMedia).

/**
 * The schedule grid (its appointment cards and cells) is left out here, not its rules: web/e2e/a11y-keyboard.e2e.ts
 * checks the grid itself with axe in both schemes at both sizes, and its hundreds of cards would double this file's time.
 */
const WITHOUT_GRID: AxeScanOptions = { exclude: ['[data-testid="schedule-grid"]'] };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let signedIn = false;
/** A demo patient, for the screens that show one. */
let patientId = '';

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, A11Y_SIZES[0]);
  page = await context.newPage();
  // Dialogs and toasts appear at once (the app honours reduced motion), so no scan catches one half faded in,
  // its text blended with the overlay behind it.
  await page.emulateMedia({ reducedMotion: 'reduce' });
});
afterAll(async () => {
  await browser.close();
});

async function ensureSignedIn(): Promise<void> {
  if (signedIn) return;
  await signInToShell(page, 'admin');
  const [patient] = (await (await page.request.get('/api/patients?limit=1')).json()) as { id: string }[];
  patientId = patient?.id ?? '';
  signedIn = true;
}

interface Screen {
  path: () => string;
  ready?: (page: Page) => Locator;
  options?: AxeScanOptions;
  /** A tab of the screen to open before reading it (the tab's name, up to any count after it). */
  tab?: string;
}

/** The patient page's tabs after the first (Details, read with the page itself). */
const PATIENT_TABS = ['Medical & insurance', 'Appointments', 'Recalls', 'Family', 'Forms', 'Messages'];

const SCREENS: Screen[] = [
  // Every area route with a screen of its own (the others show 'not available').
  ...Object.keys(AREA_SCREENS).map((path) => ({ path: () => path })),
  {
    path: () => '/scheduling',
    ready: (p) => p.locator('[data-testid="schedule-grid"], [data-testid="closed-banner"]'),
    options: WITHOUT_GRID,
  },
  {
    path: () => '/appointments',
    ready: (p) => p.locator('[data-testid="schedule-grid"], [data-testid="closed-banner"]'),
    options: WITHOUT_GRID,
  },
  // The settings tabs other than the first (the area list opens /settings on its practice tab).
  { path: () => '/settings?tab=users', ready: (p) => p.getByRole('table', { name: 'Users' }) },
  { path: () => '/settings?tab=holidays', ready: (p) => p.getByTestId('holiday-row') },
  { path: () => '/settings?tab=provincial-fees', ready: (p) => p.getByRole('table', { name: 'Fee schedule' }) },
  { path: () => '/settings?tab=security', ready: (p) => p.getByLabel('Idle timeout (minutes)') },
  { path: () => '/patients', ready: (p) => p.getByTestId('patient-row') },
  { path: () => `/patients/${patientId}` },
  ...PATIENT_TABS.map((tab) => ({ path: () => `/patients/${patientId}`, tab })),
  { path: () => '/clinical-charts' },
  { path: () => `/clinical-charts?patientId=${patientId}` },
  { path: () => '/treatment-plans' },
  { path: () => `/treatment-plans?patientId=${patientId}` },
  { path: () => '/treatment-note-library' },
  { path: () => `/treatment-planning-assistant?patientId=${patientId}` },
];

describe('axe sweep: 0 serious or critical violations', () => {
  it('the sign-in page, signed out, at both sizes', async () => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    expect(await axeEverywhere(page, 'sign-in')).toEqual([]);
  }, 120_000);

  it('every screen at 1024×768 and 1440×900', async () => {
    await ensureSignedIn();
    const found: string[] = [];
    for (const [index, screen] of SCREENS.entries()) {
      const path = screen.path();
      // The shell (sidebar, header, footer) is the same on every screen: read whole on the first, then
      // only the main area, which saves about a third of the time.
      const part: AxeScanOptions = index === 0 ? {} : { include: ['main'] };
      // Long tables (the recall worklists list every patient due, hundreds of rows) are read to row 40:
      // each row is drawn by the same component, and axe's contrast check of every cell of hundreds of
      // rows takes minutes on a busy machine; the first forty show what every row would.
      part.exclude = ['main tbody > tr:nth-child(n+41)', ...(screen.options?.exclude ?? [])];
      const started = Date.now();
      await goInApp(page, path);
      await mainScreenReady(page, screen.ready);
      if (screen.tab) {
        const tab = page.getByRole('main').getByRole('tab', { name: new RegExp(`^${escapeRegExp(screen.tab)}`) });
        await tab.click();
        await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
        await mainScreenReady(page);
      }
      if (process.env.AXE_SWEEP_TIMES) console.log(`${path} ready in ${Date.now() - started} ms`);
      found.push(...(await axeEverywhere(page, screen.tab ? `${path} ${screen.tab}` : path, part)));
    }
    expect(found).toEqual([]);
  }, 900_000);
});
