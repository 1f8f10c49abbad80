// What the schedule tools' browser tests (schedule-tools.e2e.ts, schedule-tools-maintenance.e2e.ts) share: their
// session with the practice's providers, rooms and patients, and how they book, read the server and drive the schedule.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { instantAt, localDate } from '@dental/domain/time/zones';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchBrowser, newContext } from './browser.ts';
import {
  choose as chooseIn,
  FIRST_DATA_TIMEOUT_MS,
  openArea,
  PRACTICE_TIME_ZONE,
  settled,
  signInToShell,
  syncNow,
} from './helpers.ts';
import { slotCentre } from './schedule-page.ts';

const SHOTS = resolve(import.meta.dirname, '../../screenshots');
const VIEWPORTS = { tablet: { width: 768, height: 1024 }, laptop: { width: 1366, height: 768 } } as const;
const DAY_MS = 86_400_000;

export interface StaffMember {
  id: number;
  role: string;
  displayName: string;
}

export interface ServerAppointment {
  id: string;
  providerId: number;
  treatmentRoom: string;
  appointmentDate: string;
  duration: number;
  status: string;
  notes: string | null;
}

export interface MaintenanceRow {
  id: string;
  roomId: string;
  title: string;
  startDateTime: string;
  endDateTime: string;
}

/**
 * A Tuesday this many weeks ahead: past the demo bookings (two weeks), and each test file has a server of
 * its own, so every appointment on it is one that file booked.
 */
export function tuesdayAhead(weeks: number, plusDays = 0): string {
  const today = localDate(new Date(), PRACTICE_TIME_ZONE);
  const start = Date.parse(`${today}T12:00:00Z`) + weeks * 7 * DAY_MS;
  const weekday = new Date(start).getUTCDay();
  return new Date(start + (((2 - weekday + 7) % 7) + plusDays) * DAY_MS).toISOString().slice(0, 10);
}

export interface ScheduleToolsSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** The practice's doctors and hygienists. */
  providers: StaffMember[];
  rooms: string[];
  /** Active patients, by id. */
  patients: string[];
}

/** A browser signed in as the admin, on the schedule, with the whole practice on the device. */
export async function openScheduleTools(): Promise<ScheduleToolsSession> {
  mkdirSync(SHOTS, { recursive: true });
  const browser = await launchBrowser();
  const context = await newContext(browser, VIEWPORTS.laptop);
  const page = await context.newPage();
  await signInToShell(page, 'admin');
  const users = (await (await page.request.get('/api/users')).json()) as StaffMember[];
  const providers = users.filter((user) => ['doctor', 'hygienist'].includes(user.role));
  const rooms = ((await (await page.request.get('/api/treatment-rooms')).json()) as { roomId: string }[]).map(
    (room) => room.roomId,
  );
  const listed = (await (await page.request.get('/api/patients?limit=20')).json()) as {
    id: string;
    isActive: boolean;
  }[];
  const patients = listed.filter((patient) => patient.isActive).map((patient) => patient.id);
  expect(providers.length).toBeGreaterThanOrEqual(3);
  expect(rooms.length).toBeGreaterThanOrEqual(4);
  expect(patients.length).toBeGreaterThanOrEqual(6);
  await scheduleToolsView(() => page).openScheduling();
  // The first pull may still be landing; the tests read the grid after booking through the API.
  await syncNow(page);
  return { browser, context, page, providers, rooms, patients };
}

/** The schedule tools' actions and the server's answers, on the test file's page (set once its session is open). */
export function scheduleToolsView(page: () => Page) {
  async function shot(name: string): Promise<void> {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      await page().setViewportSize(viewport);
      // The layout and any dialog settle at the new size before the picture.
      await settled(page());
      await page().screenshot({ path: resolve(SHOTS, `schedule-tools-${name}-${size}.png`) });
    }
  }

  async function book(
    date: string,
    time: string,
    options: { providerId: number; room: string; patient: string; duration?: number },
  ): Promise<string> {
    const response = await page().request.post('/api/appointments', {
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
    return (await (await page().request.get(`/api/appointments?date=${date}`)).json()) as ServerAppointment[];
  }

  async function serverMaintenance(date: string): Promise<MaintenanceRow[]> {
    return (await (await page().request.get(`/api/maintenance-schedules?date=${date}`)).json()) as MaintenanceRow[];
  }

  /** In-app navigation to the schedule (a page load would drop the unlocked key). */
  async function openScheduling(): Promise<void> {
    await openArea(page(), 'Scheduling');
    await page().getByTestId('schedule-date-label').waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
  }

  async function goTo(date: string): Promise<void> {
    await page().getByLabel('Schedule date').fill(date);
    await page().getByLabel('Schedule date').press('Tab');
    await page().locator(`[data-testid="schedule-grid"][data-date="${date}"]`).waitFor();
  }

  const card = (id: string) => page().locator(`[data-testid="appointment-card"][data-appointment-id="${id}"]`);

  const choose = (scope: Locator, label: string, option: string | RegExp) => chooseIn(page(), scope, label, option);

  /** Toasts close on a click outside them; the page title is a harmless place for it. */
  async function closeToasts(): Promise<void> {
    await page()
      .locator('.mantine-Notification-closeButton')
      .evaluateAll((buttons) => {
        for (const button of buttons) (button as HTMLButtonElement).click();
      });
  }

  const slotPoint = (room: string, time: string) => slotCentre(page(), room, time);

  /** The DateInput shows 'Mon D, YYYY'; the API takes YYYY-MM-DD. */
  async function isoOf(shown: string): Promise<string> {
    return page().evaluate((text) => {
      const parsed = new Date(`${text} 12:00`);
      const pad = (value: number) => String(value).padStart(2, '0');
      return `${parsed.getFullYear()}-${pad(parsed.getMonth() + 1)}-${pad(parsed.getDate())}`;
    }, shown);
  }

  return {
    shot,
    book,
    serverDay,
    serverMaintenance,
    openScheduling,
    goTo,
    card,
    choose,
    closeToasts,
    slotPoint,
    isoOf,
  };
}
