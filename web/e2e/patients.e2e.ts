import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Papa from 'papaparse';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.ts';
import { DEMO_PASSWORD, FIRST_DATA_TIMEOUT_MS, settled, signInToShell, syncNow } from './helpers.ts';

const SHOTS = resolve(import.meta.dirname, '../../screenshots');
const VIEWPORTS = { laptop: { width: 1280, height: 800 }, tablet: { width: 820, height: 1180 } } as const;

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  context = await newContext(browser, VIEWPORTS.laptop);
  page = await context.newPage();
  await signInToShell(page, 'admin');
  // Every count below is of the whole practice: the device must hold all of it, not a first pull still landing.
  await syncNow(page);
});
afterAll(async () => {
  await browser.close();
});

const rows = () => page.getByTestId('patient-row');

/** A page load may need the password again to reopen the device's data; the list shows once it is open. */
async function openPatients(path = '/patients'): Promise<void> {
  await page.goto(path);
  const unlock = page.getByLabel('Your password');
  // Whichever comes first; then the branch reads a state that has been reached, not one still on its way.
  await unlock.or(rows().first()).first().waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
  if (await unlock.isVisible()) {
    await unlock.fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Unlock' }).click();
  }
  await rows().first().waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
}

function cellTexts(column: number): Promise<string[]> {
  return rows().locator(`td:nth-child(${column})`).allTextContents();
}

function ageOn(dateOfBirth: string, today: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const years = today.getFullYear() - year;
  const passed = today.getMonth() + 1 > month || (today.getMonth() + 1 === month && today.getDate() >= day);
  return passed ? years : years - 1;
}

async function count(): Promise<number> {
  return Number.parseInt((await page.getByTestId('patient-count').textContent()) ?? '', 10);
}

async function shot(name: string): Promise<void> {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await settled(page);
    await page.screenshot({ path: resolve(SHOTS, `patients-${name}-${size}.png`) });
  }
  await page.setViewportSize(VIEWPORTS.laptop);
}

