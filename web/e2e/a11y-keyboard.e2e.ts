import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_SCREENS } from '../src/routes/area-screens.tsx';
import { A11Y_SIZES, axeEverywhere } from './axe.ts';
import { launchBrowser, newContext } from './browser.ts';
import {
  afterPageTimers,
  BUSY_DAY_SCHEDULED,
  DEMO_PASSWORD,
  FIRST_DATA_TIMEOUT_MS,
  mainScreenReady,
  scheduledOnScreen,
  settled,
} from './helpers.ts';
import { clock, minutes, scheduleView } from './schedule-page.ts';

// Issue 22: the main flows by keyboard alone (after the first page load every step is a key press), with the
// focus visible and logical and dialogs that trap focus and give it back; the schedule grid's axe check in both
// themes at both sizes; reduced motion; true 200% zoom at 1280 px (a 640×400 CSS-pixel viewport at device pixel
// ratio 2) without horizontal scroll. One
// sign-in for the whole file; the tests run in order and share the page.

let browser: Browser;
let context: BrowserContext;
let page: Page;

const view = scheduleView(() => page);
const SHOTS = resolve(import.meta.dirname, '../../screenshots/issue-22');

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, { width: 1280, height: 800 });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

interface Focused {
  tag: string;
  role: string;
  name: string;
  testid: string;
  visible: boolean;
  inDialog: string;
  inGrid: boolean;
  cardId: string;
  row: number;
  column: number;
}

/** What has focus: its name as a person would read it, and whether a focus indicator is drawn on it. */
function focused(): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) {
      return {
        tag: 'body',
        role: '',
        name: '',
        testid: '',
        visible: false,
        inDialog: '',
        inGrid: false,
        cardId: '',
        row: -1,
        column: -1,
      };
    }
    const byIds = (ids: string | null) =>
      (ids ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
        .trim();
    const labels = (element as HTMLInputElement).labels;
    const name =
      element.getAttribute('aria-label') ||
      byIds(element.getAttribute('aria-labelledby')) ||
      (labels?.length ? (labels[0]?.textContent ?? '') : '') ||
      element.getAttribute('placeholder') ||
      (element.textContent ?? '');
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    // A text field shows its caret and its focused border; everything else needs an outline or a ring.
    const textField = /^(INPUT|TEXTAREA)$/.test(element.tagName) || element.isContentEditable;
    const dialog = element.closest('[role="dialog"]');
    const cell = element.closest<HTMLElement>('[role="gridcell"]');
    return {
      tag: element.tagName + (element.tagName === 'DIV' ? `.${element.className}` : ''),
      role: element.getAttribute('role') ?? '',
      name: name.replace(/\s+/g, ' ').trim(),
      testid: element.dataset.testid ?? '',
      visible: textField ? element.matches(':focus') : element.matches(':focus-visible') && (outline || shadow),
      inDialog: dialog ? (dialog.getAttribute('aria-label') ?? byIds(dialog.getAttribute('aria-labelledby'))) : '',
      inGrid: Boolean(element.closest('[role="grid"]')),
      cardId: element.closest<HTMLElement>('[data-appointment-id]')?.dataset.appointmentId ?? '',
      row: cell ? Number(cell.dataset.row) : -1,
      column: cell ? Number(cell.dataset.column) : -1,
    };
  });
}

async function expectVisibleFocus(): Promise<Focused> {
  const now = await focused();
  expect(now.visible, `no visible focus on ${now.tag} '${now.name}'`).toBe(true);
  return now;
}

/** Presses Tab (or Shift+Tab) until the focused element matches; every stop on the way shows its focus. */
async function tabTo(match: (now: Focused) => boolean, options: { back?: boolean; max?: number } = {}) {
  const seen: string[] = [];
  for (let step = 0; step < (options.max ?? 60); step++) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
    const now = await focused();
    seen.push(`${now.tag}:${now.name.slice(0, 30)}`);
    if (now.tag !== 'body') expect(now.visible, `no visible focus on ${now.tag} '${now.name}'`).toBe(true);
    if (match(now)) return now;
  }
  throw new Error(`not reached by Tab; stops: ${seen.join(' | ')}`);
}

