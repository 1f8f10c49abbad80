import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeDialogEverywhere, axeReport } from './axe.ts';
import { launchBrowser, newContext } from './browser.ts';
import {
  type ChartPatient,
  chartFinding,
  chartOnServer,
  openChart,
  patientsWithHistory,
  showcasePatient,
  surface,
} from './clinical-chart-page.ts';
import { readyForOffline, SYNC_TIMEOUT_MS, settled, signInOffline, signInToShell, syncNow } from './helpers.ts';

const SHOTS = resolve(import.meta.dirname, '../../screenshots/clinical');

let browser: Browser;
/** One patient per test: a chart lock one test leaves behind cannot make another's chart read-only. */
let patients: ChartPatient[];
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  const context = await newContext(browser);
  const page = await context.newPage();
  await signInToShell(page, 'admin');
  patients = await patientsWithHistory(page, 2);
  patients.push(await showcasePatient(page, patients));
  await context.close();
});
afterAll(async () => {
  await browser.close();
});

async function writeAndSignNote(page: Page, text: string): Promise<void> {
  await page.getByRole('tab', { name: 'Notes' }).click();
  const start = page.getByRole('button', { name: /^New note/ });
  await start.click();
  const editor = page.getByTestId('note-editor');
  const box = editor.getByRole('textbox', { name: 'Note' });
  await box.fill(text);
  await box.blur();
  await editor
    .getByTestId('note-save-state')
    .filter({ hasText: /^Saved$/ })
    .waitFor();
  await editor.getByRole('button', { name: 'Sign', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Sign this note?' });
  expect(await axeDialogEverywhere(page, 'sign this note', confirm)).toEqual([]);
  await confirm.getByRole('button', { name: 'Sign note' }).click();
  await editor.getByTestId('note-signed').waitFor();
}

describe('clinical chart', () => {
  it('charts surfaces and signs a note offline; after a reload offline both are there; back online the server has them', async () => {
    const patient = patients[0] as ChartPatient;
    const context = await newContext(browser);
    const page = await readyForOffline(context, 'doctor');
    // The note's sign dialog is scanned at rest: a dialog mid-fade shows colours it never stays at.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await context.setOffline(true);
    await openChart(page, patient);
    await page.getByTestId('chart-offline-banner').waitFor();

    await chartFinding(page, { tooth: '36', surfaces: 'MOD', finding: 'Caries' });
    await surface(page, '36', 'O').and(page.locator('[data-condition="caries"]')).waitFor();
    await expect.poll(() => surface(page, '36', 'M').getAttribute('data-condition')).toBe('caries');
    // F is read as B: the buccal surface of 11 gets the composite.
    await chartFinding(page, { tooth: '11', surfaces: 'F', finding: 'Restoration: Composite', status: 'Planned' });
    await expect.poll(() => surface(page, '11', 'B').getAttribute('data-status')).toBe('planned');

    const text = `Offline note ${Date.now()}: caries on 36 MOD charted, composite on 11 planned.`;
    await writeAndSignNote(page, text);

    await page.reload();
    await signInOffline(page, 'doctor');
    await openChart(page, patient);
    expect(await surface(page, '36', 'O').getAttribute('data-condition')).toBe('caries');
    await page.getByRole('tab', { name: 'Notes' }).click();
    await page.getByTestId('note-item').first().click();
    await page.getByTestId('note-body').filter({ hasText: text }).waitFor();
    expect(await page.getByTestId('connection-status').textContent()).toBe('Offline');

    await context.setOffline(false);
    await page.getByTestId('pending-count').waitFor({ state: 'detached', timeout: SYNC_TIMEOUT_MS });
    const chart = await chartOnServer(page.request, patient.id);
    const mine = chart.entries.filter((entry) => entry.tooth === '36' && entry.condition === 'caries');
    expect(mine.some((entry) => entry.surfaces.join('') === 'MOD')).toBe(true);
    expect(chart.entries.some((entry) => entry.tooth === '11' && entry.surfaces.join('') === 'B')).toBe(true);
    const note = chart.notes.find((item) => item.body === text);
    expect(note?.status).toBe('signed');
    expect(note?.signedByName).toBeTruthy();
    await context.close();
  }, 300_000);

  it('two devices chart the same surface differently offline: both entries are kept and both devices show review', async () => {
    const patient = patients[0] as ChartPatient;
    const [first, second] = [await newContext(browser), await newContext(browser)];
    const [pageA, pageB] = [await readyForOffline(first, 'doctor'), await readyForOffline(second, 'hygienist')];
    await first.setOffline(true);
    await second.setOffline(true);
    await openChart(pageA, patient);
    await openChart(pageB, patient);
    await chartFinding(pageA, { tooth: '46', surfaces: 'O', finding: 'Restoration: Composite' });
    await chartFinding(pageB, { tooth: '46', surfaces: 'O', finding: 'Restoration: Amalgam' });
    await expect.poll(() => surface(pageA, '46', 'O').getAttribute('data-condition')).toBe('restoration');
    await expect.poll(() => surface(pageB, '46', 'O').getAttribute('data-condition')).toBe('restoration');

    await first.setOffline(false);
    await pageA.getByTestId('pending-count').waitFor({ state: 'detached', timeout: SYNC_TIMEOUT_MS });
    await second.setOffline(false);
    await pageB.getByTestId('pending-count').waitFor({ state: 'detached', timeout: SYNC_TIMEOUT_MS });
    // The push's toasts sit over the footer's sync button: read them (a refusal would show here), then close them.
    for (const page of [pageA, pageB]) {
      const toasts = page.locator('.mantine-Notification-root');
      const texts = await toasts.allTextContents();
      expect(texts.join(' | ')).not.toMatch(/refused|failed|not charted/i);
      while ((await toasts.count()) > 0) {
        await toasts.first().getByRole('button').first().click();
        await settled(page);
      }
      await syncNow(page);
    }
    for (const page of [pageA, pageB]) {
      await expect.poll(() => surface(page, '46', 'O').getAttribute('data-review')).toBe('true');
      await page.getByTestId('review-list').filter({ hasText: 'Tooth 46, surface O' }).waitFor();
    }
    await pageA.getByTestId('review-list').scrollIntoViewIfNeeded();
    await settled(pageA);
    await pageA.screenshot({ path: resolve(SHOTS, 'odontogram-review-1440x900-light.png') });
    const chart = await chartOnServer(pageA.request, patient.id);
    const onO = chart.entries.filter(
      (entry) => entry.tooth === '46' && entry.surfaces.includes('O') && entry.condition === 'restoration',
    );
    expect(onO.map((entry) => entry.material)).toEqual(expect.arrayContaining(['composite', 'amalgam']));
    await first.close();
    await second.close();
  }, 300_000);

  it('perio: digits typed along the probing path, bleeding marked, saved on the device and on the server', async () => {
    const patient = patients[1] as ChartPatient;
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInToShell(page, 'hygienist');
    await openChart(page, patient);
    await page.getByText('You are editing').waitFor();
    const before = (await chartOnServer(page.request, patient.id)).perioExams.length;
    await page.getByRole('tab', { name: 'Periodontal' }).click();
    await page.getByRole('button', { name: /^(New exam|Continue today's exam)$/ }).click();
    const grid = page.getByTestId('perio-chart');
    await grid.focus();
    // 17 is the first tooth probed when 18 is missing or not charted: its DB, B, MB sites, then 16's.
    await page.keyboard.type('324b5');
    const first = await page
      .locator('[data-site$="-depth"]')
      .evaluateAll((cells) =>
        cells.filter((cell) => cell.textContent?.trim()).map((cell) => cell.getAttribute('data-site')),
      );
    expect(first.length).toBeGreaterThanOrEqual(4);
    await page.getByTestId('perio-save-state').filter({ hasText: 'Saved' }).waitFor();
    await expect
      .poll(async () => (await chartOnServer(page.request, patient.id)).perioExams.length, { timeout: SYNC_TIMEOUT_MS })
      .toBe(before + 1);
    await context.close();
  }, 240_000);

  it('the chart lock: a second user sees the chart read-only with who holds it, and can take it over', async () => {
    const patient = patients[1] as ChartPatient;
    const [first, second] = [await newContext(browser), await newContext(browser)];
    const holder = await first.newPage();
    await signInToShell(holder, 'doctor');
    await openChart(holder, patient);
    await holder.getByText('You are editing').waitFor();

    const other = await second.newPage();
    await other.emulateMedia({ reducedMotion: 'reduce' });
    await signInToShell(other, 'hygienist');
    await openChart(other, patient);
    const banner = other.getByTestId('chart-lock-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/This chart is being edited by .+\./);
    expect(await other.getByRole('form', { name: 'Chart a finding' }).count()).toBe(0);

    await banner.getByRole('button', { name: 'Take over' }).click();
    const takeOver = other.getByRole('dialog', { name: 'Take over the chart?' });
    expect(await axeDialogEverywhere(other, 'take over the chart', takeOver)).toEqual([]);
    await takeOver.getByRole('button', { name: 'Take over' }).click();
    await other.getByText('You are editing').waitFor();
    await other.getByRole('form', { name: 'Chart a finding' }).waitFor();
    await first.close();
    await second.close();
  }, 240_000);

  it('screenshots: odontogram, perio chart and a note at 1024×768 and 1440×900, light and dark', async () => {
    const patient = patients[2] as ChartPatient;
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInToShell(page, 'doctor');
    await openChart(page, patient);
    // Something of each colour: a caries found today, a planned composite, a completed sealant.
    await page.getByText('You are editing').waitFor();
    await chartFinding(page, { tooth: '15', surfaces: 'DO', finding: 'Caries' });
    await chartFinding(page, { tooth: '25', surfaces: 'O', finding: 'Restoration: Composite', status: 'Planned' });
    await chartFinding(page, { tooth: '14', surfaces: 'O', finding: 'Sealant', status: 'Completed' });
    await page.getByTestId('entry-row').first().filter({ hasText: 'Sealant' }).waitFor();
    // No test voids an entry: the Void entry dialog is opened on the sealant, read, and cancelled.
    await page.getByTestId('entry-row').first().getByRole('button', { name: 'Void' }).click();
    const voidEntry = page.getByRole('dialog', { name: 'Void entry' });
    expect(await axeDialogEverywhere(page, 'void entry', voidEntry)).toEqual([]);
    await voidEntry.getByRole('button', { name: 'Cancel' }).click();
    await voidEntry.waitFor({ state: 'detached' });
    // Every axe rule on each tab, in both themes at both sizes (issue 22).
    const serious: string[] = [];
    const scan = async (where: string) => {
      serious.push(...(await axeReport(page, where, { include: ['main'] })));
    };
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const size of [
        { width: 1024, height: 768 },
        { width: 1440, height: 900 },
      ]) {
        await page.setViewportSize(size);
        const name = (what: string) => resolve(SHOTS, `${what}-${size.width}x${size.height}-${scheme}.png`);
        await page.getByRole('tab', { name: 'Odontogram' }).click();
        await page.getByTestId('odontogram').waitFor();
        await settled(page);
        const scroll = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect(scroll, `no sideways scroll at ${size.width}`).toBe(false);
        await page.screenshot({ path: name('odontogram'), fullPage: true });
        await scan(`odontogram ${scheme} ${size.width}`);
        await page.getByTestId('entry-history').scrollIntoViewIfNeeded();
        await settled(page);
        await page.screenshot({ path: name('odontogram-history') });
        await page.getByRole('tab', { name: 'Periodontal' }).click();
        await page.getByTestId('perio-chart').waitFor();
        await settled(page);
        await page.screenshot({ path: name('perio'), fullPage: true });
        await scan(`perio ${scheme} ${size.width}`);
        await page.getByRole('tab', { name: 'Notes' }).click();
        await page.getByTestId('note-item').first().click();
        await page.getByTestId('note-editor').waitFor();
        await settled(page);
        await page.screenshot({ path: name('note'), fullPage: true });
        await scan(`note ${scheme} ${size.width}`);
      }
    }
    expect(serious).toEqual([]);
    await context.close();
  }, 300_000);
});