describe('patients list (spec 2.8)', () => {
  it('searches by name through ?search=, with phones shown as (###) ###-####', async () => {
    await openPatients();
    const total = await count();
    expect(await rows().count()).toBe(20);
    for (const phone of await cellTexts(2)) expect(phone).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);

    const [name] = await cellTexts(1);
    const lastName = (name ?? '').split(',')[0]?.trim() ?? '';
    await page.getByLabel('Search the patient list').fill(lastName);
    // The search is debounced: it has run once the list is much shorter.
    await expect.poll(count).toBeLessThan(total / 2);
    const found = await count();
    expect(found).toBeGreaterThan(0);
    expect(new URL(page.url()).searchParams.get('search')).toBe(lastName);
    expect((await cellTexts(1))[0]).toContain(lastName);

    await page.getByLabel('Search the patient list').fill('zzqxzzqx');
    await page.getByText('No patients found matching "zzqxzzqx"').waitFor();
  });

  it('filters by province and by age, and keeps the filters in the address', async () => {
    await openPatients();
    const total = await count();
    await page.getByRole('button', { name: 'Filters' }).click();
    // Practice 1's seeded patients all live in Ontario: another province must empty the list.
    await page.getByLabel('Province', { exact: true }).first().click();
    await page.getByRole('option', { name: 'AB', exact: true }).click();
    await page.getByText('No patients found', { exact: true }).waitFor();
    expect(await count()).toBe(0);
    await page.getByLabel('Province', { exact: true }).first().click();
    await page.getByRole('option', { name: 'ON', exact: true }).click();
    // This file's server has only the seeded patients, all in Ontario: they are all back.
    await expect.poll(count).toBe(total);
    expect(new Set(await cellTexts(5))).toEqual(new Set(['ON']));

    await page.getByLabel('Age min', { exact: true }).fill('30');
    await page.getByLabel('Age max', { exact: true }).fill('40');
    // Each field updates the address and then the list: wait for both bounds to be applied, not just the first.
    const today = new Date();
    const inRange = async () => (await cellTexts(3)).every((dob) => ageOn(dob, today) >= 30 && ageOn(dob, today) <= 40);
    await expect.poll(() => new URL(page.url()).searchParams.get('ageMax')).toBe('40');
    await expect.poll(inRange).toBe(true);
    const aged = await count();
    expect(aged).toBeGreaterThan(0);
    expect(aged).toBeLessThan(total);
    const params = new URL(page.url()).searchParams;
    expect([params.get('province'), params.get('ageMin'), params.get('ageMax')]).toEqual(['ON', '30', '40']);
    await shot('filters');

    await openPatients(`/patients?${params.toString()}`);
    await expect.poll(count).toBe(aged);
  });

  it('paginates and changes the page size', async () => {
    await openPatients();
    const firstPage = await cellTexts(1);
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect.poll(() => cellTexts(1).then((names) => names[0])).not.toBe(firstPage[0]);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    // Many pages: the pagination elides the middle rather than listing every page.
    expect(await page.locator('.mantine-Pagination-dots').count()).toBeGreaterThan(0);

    await page.getByLabel('Rows per page', { exact: true }).first().click();
    await page.getByRole('option', { name: '50', exact: true }).click();
    await expect.poll(() => rows().count()).toBe(50);
    expect(new URL(page.url()).searchParams.get('pageSize')).toBe('50');
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();

    // The list starts A to Z, so the first click turns it around.
    await page.getByRole('button', { name: 'Sort by name' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('-name');
    await expect
      .poll(() => page.getByRole('columnheader', { name: 'Sort by name' }).getAttribute('aria-sort'))
      .toBe('descending');
    await expect
      .poll(async () => {
        const descending = await cellTexts(1);
        return descending[0]?.localeCompare(descending.at(-1) ?? '') ?? -1;
      })
      .toBeGreaterThanOrEqual(0);
  });

  it('exports a CSV of the listed patients for a user holding patients.export', async () => {
    await openPatients('/patients?province=ON&ageMin=30&ageMax=40');
    const listed = await count();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^patients-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const parsed = Papa.parse<string[]>(csv.trim());
    expect(parsed.data[0]?.join(',')).toMatch(
      /^First Name,Last Name,Email,Phone,Date of Birth,Address,City,Province,Postal Code,Emergency Contact,Emergency Phone,Communication Preference,Status,Conditions,Medications,Allergies,Insurance Provider,Insurance Policy Number$/,
    );
    expect(parsed.data).toHaveLength(listed + 1);
    expect(new Set(parsed.data.slice(1).map((row) => row[7]))).toEqual(new Set(['ON']));
    for (const row of parsed.data.slice(1)) expect(row[3]).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
  });

  it('hides Export from a receptionist', async () => {
    const other = await newContext(browser, VIEWPORTS.laptop);
    const receptionist = await other.newPage();
    await signInToShell(receptionist, 'receptionist');
    await receptionist.goto('/patients');
    await receptionist.getByTestId('patient-row').first().waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    await receptionist.getByRole('button', { name: 'New Patient' }).waitFor();
    expect(await receptionist.getByRole('button', { name: 'Export' }).count()).toBe(0);
    await other.close();
  });
});

describe('header quick search (spec 2.4)', () => {
  it('finds a patient despite a typo and opens the highlighted one with Enter', async () => {
    await openPatients();
    const row = rows().first();
    const id = await row.getAttribute('data-patient-id');
    const name = (await row.locator('td').first().textContent()) ?? '';
    const [lastName = '', firstName = ''] = name.split(',').map((part) => part.trim());
    // Swap two differing neighbours: the kind of slip a transposition-tolerant search must forgive.
    const at = [...lastName].findIndex((letter, i) => i > 0 && i < lastName.length - 1 && letter !== lastName[i + 1]);
    expect(at).toBeGreaterThan(0);
    const misspelt = `${lastName.slice(0, at)}${lastName[at + 1]}${lastName[at]}${lastName.slice(at + 2)}`;
    const typo = `${firstName} ${misspelt}`;
    expect(misspelt).not.toBe(lastName);

    const box = page.locator('input[aria-label="Search patients"]');
    await box.fill(typo);
    const options = page.getByTestId('quick-search-option');
    const wanted = (labels: string[]) => labels.findIndex((label) => label.startsWith(`${lastName}, ${firstName}`));
    // The index answers off the main thread: wait for the answer to this query, not whatever list is up first.
    await expect.poll(async () => wanted(await options.allTextContents())).toBeGreaterThanOrEqual(0);
    const labels = await options.allTextContents();
    expect(labels.length).toBeLessThanOrEqual(8);
    const position = wanted(labels);
    expect(position).toBeGreaterThanOrEqual(0);
    await shot('quick-search');

    for (let step = 0; step <= position; step++) await box.press('ArrowDown');
    await box.press('Enter');
    await page.waitForURL(`**/patients/${id}`);

    await box.fill('zzqxzzqx');
    await page.getByText('No patients found matching "zzqxzzqx"').waitFor();
    await box.press('Escape');
    await page.getByText('No patients found matching "zzqxzzqx"').waitFor({ state: 'hidden' });
    await box.press('Enter');
    await page.waitForURL('**/patients?search=zzqxzzqx');

    // Both searches ask one index, built off the main thread so typing never waits for it.
    const worker = await page.evaluate(() =>
      performance.getEntriesByType('resource').some((entry) => entry.name.includes('patient-search.worker')),
    );
    expect(worker).toBe(true);
  });
});
