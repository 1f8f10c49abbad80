import { closedHolidayOn } from '@dental/domain/practices/holidays';
import { addDays } from '@dental/domain/time/calendar';
import type { BrowserContext, ConsoleMessage, Locator, Page, Request } from 'playwright-core';
import { expect, vi } from 'vitest';

export const DEMO_PASSWORD = 'demo1234';

/** The demo's practice 1 (Toronto) keeps its clock here. */
export const PRACTICE_TIME_ZONE = 'America/Toronto';

/** The practice's calendar day `daysBack` days ago (0: today) in its own zone, whatever the machine's zone and hour. */
export function practiceDay(daysBack = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: PRACTICE_TIME_ZONE }).format(
    new Date(Date.now() - daysBack * 86_400_000),
  );
}

/**
 * Whether the demo's practice 1 opens on a date (YYYY-MM-DD): it closes on Sundays and, unless a test
 * changed its choices, on Ontario's statutory holidays (the domain's own rule, so a test never books a
 * Christmas Day or a Boxing Day observed on a Monday).
 */
export function isOpenDay(date: string): boolean {
  return (
    new Date(`${date}T12:00:00Z`).getUTCDay() !== 0 && closedHolidayOn({ province: 'ON', choices: {} }, date) === null
  );
}

/** The first day on or after `date` on which practice 1 opens. */
export function openDayFrom(date: string): string {
  let day = date;
  while (!isOpenDay(day)) day = addDays(day, 1);
  return day;
}

/** The practice's calendar day `daysAhead` days from today, or the first open day after it. */
export function openDayAhead(daysAhead: number): string {
  return openDayFrom(practiceDay(-daysAhead));
}

/**
 * How long a device may take to show the practice's first data (rows, cards) after sign-in: it downloads
 * and decrypts thousands of records, which on a busy 2-core machine takes far longer than a click.
 */
export const FIRST_DATA_TIMEOUT_MS = 120_000;

/**
 * How long a change made on a device may take to show on the server, or the server's change on a device:
 * the outbox pushes after each write and retries with backoff; pulls run after pushes and on a timer.
 */
export const SYNC_TIMEOUT_MS = 60_000;

/** Fills in and sends the sign-in form already on screen. */
export async function submitSignIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await submitSignIn(page, username, password);
}

export async function signInToShell(page: Page, username: string): Promise<void> {
  await signIn(page, username);
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
}

/**
 * Until the service worker controls the page. It takes control once it has precached every chunk of the app;
 * when a first install fails the app installs again after a pause (service-worker-registration.ts), so this
 * waits through a few of those. On a timeout the error tells the worker's state and the storage left.
 */
export async function untilControlled(page: Page): Promise<void> {
  const controlled = (timeout: number) =>
    page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout });
  try {
    await controlled(120_000).catch(async () => {
      // The app asks an active worker to claim it; should that too be lost, a reload is what the user would do.
      console.warn(`No service worker control after 120 s on ${page.url()}: reloading once`);
      await page.reload();
      await controlled(30_000);
    });
  } catch (error) {
    const seen = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const estimate = await navigator.storage.estimate();
      return {
        page: location.pathname,
        installing: registration?.installing?.state ?? null,
        waiting: registration?.waiting?.state ?? null,
        active: registration?.active?.state ?? null,
        usage: estimate.usage,
        quota: estimate.quota,
      };
    });
    throw new Error(`The service worker never took control: ${JSON.stringify(seen)}`, { cause: error });
  }
}

/** Online sign-in, local data pulled, and the service worker in control so reloads work offline. */
export async function readyForOffline(context: BrowserContext, username: string): Promise<Page> {
  const page = await context.newPage();
  await signInToShell(page, username);
  await page.goto('/patients');
  await page.getByTestId('patient-row').first().waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
  await untilFilled(page);
  await untilControlled(page);
  // A pull may still be landing changes other tests made; going offline now would leave them behind.
  await syncNow(page);
  return page;
}

/**
 * Until the device holds the whole practice: the footer's "Preparing 45%" is gone. Days other than
 * today arrive last, and a device taken offline before that shows them as still preparing.
 */
export async function untilFilled(page: Page): Promise<void> {
  await vi.waitUntil(async () => (await page.getByTestId('fill-badge').count()) === 0, {
    timeout: FIRST_DATA_TIMEOUT_MS,
    interval: 100,
  });
}

/** Signs in from the sign-in page while the server cannot be reached: the password opens the device's data. */
export async function signInOffline(page: Page, username: string): Promise<void> {
  await submitSignIn(page, username);
  await page.getByText('Signed in offline').waitFor();
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
}

