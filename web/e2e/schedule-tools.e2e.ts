import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { instantAt, localDate, localTime } from '@dental/domain/time/zones';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.ts';
import {
  choose as chooseIn,
  FIRST_DATA_TIMEOUT_MS,
  openArea,
  PRACTICE_TIME_ZONE,
  SYNC_TIMEOUT_MS,
  searchAndChoose,
  settled,
  signInToShell,
  syncNow,
} from './helpers.ts';

const SHOTS = resolve(import.meta.dirname, '../../screenshots');
const VIEWPORTS = { tablet: { width: 768, height: 1024 }, laptop: { width: 1366, height: 768 } } as const;
const DAY_MS = 86_400_000;

interface StaffMember {
  id: number;
  role: string;
  displayName: string;
}

interface ServerAppointment {
  id: string;
  providerId: number;
  treatmentRoom: string;
  appointmentDate: string;
  duration: number;
  status: string;
  notes: string | null;
}

interface MaintenanceRow {
  id: string;
  roomId: string;
  title: string;
  startDateTime: string;
  endDateTime: string;
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let providers: StaffMember[] = [];
let rooms: string[] = [];
let patients: string[] = [];

/**
 * A Tuesday this many weeks ahead: past the demo bookings (two weeks), and this file has a server of its
 * own, so every appointment on it is one this file booked.
 */
function tuesdayAhead(weeks: number, plusDays = 0): string {
  const today = localDate(new Date(), PRACTICE_TIME_ZONE);
  const start = Date.parse(`${today}T12:00:00Z`) + weeks * 7 * DAY_MS;
  const weekday = new Date(start).getUTCDay();
  return new Date(start + (((2 - weekday + 7) % 7) + plusDays) * DAY_MS).toISOString().slice(0, 10);
}

async function shot(name: string): Promise<void> {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    // The layout and any dialog settle at the new size before the picture.
    await settled(page);
    await page.screenshot({ path: resolve(SHOTS, `schedule-tools-${name}-${size}.png`) });
  }
}

