import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeDialogEverywhere, axeReport } from './axe.ts';
import { afterPageTimers, SYNC_TIMEOUT_MS, searchAndChoose } from './helpers.ts';
import { minutes, openSchedule, scheduleView } from './schedule-page.ts';

// The daily schedule: the day's grid, and one booking's life on it (booked from a click, booked over, resized,
// dragged, refused a move, checked in, cancelled), then no-show and edit from a card's menu. The tests run in
// order and share the day and the booking. The booking form's other ways in are in schedule-form.e2e.ts.

let browser: Browser;
let context: BrowserContext;
let page: Page;

const { card, toBusyDay, cards, geometry, freeSlot, slotPoint, choose, fillBooking, openCardMenu, serverAppointment } =
  scheduleView(() => page);

beforeAll(async () => {
  ({ browser, context, page } = await openSchedule());
});

afterAll(async () => {
  await context.close();
  await browser.close();
});

describe('daily schedule', () => {
  let date = '';
  let booked = '';

  it('renders the demo appointments of the day in room columns, from the device', async () => {
    date = await toBusyDay();
    const shape = await geometry();
    expect(shape.rooms).toHaveLength(14);
    await page.getByText('Compact View').waitFor();
    await page.getByText('14 rooms').waitFor();
    // 1-hour view with more than 12 rooms: 32 px an hour; 14 rooms are 120 px wide each.
    expect(shape.minutePx * 60).toBe(32);
    expect(shape.columnWidth).toBe(120);
    const listed = (await (await page.request.get(`/api/appointments?date=${date}`)).json()) as {
      id: string;
      status: string;
    }[];
    const live = listed.filter((entry) => entry.status !== 'cancelled' && entry.status !== 'no-show');
    // Right after sign-in the first pull may still be filling the device's copy.
    await expect
      .poll(async () => (await cards()).map((entry) => entry.id).sort(), { timeout: SYNC_TIMEOUT_MS })
      .toEqual(live.map((entry) => entry.id).sort());
    const shown = await cards();
    // Each card sits in its room's column.
    const first = shown[0];
    if (!first) throw new Error('no cards');
    const cardBox = await card(first.id).boundingBox();
    const column = shape.rooms.indexOf(first.room);
    expect(Math.round((cardBox?.x ?? 0) - shape.box.x)).toBeGreaterThanOrEqual(Math.floor(column * shape.columnWidth));
    expect(Math.round((cardBox?.x ?? 0) - shape.box.x)).toBeLessThan((column + 1) * shape.columnWidth);
    expect(await page.getByTestId('provider-legend').getByRole('listitem').count()).toBeGreaterThan(3);
    await page.getByTestId('practice-clock').getByText('America/Toronto').waitFor();
  });

  it('has no serious or critical accessibility violations', async () => {
    expect(await axeReport(page, 'schedule', { include: ['main'] })).toEqual([]);
  });

  it('books an empty slot from a click, prefilled with its room and time', async () => {
    const slot = await freeSlot(120);
    const point = await slotPoint(slot);
    await page.mouse.click(point.x, point.y);
    const dialog = page.getByRole('dialog', { name: 'New Appointment' });
    await dialog.waitFor();
    expect(await dialog.getByRole('combobox', { name: /^Time/ }).inputValue()).toBe(slot.time);
    expect(await dialog.getByRole('combobox', { name: /^Room/ }).inputValue()).toMatch(new RegExp(`^${slot.room}\\b`));
    await fillBooking(dialog, { patient: 'a', length: 90 });
    await dialog.getByLabel('Procedure').fill('Cleaning');
    await dialog.getByRole('button', { name: 'Book appointment' }).click();
    await page.getByText(`${slot.time} in ${slot.room}.`).waitFor();
    // The toast comes from the write; the card follows when the day's live read re-runs.
    const mineOnGrid = async () =>
      (await cards()).find((entry) => entry.room === slot.room && entry.time === slot.time);
    await expect.poll(async () => (await mineOnGrid())?.duration).toBe(30);
    const mine = await mineOnGrid();
    booked = mine?.id ?? '';
    await expect.poll(() => serverAppointment(date, booked), { timeout: SYNC_TIMEOUT_MS }).toBeTruthy();
  });

  it('warns about an occupied slot, and books it anyway when asked', async () => {
    // Not within the hour after the booking above: the resize test below grows it to an hour, and a
    // provider booked twice there would rightly refuse that.
    const all = await cards();
    const mine = all.find((entry) => entry.id === booked);
    const start = mine ? minutes(mine.time) : 0;
    const taken = all.find(
      (entry) =>
        entry.status === 'scheduled' &&
        entry.id !== booked &&
        (minutes(entry.time) + entry.duration <= start || minutes(entry.time) >= start + 90),
    );
    if (!taken) throw new Error('no booked slot');
    await page.getByRole('button', { name: 'New Appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Appointment' });
    await searchAndChoose(page, dialog.getByRole('combobox', { name: /^Patient/ }), 'b');
    await choose(dialog, 'Time', taken.time);
    await choose(dialog, 'Room', new RegExp(`^${taken.room} `));
    await choose(dialog, 'Provider', /^Dr\./);
    const analysis = dialog.getByTestId('conflict-analysis');
    await analysis.getByText('Conflicts found').waitFor();
    await analysis.getByText(`is already booked by`).first().waitFor();
    // Conflicts are read out as they appear.
    expect(await analysis.getAttribute('role')).toBe('alert');
    await dialog.getByRole('button', { name: 'Book appointment' }).click();
    const alert = dialog.getByTestId('conflict-alert');
    await alert.getByText('Scheduling Conflict Detected').waitFor();
    await alert.getByRole('button', { name: 'Choose Different Time' }).waitFor();
    expect(await axeDialogEverywhere(page, 'new appointment with a conflict', dialog)).toEqual([]);
    await alert.getByRole('button', { name: 'Schedule Anyway' }).click();
    await page.getByText(`${taken.time} in ${taken.room}.`).waitFor();
    // The toast comes from the write; the grid repaints from the device's store a moment later.
    await expect
      .poll(
        async () => (await cards()).filter((entry) => entry.room === taken.room && entry.time === taken.time).length,
      )
      .toBeGreaterThanOrEqual(2);
  });

  it('applies a suggestion of the conflict analysis', async () => {
    const taken = (await cards()).find((entry) => entry.status === 'scheduled' && entry.id !== booked);
    if (!taken) throw new Error('no booked slot');
    await page.getByRole('button', { name: 'New Appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Appointment' });
    await choose(dialog, 'Time', taken.time);
    await choose(dialog, 'Room', new RegExp(`^${taken.room} `));
    await choose(dialog, 'Provider', /^Dr\./);
    await dialog.getByTestId('conflict-suggestion').first().waitFor();
    await dialog
      .getByRole('button', { name: /^Apply suggestion/ })
      .first()
      .click();
    await page.getByText('Resolution Applied').waitFor();
    await dialog.getByTestId('conflict-analysis').getByText('Conflicts found').waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('resizes a card from its bottom edge in 30-minute steps', async () => {
    // Centred, so the pointer's path stays inside the viewport whatever sits above the grid.
    await card(booked).evaluate((node) => node.scrollIntoView({ block: 'center' }));
    // The handle is mounted on the card under the pointer.
    await card(booked).hover();
    const handle = card(booked).getByTestId('resize-handle');
    // Onto the handle itself once it is still, then read where it is: the pointer presses what it measured.
    await handle.hover();
    const box = await handle.boundingBox();
    const before = (await card(booked).boundingBox())?.height ?? 0;
    if (!box) throw new Error('no handle');
    await page.mouse.down();
    for (let step = 1; step <= 6; step++) await page.mouse.move(box.x + box.width / 2, box.y + 3 + step * 7);
    // Released once the card shows the new length, as a person would: dnd-kit takes the drop from the
    // last move React has drawn, and on a busy machine the last moves may not be drawn yet.
    await expect.poll(async () => (await card(booked).boundingBox())?.height ?? 0).toBeGreaterThan(before);
    await page.mouse.up();
    await expect.poll(async () => card(booked).getAttribute('data-duration')).toBe('60');
    await expect
      .poll(async () => (await serverAppointment(date, booked))?.duration, { timeout: SYNC_TIMEOUT_MS })
      .toBe(60);
  });

  it('drags a card to another room, and moves it back with the keyboard', async () => {
    const from = (await cards()).find((entry) => entry.id === booked);
    if (!from) throw new Error('booked card missing');
    const shape = await geometry();
    const column = shape.rooms.indexOf(from.room);
    const target = await freeSlot(from.duration, { time: from.time, except: from.room, ignore: booked });
    const face = card(booked).locator('button').first();
    await face.evaluate((node) => node.scrollIntoView({ block: 'center' }));
    const start = await face.boundingBox();
    if (!start) throw new Error('no card');
    const dx = (shape.rooms.indexOf(target.room) - column) * shape.columnWidth;
    await page.mouse.move(start.x + 20, start.y + 6);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) await page.mouse.move(start.x + 20 + (dx * step) / 10, start.y + 6);
    await page.getByTestId('drop-preview').getByText(target.room).waitFor();
    await page.mouse.up();
    await expect.poll(async () => card(booked).getAttribute('data-room')).toBe(target.room);
    await expect
      .poll(async () => (await serverAppointment(date, booked))?.treatmentRoom, { timeout: SYNC_TIMEOUT_MS })
      .toBe(target.room);

    // dnd-kit's keyboard sensor: space picks it up, arrows move one room or 30 minutes, space drops.
    const steps = shape.rooms.indexOf(target.room) - column;
    await card(booked).locator('button').first().focus();
    await page.keyboard.press('Space');
    await expect.poll(() => card(booked).getAttribute('data-dragging')).toBe('true');
    // dnd-kit's keyboard sensor adds its arrow-key listener in a setTimeout(0) after the pick-up.
    await afterPageTimers(page, 0);
    for (let step = 0; step < Math.abs(steps); step++)
      await page.keyboard.press(steps > 0 ? 'ArrowLeft' : 'ArrowRight');
    await page.getByTestId('drop-preview').getByText(from.room, { exact: false }).waitFor();
    await page.keyboard.press('Space');
    await expect.poll(async () => card(booked).getAttribute('data-room')).toBe(from.room);
  });

  it('refuses a move onto another booking with the friendly text', async () => {
    const all = await cards();
    const mine = all.find((entry) => entry.id === booked);
    const other = all.find(
      (entry) => entry.id !== booked && entry.room !== mine?.room && entry.time === mine?.time && entry.duration >= 30,
    );
    if (!mine || !other) return;
    await openCardMenu(booked, 'button');
    await page.getByRole('menuitem', { name: 'Move…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move appointment' });
    await choose(dialog, 'Room', other.room);
    await dialog.getByRole('button', { name: 'Move' }).click();
    await page.getByText('Time Slot Unavailable').waitFor();
    await page.getByText(`is already booked by`).first().waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await card(booked).getAttribute('data-room')).toBe(mine.room);
  });

  it('checks a patient in: the card turns green with a check badge', async () => {
    await openCardMenu(booked, 'right-click');
    await page.getByRole('menuitem', { name: 'Check In' }).click();
    await page.getByRole('dialog', { name: 'Quick Check-In' }).getByRole('button', { name: 'Quick Check-In' }).click();
    await expect.poll(async () => card(booked).getAttribute('data-status')).toBe('in-progress');
    await card(booked).getByTestId('checked-in-badge').waitFor();
    await expect
      .poll(async () => (await serverAppointment(date, booked))?.status, { timeout: SYNC_TIMEOUT_MS })
      .toBe('in-progress');
    await openCardMenu(booked, 'right-click');
    await page.getByRole('menuitem', { name: 'Check Out' }).waitFor();
    await page.getByRole('menuitem', { name: 'Un-Check In' }).click();
    await expect.poll(async () => card(booked).getAttribute('data-status')).toBe('scheduled');
  });

  it('cancels an appointment: the card leaves the grid', async () => {
    await openCardMenu(booked, 'button');
    await page.getByRole('menuitem', { name: 'Cancel' }).click();
    await card(booked).waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await serverAppointment(date, booked))?.status, { timeout: SYNC_TIMEOUT_MS })
      .toBe('cancelled');
  });

  it('marks a no-show: the card leaves the grid', async () => {
    const target = (await cards()).find((entry) => entry.status === 'scheduled');
    if (!target) throw new Error('no scheduled appointment');
    await openCardMenu(target.id, 'right-click');
    await page.getByRole('menuitem', { name: 'Mark as No Show' }).click();
    await card(target.id).waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await serverAppointment(date, target.id))?.status, { timeout: SYNC_TIMEOUT_MS })
      .toBe('no-show');
  });

  it('edits an appointment from its menu', async () => {
    // Not one of the pair booked over each other above: saving either would rightly warn of the other.
    const all = await cards();
    const overlaps = (a: (typeof all)[number], b: (typeof all)[number]) =>
      a.id !== b.id &&
      a.room === b.room &&
      minutes(a.time) < minutes(b.time) + b.duration &&
      minutes(b.time) < minutes(a.time) + a.duration;
    const target = all.find((entry) => entry.status === 'scheduled' && !all.some((other) => overlaps(entry, other)));
    if (!target) throw new Error('no scheduled appointment');
    await openCardMenu(target.id, 'right-click');
    await page.getByRole('menuitem', { name: 'Edit Appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Appointment' });
    expect(await dialog.getByRole('combobox', { name: /^Time/ }).inputValue()).toBe(target.time);
    await dialog.getByLabel('Procedure').fill('Crown fitting');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Appointment updated').waitFor();
    await expect
      .poll(async () => card(target.id).locator('button').first().getAttribute('title'))
      .toContain('Crown fitting');
    await expect
      .poll(async () => (await serverAppointment(date, target.id))?.procedure, { timeout: SYNC_TIMEOUT_MS })
      .toBe('Crown fitting');
  });
});
