// What the daily schedule's browser tests (schedule.e2e.ts, schedule-form.e2e.ts) share: their session, and how
// they read the grid and drive the schedule.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchBrowser, newContext } from './browser.ts';
import {
  settled as animationsDone,
  BUSY_DAY_SCHEDULED,
  choose as chooseIn,
  clickCardActions,
  DEMO_PASSWORD,
  FIRST_DATA_TIMEOUT_MS,
  openArea as openAreaOf,
  openList,
  scheduledOnScreen,
  searchAndChoose,
  signInToShell,
  syncNow,
} from './helpers.ts';

const SHOTS = resolve(import.meta.dirname, '../../screenshots');
export const VIEWPORTS = { laptop: { width: 1280, height: 800 }, tablet: { width: 820, height: 1180 } } as const;

export interface Slot {
  room: string;
  time: string;
}

export interface CardInfo extends Slot {
  id: string;
  duration: number;
  status: string;
  providerId: number;
}

/** Minutes since midnight of an HH:MM time, and back. */
export const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const clock = (total: number) =>
  `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

/**
 * The centre of a room's 30-minute slot, in page coordinates, scrolled into view first: how far down the grid
 * starts depends on the waiting room above it, which grows through the day.
 */
export async function slotCentre(page: Page, room: string, time: string): Promise<{ x: number; y: number }> {
  const body = page.getByTestId('schedule-body');
  const open = Number(await body.getAttribute('data-open-minute'));
  const minutePx = Number(await body.getAttribute('data-minute-px'));
  const columnWidth = Number(await body.getAttribute('data-column-width'));
  const column = (
    await page
      .getByTestId('room-column')
      .evaluateAll((nodes) => nodes.map((node) => node.firstElementChild?.textContent ?? ''))
  ).indexOf(room);
  const offset = { x: column * columnWidth + columnWidth / 2, y: (minutes(time) - open + 15) * minutePx };
  // A throwaway marker at the slot scrolls whichever container holds the grid.
  await body.evaluate((node, at) => {
    const marker = document.createElement('div');
    marker.style.cssText = `position:absolute;left:${at.x}px;top:${at.y}px;width:1px;height:1px;pointer-events:none`;
    node.append(marker);
    marker.scrollIntoView({ block: 'center', inline: 'center' });
    marker.remove();
  }, offset);
  const box = await body.boundingBox();
  if (!box) throw new Error('no grid');
  return { x: box.x + offset.x, y: box.y + offset.y };
}

/** A browser signed in as the admin, on the schedule, with the whole practice on the device. */
export async function openSchedule(): Promise<{ browser: Browser; context: BrowserContext; page: Page }> {
  mkdirSync(SHOTS, { recursive: true });
  const browser = await launchBrowser();
  const context = await newContext(browser, VIEWPORTS.laptop);
  const page = await context.newPage();
  await signInToShell(page, 'admin');
  await openAreaOf(page, 'Scheduling');
  // The tests pick days and slots from the cards on screen: the device must hold the whole practice first.
  await syncNow(page);
  return { browser, context, page };
}

/** The grid's readers and the schedule's actions, on the test file's page (set once its session is open). */
export function scheduleView(page: () => Page) {
  /** In-app navigation: a page load would drop the unlocked key and ask for the password again. */
  const openArea = (label: 'Patients' | 'Scheduling') => openAreaOf(page(), label);

  const grid = () => page().getByTestId('schedule-grid');
  const body = () => page().getByTestId('schedule-body');
  const card = (id: string) => page().locator(`[data-testid="appointment-card"][data-appointment-id="${id}"]`);

  /** Waits until the grid (or the closed-day banner) shows the date the header asks for. */
  async function settled(): Promise<string> {
    const wanted = (await page().getByTestId('schedule-date-label').getAttribute('data-date')) ?? '';
    await page()
      .locator(`[data-date="${wanted}"]:is([data-testid="schedule-grid"], [data-testid="closed-banner"])`)
      .waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    return wanted;
  }

  /** The day shown until it has appointments; the demo data has none on days the practice is closed. */
  async function toBusyDay(): Promise<string> {
    for (let step = 0; step < 7; step++) {
      const shown = await settled();
      if ((await body().count()) > 0 && (await scheduledOnScreen(page())) >= BUSY_DAY_SCHEDULED) return shown;
      await page()
        .getByRole('button', { name: /^(Next day|Jour suivant)$/ })
        .click();
    }
    throw new Error('no day with appointments this week');
  }

  async function cards(): Promise<CardInfo[]> {
    return page()
      .getByTestId('appointment-card')
      .evaluateAll((nodes) =>
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

  async function geometry() {
    const element = body();
    const box = await element.boundingBox();
    if (!box) throw new Error('no grid');
    const attribute = async (name: string) => Number(await element.getAttribute(name));
    const rooms = await page()
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
    const maintenance = await page()
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

  const slotPoint = (slot: Slot) => slotCentre(page(), slot.room, slot.time);

  const choose = (scope: Locator, label: string, option: string | RegExp) => chooseIn(page(), scope, label, option);

  /** Picks a patient by typing, and the first provider the live analysis finds free for `length` minutes. */
  async function fillBooking(dialog: Locator, options: { patient: string; length?: number }) {
    await searchAndChoose(page(), dialog.getByRole('combobox', { name: /^Patient/ }), options.patient);
    const length = options.length ?? 30;
    if (length !== 30) await choose(dialog, 'Duration', `${length} min`);
    // The provider list itself, once drawn; then closed before each provider is picked in turn.
    const providerBox = dialog.getByRole('combobox', { name: /^Provider/ });
    const list = await openList(page(), providerBox);
    await list.getByRole('option').first().waitFor();
    const providers = await list.getByRole('option').allTextContents();
    await page().keyboard.press('Escape');
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
    await expect.poll(() => page().getByRole('menu').count()).toBe(0);
    const target = card(id);
    if (via === 'right-click') {
      await target.scrollIntoViewIfNeeded();
      await target.locator('button').first().click({ button: 'right' });
    } else await clickCardActions(target);
    await page().getByRole('menu').waitFor();
  }

  async function serverAppointment(date: string, id: string) {
    const response = await page().request.get(`/api/appointments?date=${date}`);
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
    await page().goto(path);
    const unlock = page().getByLabel('Your password');
    // Whichever comes first; the branch then reads a state that has been reached.
    await unlock.or(page().getByTestId('schedule-date-label')).first().waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    if (await unlock.isVisible()) {
      await unlock.fill(DEMO_PASSWORD);
      await page().getByRole('button', { name: 'Unlock' }).click();
    }
    await page().getByTestId('schedule-date-label').waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
  }

  /** Transitions and toasts settle first, so the picture shows the resting state. */
  async function shot(name: string): Promise<void> {
    await animationsDone(page());
    await page().screenshot({ path: resolve(SHOTS, `schedule-${name}.png`) });
  }

  return {
    openArea,
    grid,
    body,
    card,
    settled,
    toBusyDay,
    cards,
    geometry,
    freeSlot,
    slotPoint,
    choose,
    fillBooking,
    openCardMenu,
    serverAppointment,
    reloadAt,
    shot,
  };
}