/**
 * Shows the sidebar as a flat list, so every link the user may open is on screen at once. Waits for the
 * sidebar's own controls first, and after the switch for the list to be flat, so nothing is read half-drawn.
 */
export async function flatSidebar(page: Page): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const flat = nav.getByRole('button', { name: 'Show as a flat list' });
  const grouped = nav.getByRole('button', { name: 'Show in groups' });
  // A collapsed sidebar (forced on some pages) lists its links flat and has neither button.
  const expand = nav.getByRole('button', { name: 'Expand sidebar' });
  await flat.or(grouped).or(expand).first().waitFor();
  if (await flat.isVisible()) {
    await flat.click();
    await grouped.waitFor();
  }
  return nav;
}

/** The sidebar as a flat list, so every link the user may open is on screen at once. */
export async function sidebarLinks(page: Page): Promise<string[]> {
  const nav = await flatSidebar(page);
  await nav.getByRole('link').first().waitFor();
  return nav.getByRole('link').allTextContents();
}

/** In-app navigation: a page load would drop the unlocked key and ask for the password again. */
export async function openArea(page: Page, label: 'Patients' | 'Scheduling'): Promise<void> {
  const nav = await flatSidebar(page);
  await nav.getByRole('link', { name: new RegExp(`^${label}( Available offline)?$`) }).click();
  await page.waitForURL(label === 'Patients' ? /\/patients(\?|$)/ : /\/scheduling(\?|#|$)/);
}

const isPull = (url: string) => new URL(url).pathname === '/api/sync/pull';

/**
 * Sync Now from the offline panel: pushes the queue, then pulls what the server has. Returns once a pull
 * that started after the click has finished (every page requested, answered and applied), so counts read
 * afterwards are of the server's data. The first pull after sign-in keeps the button busy; Playwright's
 * click waits for it, so this also waits out a first pull still landing.
 */
export async function syncNow(page: Page): Promise<void> {
  // Pull requests seen from here on, and those of them still unanswered (one already in flight is not ours).
  let started = 0;
  const open = new Set<Request>();
  const onRequest = (request: Request) => {
    if (!isPull(request.url())) return;
    started += 1;
    open.add(request);
  };
  const onDone = (request: Request) => {
    open.delete(request);
  };
  await page.getByRole('button', { name: /^Connection: .* Offline data$/ }).click();
  const panel = page.getByRole('dialog', { name: 'Offline data' });
  const button = panel.getByRole('button', { name: 'Sync Now' });
  await button.waitFor();
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  let loading: string | null = 'not read';
  try {
    // Disabled while a pull runs: right after sign-in that is the whole practice arriving.
    await button.click({ timeout: FIRST_DATA_TIMEOUT_MS });
    // vi.waitUntil rather than expect.poll: this also runs in beforeAll hooks, where expect.poll may not.
    await vi.waitUntil(
      async () => {
        loading = await button.getAttribute('data-loading', { timeout: 5_000 });
        return started > 0 && open.size === 0 && loading === null;
      },
      { timeout: FIRST_DATA_TIMEOUT_MS, interval: 100 },
    );
  } catch (error) {
    throw new Error(
      `Sync Now did not finish a pull: ${started} pull requests seen, ${open.size} unanswered, data-loading ${loading}`,
      { cause: error },
    );
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
  }
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
}

/**
 * Waits until no finite CSS transition or animation is running (a dialog opening, a toast sliding in, a
 * tooltip fading out) for three frames in a row, so a screenshot or an accessibility scan sees the resting
 * page. Endless animations (spinners) are left out. A state, not a time: on a slow machine it just takes longer.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eQuietFrames?: number }).__e2eQuietFrames = 0;
  });
  await page.waitForFunction(
    () => {
      const state = window as unknown as { __e2eQuietFrames?: number };
      const moving = document
        .getAnimations()
        .some(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity,
        );
      state.__e2eQuietFrames = moving ? 0 : (state.__e2eQuietFrames ?? 0) + 1;
      return state.__e2eQuietFrames >= 3;
    },
    null,
    { polling: 'raf' },
  );
}

/**
 * Opens a combobox and returns its own list of options: not another dropdown that is still fading out,
 * and only once the list is attached, so reading its options does not race its first render.
 */
export async function openList(page: Page, combobox: Locator): Promise<Locator> {
  if ((await combobox.getAttribute('aria-expanded')) !== 'true') await combobox.click();
  const id = await vi.waitUntil(() => combobox.getAttribute('aria-controls'), { timeout: 20_000, interval: 50 });
  const list = page.locator(`[id="${id}"]`);
  await list.waitFor();
  return list;
}

/** Picks an option of the combobox labelled `label` (inside `scope`), from that combobox's own list. */
export async function choose(page: Page, scope: Locator, label: string, option: string | RegExp): Promise<void> {
  const combobox = scope.getByRole('combobox', { name: new RegExp(`^${label}`) });
  const list = await openList(page, combobox);
  await list.getByRole('option', { name: option }).first().click();
}

/** Types into a searchable combobox (a patient picker) and picks the first option matching `option`. */
export async function searchAndChoose(
  page: Page,
  combobox: Locator,
  text: string,
  option: string | RegExp = text,
): Promise<void> {
  await combobox.fill(text);
  const list = await openList(page, combobox);
  // The options follow the typing (and the device's patient list, read in the background): wait for a match.
  await list.getByRole('option', { name: option }).first().click();
}

/**
 * Waits until the page has run every timer it had already set for `delayMs` or less. Browsers fire
 * timers of equal delay in the order they were set, so this is an ordering barrier, not a guess at a
 * duration: it returns right after a library's own `setTimeout(…, delayMs)` (set before this call) has run,
 * however slow the machine. Use it only where a library defers work by a fixed timer of its own.
 */
export async function afterPageTimers(page: Page, delayMs: number): Promise<void> {
  await page.evaluate((delay) => new Promise<void>((done) => setTimeout(done, delay)), delayMs);
}

/**
 * A busy day still has this many appointments to come: late in the practice's evening today's are all past
 * (the demo marks them completed), so the tests that act on scheduled cards move on to the next open day.
 */
export const BUSY_DAY_SCHEDULED = 12;

/**
 * Clicks a schedule card's '⋯' button, which is mounted only while the card is hovered or focused. A pull landing or
 * the waiting room above the grid changing size moves the card from under a still pointer and unmounts the button;
 * hover again and retry rather than wait on a button that is gone.
 */
export async function clickCardActions(card: Locator): Promise<void> {
  await card.scrollIntoViewIfNeeded();
  await expect
    .poll(
      async () => {
        await card.hover({ timeout: 5_000 }).catch(() => undefined);
        return card
          .getByRole('button', { name: /^Actions for/ })
          .click({ timeout: 5_000 })
          .then(() => true)
          .catch(() => false);
      },
      { timeout: 45_000 },
    )
    .toBe(true);
}

/** How many cards of the day shown are still scheduled. */
export function scheduledOnScreen(page: Page): Promise<number> {
  return page.locator('[data-testid="appointment-card"][data-status="scheduled"]').count();
}

/**
 * In-app navigation through the router's own history (popstate): a page load would lock the device's data
 * again. Waits for the path to change.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const state = (history.state ?? {}) as { __TSR_index?: number };
    history.pushState({ ...state, __TSR_index: (state.__TSR_index ?? 0) + 1, key: `${Date.now()}` }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
  const pathname = path.split('?')[0] ?? path;
  await page.waitForFunction((wanted) => location.pathname === wanted, pathname);
}

/** The main area has drawn its screen: a heading, no page loader, and what `extra` names. */
export async function mainScreenReady(page: Page, extra?: (page: Page) => Locator): Promise<void> {
  const main = page.getByRole('main');
  await main.locator('h1, h2, h3').first().waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
  if (extra) await extra(page).first().waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
  await page.waitForFunction(() => document.querySelectorAll('main [aria-label="Loading"]').length === 0, null, {
    timeout: FIRST_DATA_TIMEOUT_MS,
  });
}

/**
 * Chooses a language in the user menu (named in either language) and, unless told not to, waits for the page to
 * be in it. Should it not get there, the failure carries what the page logged as errors meanwhile (a catalogue
 * that did not load says so there).
 */
export async function chooseLanguage(
  page: Page,
  language: 'English' | 'Français',
  { wait = true }: { wait?: boolean } = {},
): Promise<void> {
  const errors: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(message.text());
  };
  page.on('console', onConsole);
  try {
    await page.getByRole('button', { name: /^(User menu|Menu de l'utilisateur)$/ }).click();
    await page.getByRole('menuitem', { name: language }).click();
    if (!wait) return;
    const lang = language === 'Français' ? 'fr' : 'en';
    await page
      .waitForFunction((wanted) => document.documentElement.lang === wanted, lang, { timeout: FIRST_DATA_TIMEOUT_MS })
      .catch((error: Error) => {
        throw new Error(`${error.message}; the page's errors meanwhile: ${errors.join(' | ') || 'none'}`);
      });
  } finally {
    page.off('console', onConsole);
  }
}

/** `text` as a regular expression that matches it literally (a name with a dot or brackets). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