async function book(
  date: string,
  time: string,
  options: { providerId: number; room: string; patient: string; duration?: number },
): Promise<string> {
  const response = await page.request.post('/api/appointments', {
    data: {
      patientId: options.patient,
      providerId: options.providerId,
      treatmentRoom: options.room,
      appointmentDate: instantAt(date, time, PRACTICE_TIME_ZONE),
      duration: options.duration ?? 30,
      procedure: 'Cleaning',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function serverDay(date: string): Promise<ServerAppointment[]> {
  return (await (await page.request.get(`/api/appointments?date=${date}`)).json()) as ServerAppointment[];
}

async function serverMaintenance(date: string): Promise<MaintenanceRow[]> {
  return (await (await page.request.get(`/api/maintenance-schedules?date=${date}`)).json()) as MaintenanceRow[];
}

/** In-app navigation to the schedule (a page load would drop the unlocked key). */
async function openScheduling(): Promise<void> {
  await openArea(page, 'Scheduling');
  await page.getByTestId('schedule-date-label').waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
}

async function goTo(date: string): Promise<void> {
  await page.getByLabel('Schedule date').fill(date);
  await page.getByLabel('Schedule date').press('Tab');
  await page.locator(`[data-testid="schedule-grid"][data-date="${date}"]`).waitFor();
}

const card = (id: string) => page.locator(`[data-testid="appointment-card"][data-appointment-id="${id}"]`);

const choose = (scope: Locator, label: string, option: string | RegExp) => chooseIn(page, scope, label, option);

/** Toasts close on a click outside them; the page title is a harmless place for it. */
async function closeToasts(): Promise<void> {
  await page.locator('.mantine-Notification-closeButton').evaluateAll((buttons) => {
    for (const button of buttons) (button as HTMLButtonElement).click();
  });
}

/** The centre of the 30-minute slot of a room, in page coordinates. */
async function slotPoint(room: string, time: string) {
  const body = page.getByTestId('schedule-body');
  const box = await body.boundingBox();
  if (!box) throw new Error('no grid');
  const open = Number(await body.getAttribute('data-open-minute'));
  const minutePx = Number(await body.getAttribute('data-minute-px'));
  const columnWidth = Number(await body.getAttribute('data-column-width'));
  const columns = await page
    .getByTestId('room-column')
    .evaluateAll((nodes) => nodes.map((node) => node.firstElementChild?.textContent ?? ''));
  const minute = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  return {
    x: box.x + columns.indexOf(room) * columnWidth + columnWidth / 2,
    y: box.y + (minute - open + 15) * minutePx,
  };
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  context = await newContext(browser, VIEWPORTS.laptop);
  page = await context.newPage();
  await signInToShell(page, 'admin');
  const users = (await (await page.request.get('/api/users')).json()) as StaffMember[];
  providers = users.filter((user) => ['doctor', 'hygienist'].includes(user.role));
  rooms = ((await (await page.request.get('/api/treatment-rooms')).json()) as { roomId: string }[]).map(
    (room) => room.roomId,
  );
  const listed = (await (await page.request.get('/api/patients?limit=20')).json()) as {
    id: string;
    isActive: boolean;
  }[];
  patients = listed.filter((patient) => patient.isActive).map((patient) => patient.id);
  expect(providers.length).toBeGreaterThanOrEqual(3);
  expect(rooms.length).toBeGreaterThanOrEqual(4);
  expect(patients.length).toBeGreaterThanOrEqual(6);
  await openScheduling();
  // The first pull may still be landing; the tests read the grid after booking through the API.
  await syncNow(page);
});

afterAll(async () => {
  await context.close();
  await browser.close();
});

describe('provider absence', () => {
  it('reschedules, reassigns and cancels the absent provider’s appointments in one go, then blocks the day', async () => {
    const date = tuesdayAhead(6);
    const [absent, other] = providers.slice(-2);
    if (!absent || !other) throw new Error('not enough providers');
    const room = rooms[1] ?? '';
    const moved = await book(date, '10:00', { providerId: absent.id, room, patient: patients[0] ?? '' });
    const reassigned = await book(date, '11:00', { providerId: absent.id, room, patient: patients[1] ?? '' });
    const cancelled = await book(date, '13:00', { providerId: absent.id, room, patient: patients[2] ?? '' });
    await syncNow(page);
    await goTo(date);
    await card(moved).waitFor();

    await page.getByRole('button', { name: 'Provider Absence' }).click();
    const dialog = page.getByRole('dialog', { name: 'Provider Absence' });
    await dialog.getByTestId('absence-step-select-provider').waitFor();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Please select a provider who will be absent.').first().waitFor();
    await page.getByText('Select Provider', { exact: true }).first().waitFor();
    await shot('absence-1-provider');
    await dialog.getByRole('radio', { name: new RegExp(absent.displayName) }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();

    await dialog.getByTestId('absence-step-absence-details').waitFor();
    // Start and end default to the day on screen; notify patients defaults on.
    expect(await dialog.getByLabel('Notify patients').isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Absence Reason Required').first().waitFor();
    await dialog.getByText('Please provide a reason for the absence.').waitFor();
    await choose(dialog, 'Reason', 'Vacation');
    await dialog.getByLabel('Notes').fill('Family trip');
    await closeToasts();
    await shot('absence-2-details');
    await dialog.getByRole('button', { name: 'Next' }).click();

    await dialog.getByTestId('absence-step-review-appointments').waitFor();
    const table = dialog.getByTestId('affected-appointments');
    for (const id of [moved, reassigned, cancelled]) await table.locator(`[data-appointment-id="${id}"]`).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(3);
    await shot('absence-3-review');
    await dialog.getByRole('button', { name: 'Next' }).click();

    await dialog.getByTestId('absence-step-reschedule-options').waitFor();
    const planOf = (id: string) => dialog.locator(`[data-testid="plan-card"][data-appointment-id="${id}"]`);
    // Every affected appointment starts as a reschedule, with suggestions and their confidence in %.
    for (const id of [moved, reassigned, cancelled]) {
      expect(await planOf(id).getByRole('radio', { name: 'Reschedule' }).isChecked()).toBe(true);
    }
    const nextDay = planOf(moved)
      .getByTestId('suggestion')
      .filter({ hasText: /^Reschedule to/ });
    await expect.poll(() => nextDay.textContent()).toMatch(/80%/);
    await nextDay.click();
    await page.getByText('Suggestion Applied').first().waitFor();
    const newDate = await planOf(moved).getByLabel('New date').inputValue();
    const newTime = await planOf(moved)
      .getByRole('combobox', { name: /^New time/ })
      .inputValue();

    await planOf(reassigned).getByText('Reassign', { exact: true }).click();
    await choose(planOf(reassigned), 'New provider', other.displayName);
    await planOf(cancelled).getByText('Cancel', { exact: true }).click();
    await closeToasts();
    await planOf(moved).scrollIntoViewIfNeeded();
    await shot('absence-4-options');
    await dialog.getByRole('button', { name: 'Next' }).click();

    const summary = dialog.getByTestId('absence-summary');
    await summary.getByText('1 rescheduled').waitFor();
    await summary.getByText('1 reassigned').waitFor();
    await summary.getByText('1 cancelled').waitFor();
    await summary.getByText(`Reassign to ${other.displayName}`).waitFor();
    await shot('absence-5-confirmation');
    await dialog.getByRole('button', { name: 'Process Absence' }).click();
    await page.getByText('Provider Absence Processed').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    // On the server: all three changes, together.
    const after = await serverDay(date);
    expect(after.find((entry) => entry.id === reassigned)).toMatchObject({ providerId: other.id, status: 'scheduled' });
    expect(after.find((entry) => entry.id === cancelled)).toMatchObject({ status: 'cancelled' });
    expect(after.find((entry) => entry.id === cancelled)?.notes).toContain('Cancelled: provider absence (Vacation)');
    expect(after.find((entry) => entry.id === moved)).toBeUndefined();
    expect(newDate).not.toBe('');
    const movedNow = (await serverDay(await isoOf(newDate))).find((entry) => entry.id === moved);
    expect(movedNow && localTime(movedNow.appointmentDate, PRACTICE_TIME_ZONE)).toBe(newTime);

    // On the grid, after the automatic pull: the reassigned card has the new provider, the others are gone.
    await expect
      .poll(() => card(reassigned).getAttribute('data-provider-id'), { timeout: SYNC_TIMEOUT_MS })
      .toBe(String(other.id));
    await card(cancelled).waitFor({ state: 'detached' });
    await card(moved).waitFor({ state: 'detached' });
    await page.getByTestId('absence-line').getByText(`${absent.displayName} absent (vacation)`).waitFor();
    await closeToasts();
    await shot('absence-grid');

    // A new booking for the absent provider that day is refused, on this device and on the server.
    await page.getByRole('button', { name: 'New Appointment' }).click();
    const form = page.getByRole('dialog', { name: 'New Appointment' });
    await searchAndChoose(page, form.getByRole('combobox', { name: /^Patient/ }), 'a');
    await choose(form, 'Time', '15:00');
    await choose(form, 'Room', new RegExp(`^${rooms[2]}\\b`));
    await choose(form, 'Provider', absent.displayName);
    await form.getByText('The provider is absent (Vacation) on this day').first().waitFor();
    await form.getByRole('button', { name: 'Book appointment' }).click();
    await form.getByTestId('conflict-alert').getByText('Scheduling Conflict Detected').waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();
    const refused = await page.request.post('/api/appointments', {
      data: {
        patientId: patients[3],
        providerId: absent.id,
        treatmentRoom: rooms[2],
        appointmentDate: instantAt(date, '15:00', PRACTICE_TIME_ZONE),
        duration: 30,
        procedure: 'Cleaning',
      },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain('absent');
    // Five wizard steps with two screenshots each, three changes on the server and the grid's pull.
  }, 300_000);
});

describe('provider absence refused', () => {
  it('applies nothing when one plan conflicts, and shows the server’s reason', async () => {
    const date = tuesdayAhead(10);
    const nextDay = tuesdayAhead(10, 1);
    const [absent, other] = [providers.at(-4), providers.at(-5)];
    if (!absent || !other) throw new Error('not enough providers');
    const [room, busyRoom] = [rooms[1] ?? '', rooms[2] ?? ''];
    const moving = await book(date, '10:00', { providerId: absent.id, room, patient: patients[0] ?? '' });
    const cancelling = await book(date, '11:00', { providerId: absent.id, room, patient: patients[1] ?? '' });
    // Already in the room the plan will ask for, at that time.
    const blocker = await book(nextDay, '10:00', { providerId: other.id, room: busyRoom, patient: patients[2] ?? '' });
    await goTo(date);

    await page.getByRole('button', { name: 'Provider Absence' }).click();
    const dialog = page.getByRole('dialog', { name: 'Provider Absence' });
    await dialog.getByRole('radio', { name: new RegExp(absent.displayName) }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await choose(dialog, 'Reason', 'Emergency');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByTestId('affected-appointments').waitFor();
    await dialog.getByRole('button', { name: 'Next' }).click();
    const planOf = (id: string) => dialog.locator(`[data-testid="plan-card"][data-appointment-id="${id}"]`);
    await planOf(moving)
      .getByTestId('suggestion')
      .filter({ hasText: /^Reschedule to Wed/ })
      .click();
    await expect
      .poll(() =>
        planOf(moving)
          .getByRole('combobox', { name: /^New time/ })
          .inputValue(),
      )
      .toBe('10:00');
    await choose(planOf(moving), 'Room', new RegExp(`^${busyRoom}$`));
    await planOf(cancelling).getByText('Cancel', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Process Absence' }).click();
    await page.getByText('Failed to process provider absence. Please try again.').first().waitFor();
    await dialog.getByRole('alert').filter({ hasText: 'Processing Failed' }).waitFor();
    await closeToasts();
    await shot('absence-failed');
    // Still open with the choices kept, and nothing applied on the server.
    await dialog.getByTestId('absence-summary').waitFor();
    const day = await serverDay(date);
    expect(day.find((entry) => entry.id === moving)?.status).toBe('scheduled');
    expect(day.find((entry) => entry.id === cancelling)?.status).toBe('scheduled');
    expect((await serverDay(nextDay)).find((entry) => entry.id === blocker)?.treatmentRoom).toBe(busyRoom);
    const absences = (await (await page.request.get(`/api/provider-absences?date=${date}`)).json()) as unknown[];
    expect(absences).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});

describe('provider absence for a family', () => {
  it('moves family members booked back to back as one block', async () => {
    const date = tuesdayAhead(9);
    const absent = providers.at(-3);
    if (!absent) throw new Error('no provider');
    const listed = (await (await page.request.get('/api/patients?limit=200')).json()) as {
      id: string;
      isActive: boolean;
    }[];
    const active = new Set(listed.filter((patient) => patient.isActive).map((patient) => patient.id));
    let family: [string, string] | null = null;
    for (const id of active) {
      const related = (await (await page.request.get(`/api/family/${id}/relationships`)).json()) as {
        relatedPatientId: string;
      }[];
      const member = related.find((entry) => active.has(entry.relatedPatientId));
      if (member) {
        family = [id, member.relatedPatientId];
        break;
      }
    }
    if (!family) throw new Error('no family in the demo data');
    const room = rooms[1] ?? '';
    const first = await book(date, '10:00', { providerId: absent.id, room, patient: family[0] });
    const second = await book(date, '10:30', { providerId: absent.id, room, patient: family[1] });
    await goTo(date);

    await page.getByRole('button', { name: 'Provider Absence' }).click();
    const dialog = page.getByRole('dialog', { name: 'Provider Absence' });
    await dialog.getByRole('radio', { name: new RegExp(absent.displayName) }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await choose(dialog, 'Reason', 'Personal');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByTestId('affected-appointments').getByText('Family').first().waitFor();
    await dialog.getByRole('button', { name: 'Next' }).click();
    // One card for the block, moved by one choice.
    const block = dialog.locator(`[data-testid="plan-card"][data-appointment-id="${first}"]`);
    await block.getByText('Family: moves together').waitFor();
    expect(await dialog.getByTestId('plan-card').count()).toBe(1);
    await block
      .getByTestId('suggestion')
      .filter({ hasText: /^Reschedule to/ })
      .click();
    await closeToasts();
    await shot('absence-family');
    const newDate = await isoOf(await block.getByLabel('New date').inputValue());
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Process Absence' }).click();
    await page.getByText('Provider Absence Processed').first().waitFor();

    const moved = await serverDay(newDate);
    const a = moved.find((entry) => entry.id === first);
    const b = moved.find((entry) => entry.id === second);
    if (!a || !b) throw new Error('the family was not moved together');
    expect(Date.parse(b.appointmentDate)).toBe(Date.parse(a.appointmentDate) + a.duration * 60_000);
    expect(b.treatmentRoom).toBe(a.treatmentRoom);
    expect(b.providerId).toBe(a.providerId);
  });
});

/** The DateInput shows 'Mon D, YYYY'; the API takes YYYY-MM-DD. */
async function isoOf(shown: string): Promise<string> {
  return page.evaluate((text) => {
    const parsed = new Date(`${text} 12:00`);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${parsed.getFullYear()}-${pad(parsed.getMonth() + 1)}-${pad(parsed.getDate())}`;
  }, shown);
}

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
