import { can } from '@dental/domain/permissions/can';
import { ROUTE_PERMISSIONS } from '@dental/domain/permissions/routes';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NAV_ITEMS } from '../src/shell/nav-items.ts';
import { axeReport } from './axe.ts';
import { launchBrowser, newContext } from './browser.ts';
import { FIRST_DATA_TIMEOUT_MS, settled, sidebarLinks, signInToShell } from './helpers.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  context = await newContext(browser);
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

describe('sidebar shows exactly what each demo user may open', () => {
  it.each(['admin', 'doctor', 'hygienist', 'receptionist', 'staff'])('%s', async (username) => {
    await signInToShell(page, username);
    const user = (await (await page.request.get('/api/auth/me')).json()).user;
    const expected = NAV_ITEMS.filter((item) => can(user, ROUTE_PERMISSIONS[item.to])).map(
      (item) => item.label.message,
    );
    expect(await sidebarLinks(page)).toEqual(expected);
  });

  it('staff, by the role table of section 6, sees these and no more', async () => {
    await signInToShell(page, 'staff');
    expect(await sidebarLinks(page)).toEqual([
      'Dashboard',
      'Receptionist Dashboard',
      'Scheduling',
      'Smart Scheduling',
      'Waitlist',
      'Patients',
      'Op View',
      'Emergency',
      'Recalls',
      'Smart Recalls',
      'Smart Recall Management',
      'Communications',
      'SMS Management',
      'Inventory',
      'Practice Manager',
    ]);
  });
});

describe('page guards and not found', () => {
  it('a denied route shows Access Denied with the role and the permission', async () => {
    await signInToShell(page, 'staff');
    await page.goto('/billing-2');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByText("You don't have permission to access this page.").waitFor();
    expect(await page.getByTestId('guard-role').innerText()).toBe('staff');
    expect(await page.getByTestId('guard-permission').innerText()).toBe('billing.view');
  });

  it('an allowed route without a screen yet says so plainly', async () => {
    await signInToShell(page, 'admin');
    await page.goto('/inventory');
    await page.getByText('This area is not available in this version.').waitFor();
  });

  it("an unknown path shows '404 Page Not Found' when signed in, the sign-in page when not", async () => {
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await signInToShell(page, 'doctor');
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
  });
});

describe('shell', () => {
  it('remembers the collapsed sidebar and forces it collapsed on /op-view', async () => {
    await signInToShell(page, 'receptionist');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('button', { name: 'Collapse sidebar' }).click();
    // Collapsed (and so remembered) before the reload, not on its way there.
    await nav.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    await page.reload();
    await nav.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    await nav.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.goto('/op-view');
    await expect.poll(() => nav.getByRole('button', { name: 'Expand sidebar' }).isDisabled()).toBe(true);
  });

  it('groups start collapsed and remember their expansion', async () => {
    await signInToShell(page, 'hygienist');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const group = nav.getByRole('button', { name: 'Patient Care' });
    expect(await group.getAttribute('aria-expanded')).toBe('false');
    await group.click();
    await nav.getByRole('link', { name: 'Clinical Charts' }).waitFor();
    await page.reload();
    await nav.getByRole('link', { name: 'Clinical Charts' }).waitFor();
  });

  it('marks the offline areas with a green dot when the device goes offline', async () => {
    await signInToShell(page, 'doctor');
    await sidebarLinks(page);
    expect(await page.getByRole('img', { name: 'Available offline' }).count()).toBe(0);
    await context.setOffline(true);
    await page.getByTestId('connection-status').filter({ hasText: 'Offline' }).waitFor();
    const dotted = page.getByRole('link').filter({ has: page.getByRole('img', { name: 'Available offline' }) });
    await expect
      .poll(() => dotted.allTextContents())
      .toEqual([
        'Scheduling',
        'Patients',
        'Clinical Charts',
        'Treatment Planning Assistant',
        'Treatment Plans',
        'Treatment Note Library',
      ]);
    await context.setOffline(false);
  });

  it("shows today's date in the practice's zone and switches practice for the admin", async () => {
    await signInToShell(page, 'admin');
    const expectedDate = new Date().toLocaleDateString('en-US', {
      timeZone: 'America/Toronto',
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    });
    expect(await page.getByTestId('header-date').innerText()).toBe(expectedDate);
    await page.getByTestId('practice-switcher').click();
    await page.getByRole('menuitem', { name: /Calgary/ }).click();
    await page.getByText('You are now working in').waitFor();
    await expect.poll(() => page.getByTestId('practice-switcher').innerText()).toContain('Calgary');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('currentPracticeId'))).toBe('2');
  });

  it('hides the practice switcher from a user without settings.select_practice', async () => {
    await signInToShell(page, 'doctor');
    expect(await page.getByTestId('practice-switcher').count()).toBe(0);
  });

  it("shows '9+' on the bell above nine unread notifications", async () => {
    await signInToShell(page, 'admin');
    await page.getByTestId('notifications-badge').getByText('9+').waitFor();
  });

  it('keeps the theme across a reload', async () => {
    await signInToShell(page, 'receptionist');
    await page.getByRole('button', { name: /^Theme/ }).click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await expect.poll(() => page.evaluate(() => localStorage.getItem('dentalflow-theme'))).toBe('dark');
    await page.reload();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('dentalflow-theme'))).toBe('dark');
  });

  it('system theme follows the operating system', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.classList.contains('light'));
  });

  it('F8 moves focus to the toast region', async () => {
    await signInToShell(page, 'staff');
    await page.keyboard.press('F8');
    await page.waitForFunction(() => Boolean(document.activeElement?.closest('#toast-region')));
  });
});

describe('accessibility (axe): no serious or critical violations', () => {
  const seriousViolations = () => axeReport(page, page.url());

  it.each(['light', 'dark'] as const)('sign-in page, %s theme', async (scheme) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    expect(await seriousViolations()).toEqual([]);
  });

  it.each(['light', 'dark'] as const)('signed-in shell, %s theme', async (scheme) => {
    await page.emulateMedia({ colorScheme: scheme });
    await signInToShell(page, 'admin');
    await sidebarLinks(page);
    // A half-faded toast or menu would be scanned with colours it never rests at.
    await settled(page);
    expect(await seriousViolations()).toEqual([]);
  });
});

describe('error screens', () => {
  it("recovers from a part of the app that failed to download ('Attempting to recover')", async () => {
    // The service worker would serve the precached chunk; this test needs the network to fail it.
    await context.close();
    context = await newContext(browser, undefined, { serviceWorkers: 'block' });
    page = await context.newPage();
    await signInToShell(page, 'staff');
    let blocked = true;
    await page.route('**/assets/app-layout-*.js', (route) => (blocked ? route.abort('failed') : route.continue()));
    const navigation = page.waitForEvent('framenavigated');
    await page.goto('/');
    await page.getByText('Attempting to recover').waitFor();
    await page.getByText('We are trying to reload the necessary components. Please wait a moment.').waitFor();
    blocked = false;
    await navigation;
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
  });
});
