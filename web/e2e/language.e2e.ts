import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newContext } from './browser.ts';
import { chooseLanguage, DEMO_PASSWORD, FIRST_DATA_TIMEOUT_MS, readyForOffline, signInToShell } from './helpers.ts';

// English and French: the browser's language on a new device, the switch in the user menu stored with
// the user, kept across a reload and offline, followed by the user's other devices, and the server's
// refusals shown in French.

const SHOTS = resolve(import.meta.dirname, '../../screenshots');
const FRENCH_LONG_DATE = /^(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d{1,2} [a-zéû]+ \d{4}$/;
const ENGLISH_LONG_DATE = /^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}$/;

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const nav = (page: Page) => page.locator('nav').first();
/** The shell's user menu by its French name: the header is on every signed-in screen. */
const frenchShell = (page: Page) => page.getByRole('button', { name: "Menu de l'utilisateur" });

/** The sign-in form by its fields' purposes, whatever the language on screen. */
async function signInByFields(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.locator('input[autocomplete="username"]').fill(username);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.locator('button[type="submit"]').click();
}

describe('language', () => {
  it("a new device speaks the browser's language before anyone signs in", async () => {
    const context = await browser.newContext({ baseURL: baseURL(), locale: 'fr-CA' });
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('input[autocomplete="username"]').waitFor();
    expect(await htmlLang(page)).toBe('fr');
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    await page.screenshot({ path: resolve(SHOTS, 'fr-sign-in.png') });
    await context.close();
  }, 120_000);

  it('switches from the user menu, is stored with the user, and stays across a reload and offline', async () => {
    const context = await newContext(browser, { width: 1024, height: 768 });
    const page = await readyForOffline(context, 'receptionist');
    expect(await htmlLang(page)).toBe('en');
    expect(await page.getByTestId('header-date').innerText()).toMatch(ENGLISH_LONG_DATE);

    await chooseLanguage(page, 'Français');
    await frenchShell(page).waitFor();
    expect(await page.getByTestId('header-date').innerText()).toMatch(FRENCH_LONG_DATE);
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/auth/me')).json()) as { user: { language: string } }).user.language,
      )
      .toBe('fr');

    await page.reload();
    await nav(page).waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    expect(await htmlLang(page)).toBe('fr');
    await frenchShell(page).waitFor();

    // Offline: the shell comes from the service worker and the sign-in from the device, still in French.
    await context.setOffline(true);
    const offline = await context.newPage();
    await offline.goto('/patients');
    await offline.locator('input[autocomplete="username"]').waitFor();
    expect(await htmlLang(offline)).toBe('fr');
    await offline.getByRole('heading', { name: 'Connexion' }).waitFor();
    await signInByFields(offline, 'receptionist');
    await offline.getByTestId('patient-row').first().waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    expect(await htmlLang(offline)).toBe('fr');
    await frenchShell(offline).waitFor();
    await offline.screenshot({ path: resolve(SHOTS, 'fr-patients-offline.png') });
    await context.setOffline(false);

    // Back to English, for the next test's device of the same user to find French first.
    await chooseLanguage(offline, 'English');
    await offline.getByRole('button', { name: 'User menu' }).waitFor();
    await context.close();
  }, 300_000);

  it("another device of the same user follows the user's stored language", async () => {
    const setter = await newContext(browser);
    await setter.request.post('/api/auth/login', { data: { username: 'doctor', password: DEMO_PASSWORD } });
    const stored = await setter.request.put('/api/auth/me/language', { data: { language: 'fr' } });
    expect(stored.status()).toBe(200);
    await setter.close();

    const context = await newContext(browser, { width: 1024, height: 768 });
    const page = await context.newPage();
    await page.goto('/');
    expect(await htmlLang(page)).toBe('en');
    await signInByFields(page, 'doctor');
    await nav(page).waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    await expect.poll(() => htmlLang(page)).toBe('fr');
    await frenchShell(page).waitFor();
    await context.close();
  }, 180_000);

  it('a language whose texts cannot be read leaves the screen as it was, says so, and stores nothing', async () => {
    // No service worker, so every French catalogue file comes from the network, where it fails.
    const context = await newContext(browser, { width: 1024, height: 768 }, { serviceWorkers: 'block' });
    await context.route(/\/assets\/fr-[^/]*\.js$/, (route) => route.abort('failed'));
    const page = await context.newPage();
    await signInToShell(page, 'hygienist');
    await chooseLanguage(page, 'Français', { wait: false });
    await page.getByText('The language could not be changed').waitFor();
    await page.getByText('Please check the connection and try again.').waitFor();
    await page.screenshot({ path: resolve(SHOTS, 'language-change-failed.png') });
    expect(await htmlLang(page)).toBe('en');
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { language: string | null } };
    expect(me.user.language).not.toBe('fr');
    await context.close();
  }, 180_000);

  it("shows the server's refusal in French", async () => {
    const context = await browser.newContext({ baseURL: baseURL(), locale: 'fr-CA' });
    const page = await context.newPage();
    await page.goto('/');
    await signInByFields(page, 'receptionist', 'not-the-password');
    await page.getByText("Nom d'utilisateur ou mot de passe invalide").waitFor();
    expect(await page.getByText('Invalid username or password').count()).toBe(0);
    await context.close();
  }, 120_000);
});
