import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_SCREENS } from '../src/routes/area-screens.tsx';
import { type AxeScanOptions, axeReport } from './axe.ts';
import { launchBrowser, newContext } from './browser.ts';
import { FIRST_DATA_TIMEOUT_MS, scheduledOnScreen, settled, signInToShell } from './helpers.ts';

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
 * The schedule grid (its appointment cards and cells) is left out here, not its rules: web/e2e/a11y-keyboard.e2e.ts
 * checks the grid itself with axe in both schemes, and its hundreds of cards would double this file's time.
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
  // Dialogs and toasts appear at once (the app honours reduced motion), so no scan catches one half faded in,
  // its text blended with the overlay behind it.
  await page.emulateMedia({ reducedMotion: 'reduce' });
});
afterAll(async () => {
  await browser.close();
});

const label = (size: Size) => `${size.width}×${size.height}`;

/**
 * The rules whose outcome depends on colours. The markup is the same in both schemes, so every rule runs in
 * the light one and only these in the dark one: the same findings for about half the time.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Scans the page as it is now in both schemes, adding each finding to `found`. */
async function scanBothSchemes(found: string[], where: string, options: AxeScanOptions = {}): Promise<void> {
  for (const scheme of SCHEMES) {
    const started = Date.now();
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForFunction((wanted) => document.documentElement.classList.contains(wanted), scheme);
    await settled(page);
    const rules = scheme === 'dark' ? { rules: COLOUR_RULES } : {};
    found.push(...(await axeReport(page, `${where} [${scheme}]`, { ...options, ...rules })));
    if (process.env.AXE_SWEEP_TIMES) console.log(`${where} [${scheme}]: ${Date.now() - started} ms`);
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
  // The settings tabs other than the first (the area list opens /settings on its practice tab).
  { path: () => '/settings?tab=users', ready: (p) => p.getByRole('table', { name: 'Users' }) },
  { path: () => '/settings?tab=holidays', ready: (p) => p.getByTestId('holiday-row') },
  { path: () => '/settings?tab=provincial-fees', ready: (p) => p.getByRole('table', { name: 'Fee schedule' }) },
  { path: () => '/settings?tab=security', ready: (p) => p.getByLabel('Idle timeout (minutes)') },
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

  it.each(SIZES)(
    'every screen at $width×$height',
    async (size) => {
      await page.setViewportSize(size);
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
        part.exclude = ['main tbody > tr:nth-child(n+41)'];
        const started = Date.now();
        await go(path);
        await screenReady(screen.ready);
        if (process.env.AXE_SWEEP_TIMES) console.log(`${path} ready in ${Date.now() - started} ms`);
        await scanBothSchemes(found, `${path} ${label(size)}`, {
          ...part,
          exclude: [...(part.exclude ?? []), ...(screen.options?.exclude ?? [])],
        });
      }
      expect(found).toEqual([]);
    },
    900_000,
  );
});

/** Waits for the open `dialog` and for `ready` inside it, scans only the dialog in both schemes, leaves it open. */
async function scanDialog(found: string[], where: string, dialog: Locator, ready?: Locator): Promise<void> {
  await dialog.waitFor();
  if (ready) await ready.first().waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
  // Marked for the scan: Mantine's dialog ids are generated, and only this one is to be read.
  await dialog.evaluate((node) => node.setAttribute('data-axe-scan', ''));
  await scanBothSchemes(found, where, { include: ['[data-axe-scan]'] });
  await dialog.evaluate((node) => node.removeAttribute('data-axe-scan'));
}

