import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RecallType } from '@dental/domain/patients/recall.schema';
import type { WorklistRow } from '@dental/domain/recalls/worklist';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.ts';
import { choose, flatSidebar, openList, SYNC_TIMEOUT_MS, settled, signInToShell, syncNow } from './helpers.ts';
import { scheduleView } from './schedule-page.ts';

// Issue 19's recall worklists as a receptionist works them: the due and overdue recalls of the demo data, one
// booked straight from the list through the schedule's booking form, an outcome logged, the smart ranking's
// reasons, and the recall types. Nothing depends on the time of day: the booking goes to the next open day.

const SHOTS = resolve(import.meta.dirname, '../../screenshots/issue-19');
const SIZES = { tablet: { width: 1024, height: 768 }, laptop: { width: 1440, height: 900 } } as const;

let browser: Browser;
let context: BrowserContext;
let page: Page;
const schedule = scheduleView(() => page);

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  context = await newContext(browser, SIZES.laptop);
  page = await context.newPage();
  await signInToShell(page, 'receptionist');
  // The booking form picks the patient from the device's copy.
  await syncNow(page);
}, 240_000);

afterAll(async () => {
  await context.close();
  await browser.close();
});

/** In-app navigation through the sidebar: a page load would ask for the password again. */
async function open(label: 'Recalls' | 'Smart Recalls' | 'Smart Recall Management', path: string): Promise<void> {
  const nav = await flatSidebar(page);
  await nav.getByRole('link', { name: new RegExp(`^${label}$`) }).click();
  await page.waitForURL((url) => url.pathname === path);
}

const rowOf = (recallId: string): Locator => page.locator(`tr[data-recall="${recallId}"]`);

async function serverRow(recallId: string): Promise<WorklistRow | undefined> {
  const rows = (await (await page.request.get('/api/recalls/worklist')).json()) as WorklistRow[];
  return rows.find((row) => row.recall.id === recallId);
}

async function shots(name: string): Promise<void> {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await settled(page);
    await page.screenshot({ path: resolve(SHOTS, `${name}-${size}.png`) });
  }
  await page.setViewportSize(SIZES.laptop);
}

