import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { instantAt } from '@dental/domain/time/zones';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.ts';
import {
  afterPageTimers,
  settled as animationsDone,
  choose as chooseIn,
  DEMO_PASSWORD,
  FIRST_DATA_TIMEOUT_MS,
  openArea as openAreaOf,
  openList,
  PRACTICE_TIME_ZONE,
  SYNC_TIMEOUT_MS,
  searchAndChoose,
  signInToShell,
  syncNow,
} from './helpers.ts';

const SHOTS = resolve(import.meta.dirname, '../../screenshots');
const VIEWPORTS = { laptop: { width: 1280, height: 800 }, tablet: { width: 820, height: 1180 } } as const;

let browser: Browser;
let context: BrowserContext;
let page: Page;

interface Slot {
  room: string;
  time: string;
}

interface CardInfo extends Slot {
  id: string;
  duration: number;
  status: string;
  providerId: number;
}

/** In-app navigation: a page load would drop the unlocked key and ask for the password again. */
const openArea = (label: 'Patients' | 'Scheduling') => openAreaOf(page, label);

const grid = () => page.getByTestId('schedule-grid');
const body = () => page.getByTestId('schedule-body');
const card = (id: string) => page.locator(`[data-testid="appointment-card"][data-appointment-id="${id}"]`);

/** Waits until the grid (or the closed-day banner) shows the date the header asks for. */
async function settled(): Promise<string> {
  const wanted = (await page.getByTestId('schedule-date-label').getAttribute('data-date')) ?? '';
  await page
    .locator(`[data-date="${wanted}"]:is([data-testid="schedule-grid"], [data-testid="closed-banner"])`)
    .waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
  return wanted;
}

/** The day shown until it has appointments; the demo data has none on days the practice is closed. */
async function toBusyDay(): Promise<string> {
  for (let step = 0; step < 7; step++) {
    const shown = await settled();
    if ((await body().count()) > 0 && (await page.getByTestId('appointment-card').count()) > 0) return shown;
    await page.getByRole('button', { name: 'Next day' }).click();
  }
  throw new Error('no day with appointments this week');
}

