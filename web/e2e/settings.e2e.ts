import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PracticeHoliday, PracticeHolidaysResponse } from '@dental/domain/practices/holidays';
import { anAppointment, on } from '@dental/domain/testing/appointments';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newContext } from './browser.ts';
import {
  FIRST_DATA_TIMEOUT_MS,
  flatSidebar,
  openArea,
  practiceDay,
  settled,
  sidebarLinks,
  signIn,
  signInToShell,
  syncNow,
} from './helpers.ts';

// Issue 21's settings: an administrator creates a user with a permission override, and that user, signed in
// in another browser, works with it; practice hours edited in settings change the schedule. Screenshots at
// tablet and laptop sizes, light and dark.

const SHOTS = resolve(import.meta.dirname, '../../screenshots/issue-21');
const SIZES = { tablet: { width: 1024, height: 768 }, laptop: { width: 1440, height: 900 } } as const;

let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser.close();
});

async function openSettings(page: Page, tab: string): Promise<void> {
  await page.goto(`/settings?tab=${tab}`);
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
}

/** In-app navigation to the schedule, then day by day to `date` (YYYY-MM-DD) within the coming week. */
async function scheduleOn(page: Page, date: string): Promise<void> {
  for (let step = 0; step < 8; step++) {
    const label = page.getByTestId('schedule-date-label');
    await label.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    if ((await label.getAttribute('data-date')) === date) return;
    await page.getByRole('button', { name: 'Next day' }).click();
  }
  throw new Error(`the schedule never showed ${date}`);
}

