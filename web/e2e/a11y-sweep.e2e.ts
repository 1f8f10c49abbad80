import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_SCREENS } from '../src/routes/area-screens.tsx';
import { type AxeScanOptions, axeReport } from './axe.ts';
import { launchBrowser, newContext } from './browser.ts';
import { FIRST_DATA_TIMEOUT_MS, settled, signInToShell } from './helpers.ts';

// Issue 22, point 1: every screen the admin can open, every dialog and wizard step that opens cheaply from
// them, in light and dark, at tablet (1024×768) and laptop (1440×900) size, with all of axe's rules. One test
// per size collects every serious and critical finding and asserts the list is empty at its end, so a single
// run shows all there is to fix. The patients' public pages are swept in public-pages.e2e.ts.
//
// One signed-in admin page serves the whole file: screens are opened in-app (a page load would lock the
// device's data again), sizes by setViewportSize, schemes by emulateMedia.

const SIZES = [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
] as const;
type Size = (typeof SIZES)[number];
const SCHEMES = ['light', 'dark'] as const;

/**
 * The schedule grid (its appointment cards and cells) is left out here: its roles and accessible names are
 * rewritten for point 3 of the issue, and web/e2e/a11y-keyboard.e2e.ts checks the grid itself with axe.
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
  context = await newContext(browser, SIZES[0]);
  page = await context.newPage();
});
afterAll(async () => {
  await browser.close();
});

const label = (size: Size) => `${size.width}×${size.height}`;

/** Scans the page as it is now in both schemes, adding each finding to `found`. */
async function scanBothSchemes(found: string[], where: string, options: AxeScanOptions = {}): Promise<void> {
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForFunction((wanted) => document.documentElement.classList.contains(wanted), scheme);
    await settled(page);
    found.push(...(await axeReport(page, `${where} [${scheme}]`, options)));
  }
}

async function ensureSignedIn(): Promise<void> {
  if (signedIn) return;
  await signInToShell(page, 'admin');
  const [patient] = (await (await page.request.get('/api/patients?limit=1')).json()) as { id: string }[];
  patientId = patient?.id ?? '';
  signedIn = true;
}

/** In-app navigation through the router's own history (popstate), so the device's data stays unlocked. */
async function go(path: string): Promise<void> {
  await page.evaluate((to) => {
    const state = (history.state ?? {}) as { __TSR_index?: number };
    history.pushState({ ...state, __TSR_index: (state.__TSR_index ?? 0) + 1, key: `${Date.now()}` }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
  const pathname = path.split('?')[0] ?? path;
  await page.waitForFunction((wanted) => location.pathname === wanted, pathname);
}

/** The main area has drawn its screen: a heading, no page loader, and what `extra` names. */
async function screenReady(extra?: (page: Page) => Locator): Promise<void> {
  const main = page.getByRole('main');
  await main.locator('h1, h2, h3').first().waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
  if (extra) await extra(page).first().waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
  await page.waitForFunction(() => document.querySelectorAll('main [aria-label="Loading"]').length === 0, null, {
    timeout: FIRST_DATA_TIMEOUT_MS,
  });
}

interface Screen {
  path: () => string;
  ready?: (page: Page) => Locator;
  options?: AxeScanOptions;
}

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
  { path: () => '/patients', ready: (p) => p.getByTestId('patient-row') },
  { path: () => `/patients/${patientId}` },
  { path: () => '/clinical-charts' },
  { path: () => `/clinical-charts?patientId=${patientId}` },
  { path: () => '/treatment-plans' },
  { path: () => `/treatment-plans?patientId=${patientId}` },
  { path: () => '/treatment-note-library' },
  { path: () => `/treatment-planning-assistant?patientId=${patientId}` },
];

describe('axe sweep: 0 serious or critical violations', () => {
  it('the sign-in page, signed out, at both sizes', async () => {
    const found: string[] = [];
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await scanBothSchemes(found, `sign-in ${label(size)}`);
    }
    expect(found).toEqual([]);
  }, 120_000);

  it.each(SIZES)('every screen at $width×$height', async (size) => {
    await page.setViewportSize(size);
    await ensureSignedIn();
    const found: string[] = [];
    for (const screen of SCREENS) {
      const path = screen.path();
      await go(path);
      await screenReady(screen.ready);
      await scanBothSchemes(found, `${path} ${label(size)}`, screen.options);
    }
    expect(found).toEqual([]);
  }, 900_000);
});