describe('recall worklists', () => {
  let booked: WorklistRow;
  let other: WorklistRow;

  it('lists the demo data’s due and overdue recalls', async () => {
    await open('Recalls', '/recalls');
    await page.getByRole('heading', { name: 'Recalls', level: 1 }).waitFor();
    await page.locator('tr[data-recall]').first().waitFor({ timeout: SYNC_TIMEOUT_MS });
    const rows = (await (await page.request.get('/api/recalls/worklist')).json()) as WorklistRow[];
    expect(rows.some((row) => row.overdueDays > 0)).toBe(true);
    expect(rows.some((row) => row.overdueDays === 0)).toBe(true);
    expect(await page.locator('tr[data-recall]').count()).toBe(rows.length);
    const unbooked = rows.filter((row) => !row.booked && row.overdueDays > 0);
    [booked, other] = unbooked as [WorklistRow, WorklistRow];
    expect(other).toBeDefined();
    await expect.poll(() => rowOf(booked.recall.id).getByText(`${booked.overdueDays} days`).count()).toBe(1);
    await shots('recalls');
  });

  it('books a recall from the list: the schedule’s form opens prefilled, the appointment lands, the row shows booked', async () => {
    const name = `${booked.patient.firstName} ${booked.patient.lastName}`;
    await rowOf(booked.recall.id)
      .getByRole('button', { name: `Book ${name}` })
      .click();
    await page.waitForURL((url) => /^\/(appointments|scheduling)/.test(url.pathname));
    const dialog = page.getByRole('dialog', { name: 'New Appointment' });
    await dialog.waitFor({ timeout: SYNC_TIMEOUT_MS });
    await expect
      .poll(() => dialog.getByRole('combobox', { name: /^Patient/ }).inputValue(), { timeout: SYNC_TIMEOUT_MS })
      .toBe(`${booked.patient.lastName}, ${booked.patient.firstName}`);
    // The recall type's procedure: Cleaning, or Periodontal maintenance for the perio recalls of the demo data.
    const types = (await (await page.request.get('/api/recall-types')).json()) as RecallType[];
    const procedure = types.find((type) => type.id === booked.recall.recallTypeId)?.procedure;
    expect(procedure).toMatch(/^(Cleaning|Periodontal maintenance)$/);
    expect(await dialog.getByLabel('Procedure').inputValue()).toBe(procedure);
    const date = await schedule.settled();

    const slot = await schedule.freeSlot(30);
    await choose(page, dialog, 'Time', slot.time);
    await choose(page, dialog, 'Room', new RegExp(`^${slot.room}\\b`));
    // A provider free at that time, as the live analysis judges it.
    const providerBox = dialog.getByRole('combobox', { name: /^Provider/ });
    const list = await openList(page, providerBox);
    await list.getByRole('option').first().waitFor();
    const providers = await list.getByRole('option').allTextContents();
    await page.keyboard.press('Escape');
    for (const provider of providers) {
      await choose(page, dialog, 'Provider', provider);
      const analysis = dialog.getByTestId('conflict-analysis');
      await analysis.waitFor();
      if (!(await analysis.textContent())?.includes('Conflicts found')) break;
    }
    await dialog.getByRole('button', { name: 'Book appointment' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await schedule.cards()).some((card) => card.room === slot.room && card.time === slot.time))
      .toBe(true);
    // On the server once the device has pushed it.
    await expect
      .poll(
        async () => {
          const list = (await (await page.request.get(`/api/appointments?date=${date}`)).json()) as {
            patientId: string;
            procedure: string;
          }[];
          return list.some((entry) => entry.patientId === booked.patient.id && entry.procedure === procedure);
        },
        { timeout: SYNC_TIMEOUT_MS },
      )
      .toBe(true);

    await open('Recalls', '/recalls');
    await rowOf(booked.recall.id).getByText('Booked').first().waitFor({ timeout: SYNC_TIMEOUT_MS });
    // The list saw the booking and logged the outcome.
    await expect
      .poll(async () => (await serverRow(booked.recall.id))?.lastContact?.outcome, { timeout: SYNC_TIMEOUT_MS })
      .toBe('booked');
    expect(
      await rowOf(booked.recall.id)
        .getByRole('button', { name: /^Book / })
        .count(),
    ).toBe(0);
  });

  it('logs a contact outcome', async () => {
    const name = `${other.patient.firstName} ${other.patient.lastName}`;
    await rowOf(other.recall.id)
      .getByRole('button', { name: `Log outcome for ${name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Left message' }).click();
    await page.getByText('Outcome logged').first().waitFor();
    await rowOf(other.recall.id).getByText('Left message').waitFor();
    expect((await serverRow(other.recall.id))?.lastContact).toMatchObject({
      outcome: 'left_message',
      userName: 'Olivia Tremblay',
    });
  });

  it('ranks the smart worklist and shows why', async () => {
    await open('Smart Recalls', '/smart-recalls');
    await page.getByRole('heading', { name: 'Smart recalls', level: 1 }).waitFor();
    await page.locator('tr[data-recall]').first().waitFor({ timeout: SYNC_TIMEOUT_MS });
    const first = page.locator('tr[data-recall]').first();
    await first.getByText(/^Overdue \d+ days/).waitFor();
    await first.getByText('+40').waitFor();
    const rows = (await (await page.request.get('/api/recalls/worklist?smart=1')).json()) as WorklistRow[];
    expect(await first.getAttribute('data-recall')).toBe(rows[0]?.recall.id);
    expect(rows.some((row) => row.rank?.reasons.some((reason) => reason.factor === 'family'))).toBe(true);
    await page.getByText('Family members due together').first().waitFor();
    await shots('smart-recalls');
  });

  it('shows the recall types with their intervals to a receptionist, read only', async () => {
    await open('Smart Recall Management', '/smart-recall-management');
    await page.getByRole('heading', { name: 'Recall types', level: 1 }).waitFor();
    for (const type of ['Cleaning', 'Follow-up', 'Fluoride', 'X-ray', 'Periodontal maintenance']) {
      await page.getByRole('cell', { name: type, exact: true }).first().waitFor();
    }
    await page.getByRole('cell', { name: '2 wk', exact: true }).waitFor();
    await page.getByRole('cell', { name: '6 mo', exact: true }).first().waitFor();
    // Changing them is settings.edit.
    expect(await page.getByRole('button', { name: 'Add recall type' }).count()).toBe(0);
  });

  it('lets an administrator add and edit a recall type', async () => {
    const adminContext = await newContext(browser, SIZES.laptop);
    const admin = await adminContext.newPage();
    try {
      await signInToShell(admin, 'admin');
      const nav = await flatSidebar(admin);
      await nav.getByRole('link', { name: /^Smart Recall Management$/ }).click();
      await admin.getByRole('button', { name: 'Add recall type' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Add recall type' });
      await dialog.getByLabel('Name').fill('Sealant check');
      await dialog.getByLabel('Interval (months)').fill('9');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      const row = admin.getByRole('row', { name: /Sealant check/ });
      await row.getByRole('cell', { name: '9 mo', exact: true }).waitFor();
      await row.getByRole('cell', { name: 'Sealant check', exact: true }).nth(1).waitFor();

      await admin.getByRole('button', { name: 'Edit Sealant check' }).click();
      const edit = admin.getByRole('dialog', { name: 'Edit recall type' });
      await edit.getByLabel('Interval (months)').fill('12');
      await edit.getByLabel('Procedure booked').fill('Check-up');
      await edit.getByRole('button', { name: 'Save' }).click();
      await edit.waitFor({ state: 'detached' });
      await row.getByRole('cell', { name: '12 mo', exact: true }).waitFor();
      await row.getByRole('cell', { name: 'Check-up', exact: true }).waitFor();

      for (const [size, viewport] of Object.entries(SIZES)) {
        await admin.setViewportSize(viewport);
        await settled(admin);
        await admin.screenshot({ path: resolve(SHOTS, `recall-management-${size}.png`) });
      }
    } finally {
      await adminContext.close();
    }
  });
});