async function closeWithEscape(dialog: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

describe('axe sweep of dialogs and wizard steps: 0 serious or critical violations', () => {
  it.each(SIZES)(
    'every dialog at $width×$height',
    async (size) => {
      await page.setViewportSize(size);
      await ensureSignedIn();
      const found: string[] = [];
      const at = (name: string) => `${name} ${label(size)}`;

      // The shell's own panels, from the patients list.
      await go('/patients');
      await screenReady((p) => p.getByTestId('patient-row'));

      await page.getByRole('button', { name: /^Connection: .* Offline data$/ }).click();
      const offline = page.getByRole('dialog', { name: 'Offline data' });
      await scanDialog(found, at('offline panel'), offline, offline.getByRole('button', { name: 'Sync Now' }));
      await closeWithEscape(offline);

      const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
      await bell.click();
      const notifications = page.getByRole('dialog').filter({ hasText: 'Notifications' });
      await scanDialog(found, at('notifications panel'), notifications);
      // Escape does not close this panel once focus has left it (left to the keyboard part of issue 22).
      await bell.click();
      await notifications.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'Help & Support' }).click();
      const support = page.getByRole('dialog', { name: 'Help & Support' });
      await scanDialog(found, at('support dialog'), support, support.getByRole('button', { name: 'Submit ticket' }));
      await closeWithEscape(support);

      await page.keyboard.press('Control+k');
      const assistant = page.getByRole('dialog', { name: 'Ninja AI' });
      await scanDialog(found, at('assistant'), assistant, assistant.getByRole('combobox', { name: 'Command' }));
      await closeWithEscape(assistant);

      // The new patient wizard, step by step, with step 1's errors shown.
      await page.getByRole('button', { name: 'New Patient' }).click();
      const wizard = page.getByRole('dialog', { name: 'New Patient' });
      await wizard.getByLabel('First name').waitFor();
      await wizard.getByRole('button', { name: 'Next', exact: true }).click();
      await scanDialog(found, at('patient wizard 1 (errors)'), wizard, wizard.getByText('First name is required'));
      await wizard.getByLabel('First name').fill('Axe');
      await wizard.getByLabel('Last name').fill('Sweep');
      await wizard.getByRole('button', { name: 'Next', exact: true }).click();
      const phone = wizard.getByRole('textbox', { name: 'Phone', exact: true });
      await scanDialog(found, at('patient wizard 2'), wizard, phone);
      await phone.fill('4165550199');
      await wizard.getByRole('button', { name: 'Next', exact: true }).click();
      await scanDialog(found, at('patient wizard 3'), wizard, wizard.getByLabel('Allergies'));
      await wizard.getByRole('button', { name: 'Next', exact: true }).click();
      await scanDialog(found, at('patient wizard 4'), wizard, wizard.getByRole('checkbox'));
      await wizard.getByRole('button', { name: 'Next', exact: true }).click();
      await scanDialog(found, at('patient wizard 5'), wizard, wizard.getByLabel('Appointment date'));
      await closeWithEscape(wizard);

      // Settings: a new user, a user's permissions.
      await go('/settings?tab=users');
      await screenReady((p) => p.locator('tr[data-username]'));
      await page.getByRole('button', { name: 'Add user' }).click();
      const newUser = page.getByRole('dialog', { name: 'New user' });
      await scanDialog(found, at('settings new user'), newUser, newUser.getByLabel('Username'));
      await closeWithEscape(newUser);
      await page.locator('tr[data-username]').first().getByRole('button', { name: 'Permissions' }).click();
      const permissions = page.getByRole('dialog', { name: 'Permissions' });
      await scanDialog(found, at('settings permissions'), permissions, permissions.locator('tr[data-permission]'));
      await closeWithEscape(permissions);

      // The schedule: a new appointment, then check-in and check-out of a scheduled visit.
      await go('/scheduling');
      await screenReady((p) => p.locator('[data-testid="schedule-grid"], [data-testid="closed-banner"]'));
      await page.getByRole('button', { name: 'New Appointment' }).click();
      const form = page.getByRole('dialog', { name: 'New Appointment' });
      await scanDialog(found, at('new appointment'), form, form.getByRole('combobox', { name: /^Time/ }));
      await closeWithEscape(form);

      // Check-in and check-out open from a scheduled visit's menu: the first day from today that has one
      // (late in the evening today's are all past; the practice is closed on Sundays).
      const scheduled = page.locator('[data-testid="appointment-card"][data-status="scheduled"]');
      for (let step = 0; step < 7 && (await scheduledOnScreen(page)) === 0; step++) {
        await page.getByRole('button', { name: 'Next day' }).click();
        await page.locator('[data-testid="schedule-grid"], [data-testid="closed-banner"]').first().waitFor();
        await settled(page);
      }
      const visit = scheduled.first();
      await visit.scrollIntoViewIfNeeded();
      await visit.hover();
      await visit.getByRole('button', { name: /^Actions for/ }).click();
      await page.getByRole('menuitem', { name: 'Check In' }).click();
      const checkIn = page.getByRole('dialog', { name: 'Quick Check-In' });
      await scanDialog(found, at('quick check-in'), checkIn, checkIn.getByRole('button', { name: 'Quick Check-In' }));
      await checkIn.getByRole('button', { name: 'Quick Check-In' }).click();
      await checkIn.waitFor({ state: 'detached' });
      const waiting = page.getByTestId('waiting-patient').first();
      await waiting.getByRole('button', { name: /^Check out/ }).click();
      const express = page.getByRole('dialog', { name: 'Express Check-Out' });
      await scanDialog(found, at('express check-out'), express, express.getByLabel('Payment collected'));
      await express.getByRole('button', { name: 'Full Check-Out' }).click();
      const checkOut = page.getByRole('dialog', { name: 'Check Out Patient' });
      await scanDialog(found, at('check-out wizard'), checkOut, checkOut.getByLabel('Treatment notes'));
      await closeWithEscape(checkOut);

      expect(found).toEqual([]);
    },
    900_000,
  );
});
