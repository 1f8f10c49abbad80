import { instantAt } from '@dental/domain/time/zones';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterPageTimers, PRACTICE_TIME_ZONE, SYNC_TIMEOUT_MS, searchAndChoose } from './helpers.ts';
import { clock, minutes, openSchedule, scheduleView, VIEWPORTS } from './schedule-page.ts';

// The daily schedule's other entries: an empty slot's menu, ?patientId=, the smart-scheduling hand-off and the
// required fields of the booking form; room maintenance on the grid; the day offline; and the screenshots
// (schedule-*.png). Its own server, so the busy day is found again; one booking's life is in schedule.e2e.ts.

let browser: Browser;
let context: BrowserContext;
let page: Page;

const { openArea, grid, card, settled, toBusyDay, cards, freeSlot, slotPoint, choose, openCardMenu, reloadAt, shot } =
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

  beforeAll(async () => {
    // The day schedule.e2e.ts's first test finds: the first one from today with appointments.
    date = await toBusyDay();
  });

  it('offers Add Appointment and Schedule Maintenance on a right click of an empty slot', async () => {
    const slot = await freeSlot(30);
    const point = await slotPoint(slot);
    await page.mouse.click(point.x, point.y, { button: 'right' });
    await page.getByRole('menuitem', { name: 'Schedule Maintenance' }).waitFor();
    await page.getByRole('menuitem', { name: 'Add Appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Appointment' });
    expect(await dialog.getByRole('combobox', { name: /^Time/ }).inputValue()).toBe(slot.time);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('opens the form for the patient of ?patientId=', async () => {
    const [patient] = (await (await page.request.get('/api/patients?limit=1')).json()) as {
      id: string;
      firstName: string;
      lastName: string;
    }[];
    if (!patient) throw new Error('no patient');
    await reloadAt(`/scheduling?patientId=${patient.id}`);
    const dialog = page.getByRole('dialog', { name: 'New Appointment' });
    await expect
      .poll(() => dialog.getByRole('combobox', { name: /^Patient/ }).inputValue(), { timeout: SYNC_TIMEOUT_MS })
      .toBe(`${patient.lastName}, ${patient.firstName}`);
    // Taken once: it leaves the address, so nothing opens the form again.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('takes a smart-scheduling hand-off once', async () => {
    const slot = await freeSlot(60);
    // Left while another screen is open, as the smart-scheduling screen would.
    await openArea('Patients');
    await page.evaluate(
      ([day, time, room]) =>
        localStorage.setItem(
          'smartSchedulingHandoff',
          JSON.stringify({ date: day, time, duration: 60, recommendedRoom: room, procedureType: 'Cleaning' }),
        ),
      [date, slot.time, slot.room],
    );
    await openArea('Scheduling');
    const dialog = page.getByRole('dialog', { name: 'New Appointment' });
    await dialog.waitFor();
    expect(await dialog.getByRole('combobox', { name: /^Time/ }).inputValue()).toBe(slot.time);
    expect(await dialog.getByRole('combobox', { name: /^Duration/ }).inputValue()).toBe('60 min');
    expect(await dialog.getByLabel('Procedure').inputValue()).toBe('Cleaning');
    expect(await page.evaluate(() => localStorage.getItem('smartSchedulingHandoff'))).toBeNull();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(async () => grid().getAttribute('data-date')).toBe(date);
  });

  it('shows room maintenance as a card and refuses a move into it', async () => {
    const slot = await freeSlot(120);
    const window = {
      id: 'e2e-maintenance',
      practiceId: 1,
      roomId: slot.room,
      maintenanceType: 'equipment-service',
      title: 'Chair service',
      description: null,
      startDateTime: instantAt(date, slot.time, PRACTICE_TIME_ZONE),
      endDateTime: instantAt(date, clock(minutes(slot.time) + 60), PRACTICE_TIME_ZONE),
      priority: 'medium',
      vendor: null,
      cost: null,
      notes: null,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    };
    // The server cannot create maintenance yet (a later issue), so the window goes straight into this
    // device's copy, where the pull feed would have put it.
    await page.evaluate(async (row) => {
      const names = (await indexedDB.databases()).map((entry) => entry.name ?? '');
      const name = names.find((entry) => entry.startsWith('dentalflow-u') && entry.endsWith('-p1'));
      await new Promise<void>((done, fail) => {
        const request = indexedDB.open(name ?? '');
        request.onerror = () => fail(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const tx = db.transaction('maintenance_schedules', 'readwrite');
          tx.objectStore('maintenance_schedules').put(row);
          tx.oncomplete = () => {
            db.close();
            done();
          };
          tx.onerror = () => fail(tx.error);
        };
      });
    }, window);
    // A fresh load: Dexie caches live query results, and this write went around it.
    await reloadAt('/scheduling');
    await page.getByLabel('Schedule date').fill(date);
    await page.getByLabel('Schedule date').press('Tab');
    const block = page.locator(`[data-testid="maintenance-card"][data-room="${slot.room}"]`);
    await block.getByText('Chair service').waitFor();
    expect((await block.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(30);

    const mover = (await cards()).find((entry) => entry.status === 'scheduled' && entry.room !== slot.room);
    if (!mover) throw new Error('no appointment to move');
    await openCardMenu(mover.id, 'button');
    await page.getByRole('menuitem', { name: 'Move…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move appointment' });
    await choose(dialog, 'Time', slot.time);
    await choose(dialog, 'Room', new RegExp(`^${slot.room}$`));
    await dialog.getByRole('button', { name: 'Move' }).click();
    await page.getByText('Room Unavailable').waitFor();
    await page.getByText('This room is unavailable due to Chair service').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('asks for the required fields before booking', async () => {
    await page.getByRole('button', { name: 'New Appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Appointment' });
    await dialog.getByRole('button', { name: 'Book appointment' }).click();
    await page.getByText('Missing Information').waitFor();
    await page.getByText('Please fill in all required fields').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('keeps rendering the day offline after in-app navigation', async () => {
    const before = (await cards()).length;
    await context.setOffline(true);
    try {
      await openArea('Patients');
      await page.getByTestId('patient-row').first().waitFor();
      await openArea('Scheduling');
      await page.getByTestId('schedule-date-label').waitFor();
      await page.getByLabel('Schedule date').fill(date);
      await page.getByLabel('Schedule date').press('Tab');
      await expect
        .poll(async () =>
          grid()
            .getAttribute('data-date', { timeout: 1000 })
            .catch(() => null),
        )
        .toBe(date);
      await page.getByTestId('appointment-card').first().waitFor();
      expect((await cards()).length).toBe(before);
      expect(await page.getByTestId('connection-status').textContent()).toBe('Offline');
    } finally {
      await context.setOffline(false);
    }
  });
});

describe('screenshots', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`busy day, closed day, conflict panel and a drag in progress (${name})`, async () => {
      await page.setViewportSize(viewport);
      const date = await toBusyDay();
      // Toasts close on any click outside them; the page title is a harmless place for it.
      await page.getByRole('heading', { name: 'Daily Schedule' }).click();
      await shot(`busy-${name}`);

      const taken = (await cards()).find((entry) => entry.status === 'scheduled');
      if (!taken) throw new Error('no booked slot');
      await page.getByRole('button', { name: 'New Appointment' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Appointment' });
      await searchAndChoose(page, dialog.getByRole('combobox', { name: /^Patient/ }), 'c');
      await choose(dialog, 'Time', taken.time);
      await choose(dialog, 'Room', new RegExp(`^${taken.room} `));
      await choose(dialog, 'Provider', /^Dr\./);
      await dialog.getByTestId('conflict-analysis').getByText('Conflicts found').waitFor();
      await dialog.getByTestId('conflict-analysis').scrollIntoViewIfNeeded();
      await shot(`conflict-${name}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });

      const face = card(taken.id).locator('button').first();
      await face.scrollIntoViewIfNeeded();
      const box = await face.boundingBox();
      if (!box) throw new Error('no card');
      await page.mouse.move(box.x + 20, box.y + 6);
      await page.mouse.down();
      for (let step = 1; step <= 8; step++) await page.mouse.move(box.x + 20 + step * 15, box.y + 6 + step * 8);
      await page.getByTestId('drop-preview').waitFor();
      await shot(`drag-${name}`);
      await page.keyboard.press('Escape');
      // The button comes up later than dnd-kit's own 50 ms guard, as a person's would, over an empty slot or
      // another card: the release ends the cancelled drag and opens nothing.
      await afterPageTimers(page, 50);
      await page.mouse.up();
      await expect.poll(() => card(taken.id).getAttribute('data-dragging')).toBeNull();
      expect(await card(taken.id).getAttribute('data-room')).toBe(taken.room);
      await settled();
      expect(await page.getByRole('dialog').count()).toBe(0);

      // dnd-kit swallows every click until a setTimeout(…, 50) of its own after a drag ends (its guard
      // against a drop also clicking); a person's next click comes later and must not be lost.
      await afterPageTimers(page, 50);
      await page.getByRole('button', { name: 'Next day' }).click();
      await expect
        .poll(() => page.getByTestId('schedule-date-label').getAttribute('data-date'))
        .toBe(new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10));

      // The Sunday after the busy day: the demo practices are closed on Sundays.
      const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
      const sunday = new Date(Date.parse(`${date}T12:00:00Z`) + (7 - weekday) * 86_400_000).toISOString().slice(0, 10);
      await page.getByLabel('Schedule date').fill(sunday);
      await page.getByLabel('Schedule date').press('Tab');
      await settled();
      await page.getByTestId('closed-banner').getByText('Practice Closed').waitFor();
      await page.getByText('The practice is closed on this day. No time slots are available.').waitFor();
      expect(await page.getByRole('button', { name: 'New Appointment' }).isDisabled()).toBe(true);
      await shot(`closed-${name}`);
      await page.getByLabel('Schedule date').fill(date);
      await page.getByLabel('Schedule date').press('Tab');
      await settled();
      // Four screens, each with its screenshot, and a drag: long on a busy machine.
    }, 240_000);
  }
});
