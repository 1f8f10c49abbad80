import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { axeDialogEverywhere } from './axe.ts';
import { launchBrowser, newContext } from './browser.ts';
import { FIRST_DATA_TIMEOUT_MS, signIn, signInToShell } from './helpers.ts';

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

const alertText = () => page.getByRole('alert').filter({ hasText: /./ }).first().innerText();

describe('sign-in page', () => {
  it('shows the branded panel and the Sign In card with labelled fields', async () => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await page.getByText('Practice Management System').waitFor();
    await page.getByLabel('Username').waitFor();
    await expect(page.getByLabel('Password', { exact: true }).getAttribute('type')).resolves.toBe('password');
    await page.getByRole('button', { name: 'Show or hide password' }).click();
    await expect(page.getByLabel('Password', { exact: true }).getAttribute('type')).resolves.toBe('text');
  });

  it('requires both fields', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Username is required').waitFor();
    await page.getByText('Password is required').waitFor();
  });

  it("shows the server's message for a wrong password", async () => {
    await signIn(page, 'hygienist', 'not-the-password');
    await page.getByText('Invalid username or password').waitFor();
    expect(await alertText()).toContain('Invalid username or password');
  });

  it("reads 'Signing in...' while the request is in flight", async () => {
    // The request is held until the test has seen the busy button, then let through: no race with a timer.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/login', async (route) => {
      await released;
      await route.continue();
    });
    await signIn(page, 'doctor');
    await page.getByRole('button', { name: 'Signing in...' }).waitFor();
    release();
    await page.getByText('Login Successful').waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
  });

  it.each([
    [502, '{}', 'Server is temporarily unavailable. Please try again in a moment.'],
    [503, '{}', 'Service temporarily unavailable. Please try again later.'],
    [500, '', 'Login failed (500)'],
    [200, '{"success":false}', 'Invalid login response'],
  ])('answers a %i response with %j', async (status, body, message) => {
    await page.route('**/api/auth/login', (route) => route.fulfill({ status, body, contentType: 'application/json' }));
    await signIn(page, 'doctor');
    await page.getByText(message).waitFor();
  });

  it('reports a network failure', async () => {
    await page.route('**/api/auth/login', (route) => route.abort('internetdisconnected'));
    await signIn(page, 'doctor');
    await page.getByText('Network error occurred').waitFor();
  });

  it('signs in, toasts, and after about a second shows the page that was asked for', async () => {
    await page.goto('/patients');
    await page.getByLabel('Username').fill('receptionist');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    // Every frame, in the page: is the sign-in card up, and is the app's navigation seen?
    await page.evaluate(() => {
      const frames: { signIn: boolean; app: boolean; at: number }[] = [];
      Object.assign(window, { signInFrames: frames });
      const watch = () => {
        const nav = document.querySelector('[aria-label="Main navigation"]');
        frames.push({
          signIn: document.getElementById('sign-in-title') !== null,
          app: nav?.checkVisibility({ visibilityProperty: true }) ?? false,
          at: performance.now(),
        });
        if (frames.length < 2000) requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Welcome back! Redirecting to dashboard...').waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    expect(new URL(page.url()).pathname).toBe('/patients');
    const frames = await page.evaluate(
      () => (window as unknown as { signInFrames: { signIn: boolean; app: boolean; at: number }[] }).signInFrames,
    );
    // The app, drawn beneath the sign-in page in its second of success, is never seen with it.
    expect(frames.filter((frame) => frame.signIn && frame.app)).toEqual([]);
    const lastSignIn = frames.findLast((frame) => frame.signIn)?.at ?? 0;
    const firstApp = frames.find((frame) => frame.app)?.at ?? 0;
    expect(firstApp).toBeGreaterThanOrEqual(lastSignIn);
  });
});

describe('password reset at first sign-in', () => {
  it('walks newhire through the undismissable dialog', async () => {
    // The scans read the dialog at rest: a dialog mid-fade shows colours it never stays at.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page, 'newhire');
    const dialog = page.getByRole('dialog', { name: 'Password Reset Required' });
    await dialog.waitFor();
    expect(await axeDialogEverywhere(page, 'password reset', dialog)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    expect(await dialog.isVisible()).toBe(true);

    const submit = dialog.getByRole('button', { name: 'Update Password' });
    expect(await submit.isDisabled()).toBe(true);
    const strength = dialog.getByTestId('password-strength');
    await dialog.getByLabel(/^New Password/).fill('abc');
    await dialog.getByText('Password must be at least 6 characters long.').waitFor();
    await expect.poll(() => strength.innerText()).toBe('Weak');
    await dialog.getByLabel(/^New Password/).fill('harbour7');
    await expect.poll(() => strength.innerText()).toBe('Medium');
    await dialog.getByLabel('Confirm New Password').fill('harbour8');
    await dialog.getByText('Passwords do not match').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    expect(await axeDialogEverywhere(page, 'password reset, passwords do not match', dialog)).toEqual([]);

    await dialog.getByLabel(/^New Password/).fill('Harbour7!');
    await expect.poll(() => strength.innerText()).toBe('Strong');
    await dialog.getByLabel('Confirm New Password').fill('Harbour7!');
    await dialog.getByText('Passwords match').waitFor();
    await submit.click();

    await page.getByText('Your password has been successfully updated. You can now access the system.').waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    // The dialog closes with a transition: gone once it has finished, not at the moment the shell shows.
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Log out' }).first().click();
    await signIn(page, 'newhire', 'Harbour7!');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
  });
});

describe('logout', () => {
  it('returns to the sign-in page', async () => {
    await signInToShell(page, 'staff');
    await page.getByRole('button', { name: 'Log out' }).first().click();
    await page.getByText('Logged out successfully').waitFor();
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
  });
});