/** The next Sunday after today, on the practice's calendar: the demo practice is closed on Sundays. */
function nextSunday(): string {
  const today = new Date(new Date().toLocaleString('en-US', { timeZone: 'America/Toronto' }));
  const days = ((7 - today.getDay()) % 7) + (today.getDay() === 0 ? 7 : 0);
  const sunday = new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${sunday.getFullYear()}-${pad(sunday.getMonth() + 1)}-${pad(sunday.getDate())}`;
}

describe('/settings', () => {
  it('creates a user with an override, who then signs in elsewhere and works with it', async () => {
    const admin = await newContext(browser, SIZES.laptop);
    const page = await admin.newPage();
    await signInToShell(page, 'admin');
    await openSettings(page, 'users');

    await page.getByRole('button', { name: 'Add user' }).click();
    const form = page.getByRole('dialog', { name: 'New user' });
    await form.getByLabel('Username').fill('lpoirier');
    await form.getByLabel('First name').fill('Léa');
    await form.getByLabel('Last name').fill('Poirier');
    await form.getByLabel('Email').fill('lea.poirier@example.ca');
    await form.getByLabel(/^Initial password/).fill('Bienvenue2026!');
    await form.getByRole('button', { name: 'Create user' }).click();
    await page.getByText('User created').first().waitFor();
    const row = page.locator('tr[data-username="lpoirier"]');
    await row.getByText('Must reset password').waitFor();

    // A receptionist may not open settings by role, and may list patients: grant the one, revoke the other.
    await row.getByRole('button', { name: 'Permissions' }).click();
    const permissions = page.getByRole('dialog', { name: 'Permissions' });
    const settingsView = permissions.locator('tr[data-permission="settings.view"]');
    expect(await settingsView.getByText('Not allowed').count()).toBe(1);
    await settingsView.getByText('Grant', { exact: true }).click();
    const patientsView = permissions.locator('tr[data-permission="patients.view"]');
    expect(await patientsView.getByText('Allowed', { exact: true }).count()).toBe(1);
    await patientsView.getByText('Revoke', { exact: true }).click();
    await settled(page);
    await page.screenshot({ path: resolve(SHOTS, 'settings-permissions-laptop-light.png') });
    await permissions.getByRole('button', { name: 'Save permissions' }).click();
    await page.getByText('Permissions saved').first().waitFor();
    await row.getByText('2 overrides').waitFor();

    const other = await newContext(browser, SIZES.laptop);
    const userPage = await other.newPage();
    await signIn(userPage, 'lpoirier', 'Bienvenue2026!');
    const reset = userPage.getByRole('dialog', { name: 'Password Reset Required' });
    await reset.waitFor();
    await reset.getByLabel(/^New Password/).fill('Harbour7!Lea');
    await reset.getByLabel('Confirm New Password').fill('Harbour7!Lea');
    await reset.getByRole('button', { name: 'Update Password' }).click();
    await userPage.getByRole('navigation', { name: 'Main navigation' }).waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    const links = await sidebarLinks(userPage);
    expect(links.some((link) => /^Settings/.test(link))).toBe(true);
    expect(links.some((link) => /^Patients/.test(link))).toBe(false);
    const nav = await flatSidebar(userPage);
    await nav.getByRole('link', { name: /^Settings/ }).click();
    await userPage.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();

    // Revoked again by the administrator: refused on the user's very next request, without signing out.
    await row.getByRole('button', { name: 'Permissions' }).click();
    await permissions.locator('tr[data-permission="settings.view"]').getByText('Role default', { exact: true }).click();
    await permissions.getByRole('button', { name: 'Save permissions' }).click();
    await page.getByText('Permissions saved').first().waitFor();
    const refused = await userPage.request.get('/api/settings/security');
    expect(refused.status()).toBe(403);

    await other.close();
    await admin.close();
  }, 300_000);

  it('edits the practice hours, and the schedule opens on a day that was closed; adds a practice with its hours', async () => {
    const context = await newContext(browser, SIZES.laptop);
    const page = await context.newPage();
    await signInToShell(page, 'admin');
    await openArea(page, 'Scheduling');
    await syncNow(page);
    const sunday = nextSunday();
    await scheduleOn(page, sunday);
    await page.locator(`[data-testid="closed-banner"][data-date="${sunday}"]`).waitFor();

    const nav = await flatSidebar(page);
    await nav.getByRole('link', { name: /^Settings/ }).click();
    await page.getByRole('heading', { name: 'Weekly hours' }).waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    await page.getByRole('switch', { name: 'Sunday open', exact: true }).check({ force: true });
    await page.getByLabel('Sunday opens', { exact: true }).fill('10:00');
    await page.getByLabel('Sunday closes', { exact: true }).fill('14:00');
    await page.getByRole('button', { name: 'Save hours' }).click();
    await page.getByText('Practice hours updated').first().waitFor();

    // A new practice, open on Saturday mornings too.
    const newPractice = page
      .locator('.mantine-Paper-root')
      .filter({ has: page.getByRole('heading', { name: 'Add New Practice' }) });
    await newPractice.getByRole('textbox', { name: /^Name/ }).fill('Lakeshore Family Dental');
    await newPractice.getByRole('textbox', { name: /^City/ }).fill('Mississauga');
    await page.getByRole('switch', { name: 'New practice, Saturday open' }).check({ force: true });
    await page.getByLabel('New practice, Saturday opens').fill('08:00');
    await page.getByLabel('New practice, Saturday closes').fill('12:00');
    await page.getByRole('button', { name: 'Add practice' }).click();
    await page.getByText('Practice added').first().waitFor();
    const practices = (await (await page.request.get('/api/multi-clinic/accessible-practices')).json()) as {
      id: number;
      name: string;
    }[];
    const lakeshore = practices.find((practice) => practice.name === 'Lakeshore Family Dental');
    if (!lakeshore) throw new Error('the new practice is not among the administrator’s');
    const lakeshoreHours = await page.request.get(`/api/practice-hours-unified/${lakeshore.id}`, {
      headers: { 'X-Practice-ID': String(lakeshore.id) },
    });
    expect((await lakeshoreHours.json()).hours).toMatchObject({
      saturday: { isOpen: true, openTime: '08:00', closeTime: '12:00' },
      sunday: { isOpen: false },
    });

    await openArea(page, 'Scheduling');
    await syncNow(page);
    await scheduleOn(page, sunday);
    await page
      .locator(`[data-testid="schedule-grid"][data-date="${sunday}"]`)
      .waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    await context.close();
  }, 300_000);

  it('closes a holiday and is refused a booking on it; the schedule shows it closed', async () => {
    const context = await newContext(browser, SIZES.laptop);
    const page = await context.newPage();
    await signInToShell(page, 'admin');
    // The first holiday from the day after tomorrow on that the practice keeps open by default, on a day it opens.
    const thisYear = Number(practiceDay().slice(0, 4));
    const after = practiceDay(-2);
    let target: PracticeHoliday | undefined;
    for (const year of [thisYear, thisYear + 1]) {
      const answer = await page.request.get(`/api/practice-holidays?year=${year}`);
      expect(answer.status()).toBe(200);
      const { holidays } = (await answer.json()) as PracticeHolidaysResponse;
      target = holidays.find(
        (holiday) =>
          holiday.date >= after && !holiday.closed && new Date(`${holiday.date}T12:00:00Z`).getUTCDay() !== 0,
      );
      if (target) break;
    }
    if (!target) throw new Error('no open holiday in the coming year');
    const holiday = target;
    const listed = (await (await page.request.get('/api/patients?limit=1')).json()) as
      | { id: string }[]
      | { patients: { id: string }[] };
    const [patient] = Array.isArray(listed) ? listed : listed.patients;
    if (!patient) throw new Error('the demo practice has no patient');
    const booking = anAppointment({ patientId: patient.id, appointmentDate: on(holiday.date, '10:00') });

    await openSettings(page, 'holidays');
    await page.getByRole('combobox', { name: 'Year' }).click();
    await page.getByRole('option', { name: holiday.date.slice(0, 4), exact: true }).click();
    const closed = page.getByRole('checkbox', { name: `Closed on ${holiday.name}` });
    expect(await closed.isChecked()).toBe(false);
    await closed.check();
    await settled(page);
    await page.screenshot({ path: resolve(SHOTS, 'settings-holidays-closing-laptop-light.png') });
    await page.getByRole('button', { name: 'Save holidays' }).click();
    await page.getByText('Holidays saved').first().waitFor();

    const refused = await page.request.post('/api/appointments', { data: booking });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({
      field: 'appointmentDate',
      message: `The practice is closed on this day: ${holiday.name}.`,
    });
    const audit = await page.request.get('/api/audit?action=practice_holidays.update');
    expect(((await audit.json()) as { total: number }).total).toBe(1);

    await page.goto(`/scheduling?date=${holiday.date}`);
    await syncNow(page);
    await page
      .locator(`[data-testid="closed-banner"][data-date="${holiday.date}"]`)
      .getByText(`Closed: ${holiday.name}`)
      .waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    await context.close();
  }, 300_000);

  // One signed-in page per size; each tab is opened afresh in each colour scheme.
  it.each(Object.entries(SIZES).map(([size, viewport]) => ({ size, viewport })))(
    'looks right at $size size, light and dark',
    async ({ size, viewport }) => {
      const context = await browser.newContext({ baseURL: baseURL(), viewport });
      const page = await context.newPage();
      await signInToShell(page, 'admin');
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const tab of ['practice', 'users', 'holidays', 'provincial-fees', 'security'] as const) {
          await openSettings(page, tab);
          const ready = {
            practice: page.getByRole('table', { name: 'Treatment rooms' }),
            users: page.getByRole('table', { name: 'Users' }),
            holidays: page.getByTestId('holiday-row').first(),
            'provincial-fees': page.getByRole('table', { name: 'Fee schedule' }),
            security: page.getByLabel('Idle timeout (minutes)'),
          }[tab];
          await ready.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
          await settled(page);
          await page.screenshot({ path: resolve(SHOTS, `settings-${tab}-${size}-${scheme}.png`), fullPage: false });
        }
      }
      await context.close();
    },
    300_000,
  );
});
