import { instantAt } from '@dental/domain/time/zones';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeDialogEverywhere } from './axe.ts';
import { PRACTICE_TIME_ZONE, SYNC_TIMEOUT_MS, syncNow } from './helpers.ts';
import { openScheduleTools, type StaffMember, scheduleToolsView, tuesdayAhead } from './schedule-tools-page.ts';

// Room maintenance: a window that displaces appointments, one created, edited and deleted, one scheduled offline;
// and the absence wizard offline. Each test books on a day of its own. Provider absence is in schedule-tools.e2e.ts.

let browser: Browser;
let context: BrowserContext;
let page: Page;
let providers: StaffMember[] = [];
let rooms: string[] = [];
let patients: string[] = [];

const { shot, book, serverDay, serverMaintenance, goTo, card, choose, closeToasts, slotPoint } = scheduleToolsView(
  () => page,
);

beforeAll(async () => {
  ({ browser, context, page, providers, rooms, patients } = await openScheduleTools());
});

afterAll(async () => {
  await context.close();
  await browser.close();
});

describe('room maintenance', () => {
  it('moves the two appointments a new window would displace, and saves the window with them', async () => {
    const date = tuesdayAhead(7);
    const room = rooms[3] ?? '';
    const [first, second] = providers;
    if (!first || !second) throw new Error('not enough providers');
    const early = await book(date, '10:00', { providerId: first.id, room, patient: patients[0] ?? '' });
    const late = await book(date, '10:30', { providerId: second.id, room, patient: patients[1] ?? '' });
    await syncNow(page);
    await goTo(date);
    await card(late).waitFor();

    // The free slot before them: the menu prefills its room, its time and an hour later.
    const point = await slotPoint(room, '09:30');
    await page.mouse.click(point.x, point.y, { button: 'right' });
    expect(await axeDialogEverywhere(page, 'empty slot menu', page.getByRole('menu'))).toEqual([]);
    await page.getByRole('menuitem', { name: 'Schedule Maintenance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule Maintenance' });
    expect(await dialog.getByRole('combobox', { name: /^Room/ }).inputValue()).toMatch(new RegExp(`^${room}\\b`));
    expect(await dialog.getByLabel('Start time').inputValue()).toBe('09:30');
    expect(await dialog.getByLabel('End time').inputValue()).toBe('10:30');
    await dialog.getByLabel('End time').fill('11:00');
    await dialog.getByLabel('Title').fill('Compressor repair');
    await dialog.getByRole('button', { name: 'Schedule maintenance' }).click();

    const panel = dialog.getByTestId('displacement-panel');
    await panel.getByText('Appointments are booked in this room during this time.').waitFor();
    expect(await panel.getByTestId('displaced-appointment').count()).toBe(2);
    await panel.getByRole('radio').first().waitFor();
    await panel.scrollIntoViewIfNeeded();
    expect(await axeDialogEverywhere(page, 'maintenance with displaced appointments', dialog)).toEqual([]);
    await shot('maintenance-displace');
    await panel.getByRole('button', { name: 'Move 2 appointments and save' }).click();
    await page.getByText('Maintenance Scheduled').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    const windows = (await serverMaintenance(date)).filter((row) => row.title === 'Compressor repair');
    expect(windows).toHaveLength(1);
    const start = Date.parse(windows[0]?.startDateTime ?? '');
    const end = Date.parse(windows[0]?.endDateTime ?? '');
    const inRoom = (await serverDay(date)).filter(
      (entry) =>
        entry.treatmentRoom === room &&
        entry.status !== 'cancelled' &&
        Date.parse(entry.appointmentDate) < end &&
        Date.parse(entry.appointmentDate) + entry.duration * 60_000 > start,
    );
    expect(inRoom).toEqual([]);
    // Both still booked (moved, not cancelled), somewhere.
    const all = [...(await serverDay(date)), ...(await serverDay(tuesdayAhead(7, 1)))];
    for (const id of [early, late]) expect(all.find((entry) => entry.id === id)?.status).toBe('scheduled');
    const block = page.locator(`[data-testid="maintenance-card"][data-room="${room}"]`);
    await block.getByText('Compressor repair').waitFor();
    await expect
      .poll(async () => (await card(early).count()) === 0 || (await card(early).getAttribute('data-room')) !== room)
      .toBe(true);
  });

  it('creates, edits (room fixed) and deletes a window from the schedule', async () => {
    const date = tuesdayAhead(7, 1);
    const room = rooms[2] ?? '';
    await goTo(date);
    await page.getByRole('button', { name: 'Schedule Maintenance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule Maintenance' });
    // Spec 9 defaults.
    expect(await dialog.getByLabel('Start time').inputValue()).toBe('09:00');
    expect(await dialog.getByLabel('End time').inputValue()).toBe('10:00');
    expect(await dialog.getByRole('combobox', { name: /^Priority/ }).inputValue()).toBe('Medium');
    expect(await dialog.getByRole('combobox', { name: /^Maintenance type/ }).inputValue()).toBe('Routine');
    await dialog.getByRole('button', { name: 'Schedule maintenance' }).click();
    await page.getByText('Missing Information').first().waitFor();
    await page.getByText('Please fill in all required fields.').first().waitFor();
    await shot('maintenance-create');
    await choose(dialog, 'Room', new RegExp(`^${room}\\b`));
    await dialog.getByLabel('Title').fill('Sterilizer check');
    await dialog.getByLabel('End time').fill('08:30');
    await dialog.getByRole('button', { name: 'Schedule maintenance' }).click();
    await page.getByText('Invalid Time Range').first().waitFor();
    await page.getByText('End time must be after start time.').first().waitFor();
    await dialog.getByLabel('End time').fill('10:30');
    await choose(dialog, 'Priority', 'High');
    await dialog.getByLabel('Vendor').fill('Henry Schein');
    await dialog.getByLabel('Cost').fill('149.99');
    await dialog.getByRole('button', { name: 'Schedule maintenance' }).click();
    await page.getByText('Maintenance Scheduled').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    const block = page.locator(`[data-testid="maintenance-card"][data-room="${room}"]`).filter({
      hasText: 'Sterilizer check',
    });
    await block.waitFor();
    await expect
      .poll(async () => (await serverMaintenance(date)).find((row) => row.title === 'Sterilizer check'), {
        timeout: SYNC_TIMEOUT_MS,
      })
      .toMatchObject({ roomId: room, priority: 'high', cost: 149.99 });

    await closeToasts();
    await block.click();
    const edit = page.getByRole('dialog', { name: 'Edit Maintenance' });
    expect(await edit.getByRole('combobox', { name: /^Room/ }).isDisabled()).toBe(true);
    await edit.getByText('The room cannot change when editing.').waitFor();
    expect(await edit.getByLabel('Cost').inputValue()).toBe('$149.99');
    await shot('maintenance-edit');
    await edit.getByLabel('Title').fill('Sterilizer check and log');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Maintenance Updated').first().waitFor();
    await expect
      .poll(async () => (await serverMaintenance(date)).some((row) => row.title === 'Sterilizer check and log'), {
        timeout: SYNC_TIMEOUT_MS,
      })
      .toBe(true);

    const updated = page.locator(`[data-testid="maintenance-card"][data-room="${room}"]`).filter({
      hasText: 'Sterilizer check and log',
    });
    await closeToasts();
    await updated.click();
    const again = page.getByRole('dialog', { name: 'Edit Maintenance' });
    await again.getByRole('button', { name: 'Delete', exact: true }).click();
    await again.getByText('Delete this maintenance window?').waitFor();
    await shot('maintenance-delete');
    await again.getByRole('button', { name: 'Delete window' }).click();
    await again.waitFor({ state: 'detached' });
    await updated.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await serverMaintenance(date)).some((row) => row.title.startsWith('Sterilizer check')), {
        timeout: SYNC_TIMEOUT_MS,
      })
      .toBe(false);
  });

  it('schedules a window offline that reaches the server after reconnecting, and refuses to displace offline', async () => {
    const date = tuesdayAhead(7, 2);
    const room = rooms[0] ?? '';
    const [provider] = providers;
    if (!provider) throw new Error('no provider');
    const booked = await book(date, '14:00', { providerId: provider.id, room, patient: patients[4] ?? '' });
    await syncNow(page);
    await goTo(date);
    await card(booked).waitFor();
    await context.setOffline(true);
    try {
      await page.getByRole('button', { name: 'Schedule Maintenance' }).click();
      const dialog = page.getByRole('dialog', { name: 'Schedule Maintenance' });
      await choose(dialog, 'Room', new RegExp(`^${room}\\b`));
      await dialog.getByLabel('Title').fill('Chair upholstery');
      await dialog.getByLabel('Start time').fill('14:00');
      await dialog.getByLabel('End time').fill('15:00');
      await dialog.getByRole('button', { name: 'Schedule maintenance' }).click();
      const panel = dialog.getByTestId('displacement-panel');
      await panel.getByText('Moving these appointments needs a connection.', { exact: false }).waitFor();
      expect(await panel.getByTestId('displaced-appointment').count()).toBe(1);
      await shot('maintenance-offline-refused');

      await dialog.getByLabel('Start time').fill('16:00');
      await dialog.getByLabel('End time').fill('17:00');
      await dialog.getByRole('button', { name: 'Schedule maintenance' }).click();
      await page.getByText('Action Queued').first().waitFor();
      await dialog.waitFor({ state: 'detached' });
      await page
        .locator(`[data-testid="maintenance-card"][data-room="${room}"]`)
        .filter({ hasText: 'Chair upholstery' })
        .waitFor();
    } finally {
      await context.setOffline(false);
    }
    await expect
      .poll(async () => (await serverMaintenance(date)).find((row) => row.title === 'Chair upholstery'), {
        timeout: SYNC_TIMEOUT_MS,
      })
      .toMatchObject({ roomId: room, startDateTime: instantAt(date, '16:00', PRACTICE_TIME_ZONE) });
  });

  it('keeps the absence choices offline, says processing needs a connection, and disables Process Absence', async () => {
    const date = tuesdayAhead(8);
    const absent = providers[0];
    if (!absent) throw new Error('no provider');
    await book(date, '10:00', { providerId: absent.id, room: rooms[1] ?? '', patient: patients[5] ?? '' });
    await goTo(date);
    await page.getByRole('button', { name: 'Provider Absence' }).click();
    const dialog = page.getByRole('dialog', { name: 'Provider Absence' });
    await dialog.getByRole('radio', { name: new RegExp(absent.displayName) }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await choose(dialog, 'Reason', 'Sick Leave');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByTestId('affected-appointments').waitFor();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByTestId('plan-card').first().waitFor();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByTestId('absence-summary').waitFor();
    await context.setOffline(true);
    try {
      await dialog
        .getByText(
          'Processing an absence needs a connection. Your choices are kept; try again when you are back online.',
        )
        .waitFor();
      expect(await dialog.getByRole('button', { name: 'Process Absence' }).isDisabled()).toBe(true);
      await shot('absence-offline');
    } finally {
      await context.setOffline(false);
    }
    await expect.poll(() => dialog.getByRole('button', { name: 'Process Absence' }).isDisabled()).toBe(false);
    await dialog.getByTestId('absence-summary').getByText('Sick Leave').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});