async function cards(): Promise<CardInfo[]> {
  return page.getByTestId('appointment-card').evaluateAll((nodes) =>
    nodes.map((node) => {
      const data = (node as HTMLElement).dataset;
      return {
        id: data.appointmentId ?? '',
        room: data.room ?? '',
        time: data.time ?? '',
        duration: Number(data.duration),
        status: data.status ?? '',
        providerId: Number(data.providerId),
      };
    }),
  );
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clock = (total: number) =>
  `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

async function geometry() {
  const element = body();
  const box = await element.boundingBox();
  if (!box) throw new Error('no grid');
  const attribute = async (name: string) => Number(await element.getAttribute(name));
  const rooms = await page
    .getByTestId('room-column')
    .evaluateAll((nodes) => nodes.map((node) => node.firstElementChild?.textContent ?? ''));
  return {
    box,
    open: await attribute('data-open-minute'),
    minutePx: await attribute('data-minute-px'),
    columnWidth: await attribute('data-column-width'),
    rooms,
    close: (await attribute('data-open-minute')) + box.height / (await attribute('data-minute-px')),
  };
}

/** A room and start where the room is free for `length` minutes (judged from the cards on screen). */
async function freeSlot(length: number, options: { time?: string; except?: string; ignore?: string } = {}) {
  const shape = await geometry();
  const busy = (await cards()).filter((entry) => entry.id !== options.ignore);
  const maintenance = await page
    .getByTestId('maintenance-card')
    .evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.room ?? ''));
  const starts = options.time ? [minutes(options.time)] : [];
  if (!options.time) for (let start = shape.open + 60; start + length <= shape.close; start += 30) starts.push(start);
  for (const start of starts) {
    for (const room of shape.rooms) {
      if (room === options.except || maintenance.includes(room)) continue;
      const clash = busy.some(
        (entry) =>
          entry.room === room && minutes(entry.time) < start + length && start < minutes(entry.time) + entry.duration,
      );
      if (!clash) return { room, time: clock(start) };
    }
  }
  throw new Error('no free slot on this day');
}

/** The centre of a 30-minute slot, in page coordinates. */
async function slotPoint(slot: Slot) {
  const shape = await geometry();
  const column = shape.rooms.indexOf(slot.room);
  return {
    x: shape.box.x + column * shape.columnWidth + shape.columnWidth / 2,
    y: shape.box.y + (minutes(slot.time) - shape.open + 15) * shape.minutePx,
  };
}

const choose = (scope: Locator, label: string, option: string | RegExp) => chooseIn(page, scope, label, option);

/** Picks a patient by typing, and the first provider the live analysis finds free for `length` minutes. */
async function fillBooking(dialog: Locator, options: { patient: string; length?: number }) {
  await searchAndChoose(page, dialog.getByRole('combobox', { name: /^Patient/ }), options.patient);
  const length = options.length ?? 30;
  if (length !== 30) await choose(dialog, 'Duration', `${length} min`);
  // The provider list itself, once drawn; then closed before each provider is picked in turn.
  const providerBox = dialog.getByRole('combobox', { name: /^Provider/ });
  const list = await openList(page, providerBox);
  await list.getByRole('option').first().waitFor();
  const providers = await list.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  await expect.poll(() => providerBox.getAttribute('aria-expanded')).not.toBe('true');
  for (const name of providers) {
    await choose(dialog, 'Provider', name);
    const analysis = dialog.getByTestId('conflict-analysis');
    await analysis.waitFor();
    // Notes (a long day for the provider, the patient's other visit) do not block a booking.
    if (!(await analysis.textContent())?.includes('Conflicts found')) break;
  }
  if (length !== 30) await choose(dialog, 'Duration', '30 min');
}

async function openCardMenu(id: string, via: 'right-click' | 'button'): Promise<void> {
  // A menu still fading out from the last use would be taken for this one.
  await expect.poll(() => page.getByRole('menu').count()).toBe(0);
  const target = card(id);
  await target.scrollIntoViewIfNeeded();
  if (via === 'right-click') await target.locator('button').first().click({ button: 'right' });
  else {
    await target.hover();
    await target.getByRole('button', { name: /^Actions for/ }).click();
  }
  await page.getByRole('menu').waitFor();
}

async function serverAppointment(date: string, id: string) {
  const response = await page.request.get(`/api/appointments?date=${date}`);
  const list = (await response.json()) as {
    id: string;
    status: string;
    treatmentRoom: string;
    duration: number;
    procedure: string;
  }[];
  return list.find((entry) => entry.id === id);
}

/** A page load; the local data may ask for the password again, since the unlocked key lived in memory. */
async function reloadAt(path: string): Promise<void> {
  await page.goto(path);
  const unlock = page.getByLabel('Your password');
  // Whichever comes first; the branch then reads a state that has been reached.
  await unlock.or(page.getByTestId('schedule-date-label')).first().waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
  if (await unlock.isVisible()) {
    await unlock.fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Unlock' }).click();
  }
  await page.getByTestId('schedule-date-label').waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
}

/** Transitions and toasts settle first, so the picture shows the resting state. */
async function shot(name: string): Promise<void> {
  await animationsDone(page);
  await page.screenshot({ path: resolve(SHOTS, `schedule-${name}.png`) });
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  context = await newContext(browser, VIEWPORTS.laptop);
  page = await context.newPage();
  await signInToShell(page, 'admin');
  await openArea('Scheduling');
  // The tests pick days and slots from the cards on screen: the device must hold the whole practice first.
  await syncNow(page);
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
    const results = await new AxeBuilder({ page }).include('main').analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
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
    await dialog.getByRole('button', { name: 'Book appointment' }).click();
    const alert = dialog.getByTestId('conflict-alert');
    await alert.getByText('Scheduling Conflict Detected').waitFor();
    await alert.getByRole('button', { name: 'Choose Different Time' }).waitFor();
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
      await page.mouse.up();
      await expect.poll(() => card(taken.id).getAttribute('data-dragging')).toBeNull();
      expect(await card(taken.id).getAttribute('data-room')).toBe(taken.room);

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