const named = (pattern: RegExp) => (now: Focused) => pattern.test(now.name);

/** Tab stays inside the dialog: a full round of stops never leaves it. */
async function expectTrapped(dialogName: RegExp, stops = 25): Promise<void> {
  for (let step = 0; step < stops; step++) {
    await page.keyboard.press('Tab');
    const now = await focused();
    expect(now.inDialog, `focus left the dialog at ${now.tag} '${now.name}'`).toMatch(dialogName);
  }
}

/** Opens a sidebar area by Tab (backwards from wherever focus is) and Enter. */
async function openAreaByKeyboard(label: RegExp, url: RegExp): Promise<void> {
  await tabTo((now) => now.tag === 'A' && label.test(now.name), { back: true, max: 120 });
  await page.keyboard.press('Enter');
  await page.waitForURL(url);
  // The screen's code and first data arrive after the address changes; until then main has nothing to Tab to.
  await mainScreenReady(page);
}

/** The live regions' text (polite and assertive), for what a screen reader would hear. */
function announced(): Promise<string> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[aria-live], [role="status"], [role="alert"], [role="log"]')]
      .map((node) => node.textContent ?? '')
      .join(' | '),
  );
}

describe('keyboard only', () => {
  let started = 0;
  let booked = '';
  let patientName = '';
  /** The patient the wizard creates: an empty chart, so what is charted shows for sure. */
  let newPatient = '';
  let slot = { room: '', time: '' };

  it('signs in', async () => {
    started = Date.now();
    await page.goto('/');
    await page.getByLabel('Username').waitFor();
    // The username field has focus from the start.
    expect((await expectVisibleFocus()).name).toMatch(/Username/);
    await page.keyboard.type('admin');
    await tabTo(named(/^Password/));
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    // The sidebar as one flat list of links, so each area is a few Tabs away.
    await nav.getByRole('button', { name: 'Show as a flat list' }).waitFor();
    await tabTo(named(/^Show as a flat list$/), { back: true, max: 120 });
    await page.keyboard.press('Enter');
    await nav.getByRole('button', { name: 'Show in groups' }).waitFor();
  });

  it('opens the schedule and walks the grid with the arrow keys', async () => {
    await openAreaByKeyboard(/^Scheduling/, /\/scheduling/);
    // A day with appointments (the practice is closed on Sundays): Next day, by Tab and Enter.
    await view.settled();
    for (let step = 0; step < 7; step++) {
      const busy = await expect
        .poll(() => scheduledOnScreen(page), { timeout: step === 0 ? FIRST_DATA_TIMEOUT_MS : 10_000 })
        .toBeGreaterThanOrEqual(BUSY_DAY_SCHEDULED)
        .then(() => true)
        .catch(() => false);
      if (busy) break;
      const now = await focused();
      if (!/^Next day/.test(now.name)) await tabTo(named(/^Next day/), { back: true, max: 120 });
      await page.keyboard.press('Enter');
      await view.settled();
    }
    // Into the grid: one tab stop, then the arrow keys.
    const entered = await tabTo((now) => now.inGrid, { max: 80 });
    expect(entered.role === 'gridcell' || entered.cardId !== '').toBe(true);
    await page.keyboard.press('Control+Home');
    let now = await expectVisibleFocus();
    expect([now.row, now.column]).toEqual([0, 0]);
    await page.keyboard.press('End');
    now = await focused();
    const rooms = (await view.geometry()).rooms;
    expect(now.column).toBe(rooms.length - 1);
    await page.keyboard.press('Home');
    now = await focused();
    expect(now.column).toBe(0);
    // The grid's one tab stop: Tab leaves it.
    expect(await page.locator('[data-testid="schedule-body"] [tabindex="0"]').count()).toBe(1);
  });

  it('books an appointment from an empty slot', async () => {
    const shape = await view.geometry();
    const rowMinutes = (await view.body().getAttribute('data-view')) === 'hour' ? 60 : 30;
    slot = await view.freeSlot(60);
    // Whole rows only: in the hour view a free half hour may sit inside a busy row.
    if ((minutes(slot.time) - shape.open) % rowMinutes !== 0) slot = await view.freeSlot(120);
    const row = (minutes(slot.time) - shape.open) / rowMinutes;
    const column = shape.rooms.indexOf(slot.room);
    await page.keyboard.press('Control+Home');
    for (let step = 0; step < 40 && (await focused()).column < column; step++) await page.keyboard.press('ArrowRight');
    for (let step = 0; step < 200 && (await focused()).row < row; step++) await page.keyboard.press('ArrowDown');
    const cell = await expectVisibleFocus();
    expect([cell.role, cell.row, cell.column]).toEqual(['gridcell', row, column]);

    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New Appointment' });
    await dialog.waitFor();
    expect(await dialog.getByRole('combobox', { name: /^Time/ }).inputValue()).toBe(slot.time);
    // Focus moved into the dialog, and Tab does not leave it.
    await expect.poll(async () => (await focused()).inDialog).toMatch(/New Appointment/);
    await expectTrapped(/New Appointment/);

    await tabTo(named(/^Patient/));
    await page.keyboard.type('a');
    await dialog.page().getByRole('option').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByRole('combobox', { name: /^Patient/ }).inputValue()).not.toBe('a');
    // The first provider the conflict analysis finds free.
    await tabTo(named(/^Provider/));
    for (let choice = 1; choice <= 8; choice++) {
      await page.keyboard.press('ArrowDown');
      await page.getByRole('option').first().waitFor();
      for (let step = 1; step < choice; step++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      const analysis = dialog.getByTestId('conflict-analysis');
      await analysis.waitFor();
      await settled(page);
      if (!(await analysis.textContent())?.includes('Conflicts found')) break;
    }
    await tabTo(named(/^Procedure/));
    await page.keyboard.type('Cleaning');
    await tabTo(named(/^Book appointment/));
    await page.keyboard.press('Enter');
    await page.getByText(`${slot.time} in ${slot.room}.`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    // Focus is back on the cell that opened the form.
    const back = await focused();
    expect([back.row, back.column]).toEqual([row, column]);
    const mine = async () =>
      (await view.cards()).find((entry) => entry.room === slot.room && entry.time === slot.time)?.id ?? '';
    await expect.poll(mine).not.toBe('');
    booked = await mine();
    // The card's name: 'Room 3, 10:30, Maurine Schroeder, …'.
    const label = (await view.card(booked).locator('button').first().getAttribute('aria-label')) ?? '';
    expect(label.startsWith(`${slot.room}, ${slot.time}, `)).toBe(true);
    patientName = label.split(', ')[2] ?? '';
    // The toast is announced: the toast region lives in a live region.
    expect(await announced()).toContain(`${slot.time} in ${slot.room}.`);
  });

  it('moves it by keyboard, and the move is announced', async () => {
    // Focus returns to the cell; the arrow keys land on the new card.
    const columns = (await view.geometry()).rooms.length;
    const here = await focused();
    await page.keyboard.press(here.column === columns - 1 ? 'ArrowLeft' : 'ArrowRight');
    await page.keyboard.press(here.column === columns - 1 ? 'ArrowRight' : 'ArrowLeft');
    const face = await expectVisibleFocus();
    expect(face.cardId).toBe(booked);
    expect(face.name).toContain(slot.room);

    await page.keyboard.press('Space');
    await expect.poll(() => view.card(booked).getAttribute('data-dragging')).toBe('true');
    // dnd-kit's keyboard sensor adds its arrow-key listener in a setTimeout(0) after the pick-up.
    await afterPageTimers(page, 0);
    await page.keyboard.press('ArrowDown');
    const later = clock(minutes(slot.time) + 30);
    await page.getByTestId('drop-preview').getByText(later, { exact: false }).waitFor();
    await page.keyboard.press('Space');
    await expect.poll(() => view.card(booked).getAttribute('data-time')).toBe(later);
    await expect.poll(announced).toContain(`Moved ${patientName}`);
    expect(await announced()).toContain(`to ${later}, ${slot.room}`);
    // Focus stays on the moved card.
    expect((await focused()).cardId).toBe(booked);
    slot = { room: slot.room, time: later };
  });

  it('checks the patient in and out from the card menu', async () => {
    async function menuItem(name: RegExp): Promise<void> {
      // Enter opens the menu of the card that has focus: the booked one, once the app has put focus back on it.
      await expect.poll(async () => (await focused()).cardId).toBe(booked);
      await page.keyboard.press('Enter');
      await page.getByRole('menu').waitFor();
      for (let step = 0; step < 15; step++) {
        const now = await focused();
        if (now.role === 'menuitem' && name.test(now.name)) break;
        await page.keyboard.press('ArrowDown');
      }
      expect((await expectVisibleFocus()).name).toMatch(name);
      await page.keyboard.press('Enter');
    }

    await menuItem(/^Check In$/);
    const checkIn = page.getByRole('dialog', { name: 'Quick Check-In' });
    await checkIn.waitFor();
    await expect.poll(async () => (await focused()).inDialog).toMatch(/Quick Check-In/);
    await expectTrapped(/Quick Check-In/, 15);
    await tabTo((now) => now.tag === 'BUTTON' && /Check-In$/.test(now.name));
    await page.keyboard.press('Enter');
    await checkIn.waitFor({ state: 'detached' });
    await expect.poll(() => view.card(booked).getAttribute('data-status')).toBe('in-progress');
    // Back on the card that opened the menu.
    await expect.poll(async () => (await focused()).cardId).toBe(booked);

    await menuItem(/^Check Out$/);
    const checkOut = page.getByRole('dialog', { name: 'Express Check-Out' });
    await checkOut.waitFor();
    await expect.poll(async () => (await focused()).inDialog).toMatch(/Express Check-Out/);
    await tabTo((now) => now.tag === 'BUTTON' && /^Express Check-Out$/.test(now.name));
    await page.keyboard.press('Enter');
    await page.getByText('Express Check-Out Complete').waitFor();
    // A follow-up that could not be booked keeps the dialog open with the reason and a Close button.
    if (await checkOut.isVisible()) {
      await tabTo(named(/^Close$/));
      await page.keyboard.press('Enter');
    }
    await checkOut.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused()).cardId).toBe(booked);
    await expect.poll(() => view.card(booked).getAttribute('data-status')).toBe('completed');
  });

  it('runs an assistant command with Ctrl+K, and Escape gives focus back', async () => {
    // From the header's Ninja AI button, so there is a stable element for the dialog to give focus back to.
    const before = await tabTo(named(/^Ninja AI$/), { back: true, max: 120 });
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Ninja AI' });
    const input = dialog.getByRole('combobox', { name: 'Command' });
    await input.waitFor();
    await expect
      .poll(() => input.getAttribute('placeholder'), { timeout: FIRST_DATA_TIMEOUT_MS })
      .not.toContain('Reading');
    await expect.poll(async () => (await focused()).name).toMatch(/Command/);
    const command = `find ${patientName?.toLowerCase()}`;
    await page.keyboard.type(command);
    await page.keyboard.press('Enter');
    await dialog.getByRole('log').getByText(command, { exact: true }).waitFor();
    await expectTrapped(/Ninja AI/, 10);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const after = await focused();
    expect([after.tag, after.name]).toEqual([before.tag, before.name]);
  });

  it('creates a patient through the wizard', async () => {
    await openAreaByKeyboard(/^Patients/, /\/patients/);
    await tabTo(named(/^New Patient$/), { max: 80 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New Patient' });
    await dialog.waitFor();
    await expect.poll(async () => (await focused()).inDialog).toMatch(/New Patient/);
    const last = `Keyboard${Date.now().toString(36)}`;
    newPatient = last;
    await tabTo(named(/^First name/));
    await page.keyboard.type('Kiri');
    await tabTo(named(/^Last name/));
    await page.keyboard.type(last);
    await tabTo(named(/^Next$/));
    await page.keyboard.press('Enter');
    await dialog.getByRole('textbox', { name: 'Phone', exact: true }).waitFor();
    await tabTo(named(/^Phone/), { back: true });
    await page.keyboard.type('4165550142');
    // Medical history, forms and the first appointment are optional.
    for (let step = 0; step < 3; step++) {
      await tabTo(named(/^Next$/));
      await page.keyboard.press('Enter');
    }
    await tabTo(named(/^Create patient$/));
    await page.keyboard.press('Enter');
    await dialog.getByText('Patient saved').waitFor();
    await expectTrapped(/New Patient/, 10);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The wizard gives focus back to the button that opened it.
    expect((await focused()).name).toMatch(/^New Patient$/);
  });

  it('charts a surface on the clinical chart', async () => {
    await openAreaByKeyboard(/^Clinical Charts/, /\/clinical-charts/);
    // The search box has focus on arrival.
    await expect.poll(async () => (await focused()).name).toMatch(/^Patient/);
    await page.keyboard.type(newPatient);
    // The matches follow the typing (read from the device); Tab waits for them like a person would.
    await page.getByTestId('chart-patient-option').first().waitFor();
    await tabTo((now) => now.tag === 'A' && /^Open Chart/.test(now.name), { max: 40 });
    await page.keyboard.press('Enter');
    await page.getByTestId('odontogram').waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    const form = page.getByRole('form', { name: 'Chart a finding' });
    await tabTo((now) => now.tag === 'INPUT' && /^Tooth/.test(now.name), { max: 300 });
    await page.keyboard.type('36');
    // Two digits make a tooth: focus may move on to Surfaces by itself.
    const surfaces = (now: Focused) => now.tag === 'INPUT' && /^Surfaces/.test(now.name);
    if (!surfaces(await focused())) await tabTo(surfaces);
    await page.keyboard.type('O');
    // Caries is the finding offered first; Tab goes past it to Chart.
    expect(await form.getByRole('combobox', { name: /^Finding/ }).inputValue()).toBe('Caries');
    await tabTo((now) => now.tag === 'BUTTON' && /^Chart$/.test(now.name));
    await page.keyboard.press('Enter');
    const occlusal = page.locator('[data-testid="odontogram"] [data-tooth="36"] [data-surface="O"]');
    await expect.poll(() => occlusal.getAttribute('data-condition')).toBe('caries');
    console.log(`keyboard flows took ${Math.round((Date.now() - started) / 1000)} s`);
  });
});

describe('the schedule grid for screen readers', () => {
  it('has no serious or critical axe violations in light and dark at 1024×768 and 1440×900', async () => {
    await page.setViewportSize(A11Y_SIZES[0]);
    await openAreaByKeyboard(/^Scheduling/, /\/scheduling/);
    await view.settled();
    await view.body().waitFor();
    expect(await axeEverywhere(page, 'schedule grid', { include: ['[data-testid="schedule-grid"]'] })).toEqual([]);
    // Cards are named room first, then their visible words in order.
    const name = await page
      .getByTestId('appointment-card')
      .first()
      .locator('button')
      .first()
      .getAttribute('aria-label');
    expect(name).toMatch(/^Room \S+, /);
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});

describe('reduced motion and zoom', () => {
  it('opens a dialog without a transition when reduced motion is asked for', async () => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Ninja AI' });
    await dialog.waitFor();
    // The very first frame is the final one: nothing is fading or sliding.
    const motion = await dialog.evaluate((node) => {
      const running = document.getAnimations().filter((animation) => animation.playState === 'running');
      const content = node.closest('.mantine-Modal-content') ?? node;
      const style = getComputedStyle(content);
      return { running: running.length, duration: style.transitionDuration, opacity: style.opacity };
    });
    expect(motion.opacity).toBe('1');
    expect(motion.duration.split(',').every((part) => Number.parseFloat(part) === 0)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('shows every area screen and the patient, chart, plan, users and schedule screens at true 200% zoom of 1280 px without horizontal scroll', async () => {
    // 200% zoom of a 1280×800 window: 640×400 CSS pixels, each drawn with 2×2 device pixels, as Chrome zooms.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setDeviceMetricsOverride', {
      width: 640,
      height: 400,
      deviceScaleFactor: 2,
      mobile: false,
    });
    try {
      expect(await page.evaluate(() => window.devicePixelRatio)).toBe(2);
      expect(await page.evaluate(() => window.innerWidth)).toBe(640);
      // In-app through the router's own history, so the device's data stays unlocked.
      const go = (path: string) =>
        page.evaluate((to) => {
          const state = (history.state ?? {}) as { __TSR_index?: number };
          history.pushState({ ...state, __TSR_index: (state.__TSR_index ?? 0) + 1, key: `${Date.now()}` }, '', to);
          dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
        }, path);
      // The page and the shell's header, main area and footer (the shell scrolls its main area, not the
      // document): none is wider than its box. A table or the schedule grid scrolling inside its own box is
      // allowed; what sticks out past the edge is named, the outermost first.
      const overflow = () =>
        page.evaluate(() => {
          const describe = (node: Element) =>
            `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${[...node.classList].map((name) => `.${name}`).join('')}${node instanceof HTMLElement && node.dataset.testid ? `[${node.dataset.testid}]` : ''}`;
          const wider: string[] = [];
          for (const box of [document.documentElement, ...document.querySelectorAll('header, main, footer')]) {
            const extra = box.scrollWidth - box.clientWidth;
            if (extra <= 1) continue;
            const edge = box.getBoundingClientRect().right;
            const out = [...box.querySelectorAll('*')].find((node) => node.getBoundingClientRect().right > edge + 1);
            wider.push(`${describe(box)} +${extra}px${out ? ` (${describe(out)})` : ''}`);
          }
          return { wider, inner: window.innerWidth, ratio: window.devicePixelRatio };
        });
      const response = await page.request.get('/api/patients?limit=1');
      const patientId = ((await response.json()) as { id: string }[])[0]?.id ?? '';
      // Each screen with what shows it has drawn its data, beyond its heading.
      const screens: [string, string?][] = [
        ...Object.keys(AREA_SCREENS).map((path): [string] => [path]),
        ['/patients', '[data-testid="patient-row"], table tbody tr'],
        [`/patients/${patientId}`],
        [`/clinical-charts?patientId=${patientId}`, '[data-testid="odontogram"]'],
        [`/treatment-plans?patientId=${patientId}`],
        ['/settings?tab=users', 'table'],
        ['/scheduling', '[data-testid="schedule-grid"], [data-testid="closed-banner"]'],
      ];
      const wide: string[] = [];
      for (const [path, ready] of screens) {
        await go(path);
        await page.waitForFunction((wanted) => location.pathname === wanted, path.split('?')[0]);
        const main = page.getByRole('main');
        await main.locator('h1, h2, h3').first().waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
        if (ready) await main.locator(ready).first().waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
        await page.waitForFunction(() => document.querySelectorAll('main [aria-label="Loading"]').length === 0, null, {
          timeout: FIRST_DATA_TIMEOUT_MS,
        });
        await settled(page);
        const { wider, inner, ratio } = await overflow();
        if (inner !== 640 || ratio !== 2) wide.push(`${path}: ${inner} px at ${ratio}×`);
        for (const box of wider) wide.push(`${path}: ${box}`);
        if (path === `/patients/${patientId}` || path === '/scheduling') {
          mkdirSync(SHOTS, { recursive: true });
          const name = path === '/scheduling' ? 'schedule' : 'patient';
          // Through the same session: the picture has the 2× device pixels the screen is drawn with.
          const { data } = await cdp.send('Page.captureScreenshot', { format: 'png' });
          writeFileSync(resolve(SHOTS, `zoom-200-${name}-640x400@2x.png`), Buffer.from(data, 'base64'));
        }
      }
      expect(wide).toEqual([]);
    } finally {
      await cdp.send('Emulation.clearDeviceMetricsOverride');
      await cdp.detach();
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
