import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { axeDialogEverywhere, axeReport } from './axe.ts';
import { launchBrowser, newContext } from './browser.ts';
import {
  chooseLanguage,
  FIRST_DATA_TIMEOUT_MS,
  readyForOffline,
  SYNC_TIMEOUT_MS,
  settled,
  signInOffline,
  signInToShell,
  syncNow,
} from './helpers.ts';

// Treatment planning as a dentist uses it on a tablet: a plan written from the fee schedule, its estimate,
// the patient's drawn signature, the printed plan; the planning assistant; the note library; an expired plan.

const SHOTS = resolve(import.meta.dirname, '../../screenshots/clinical');
const SIZES = [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
] as const;

interface ServerPlan {
  id: string;
  patientId: string;
  title: string;
  status: string;
  proposedAt: string;
  phases: { name: string; items: { code: string; tooth: string | null; surfaces: string[] }[] }[];
  signature: string | null;
}
interface ServerPatient {
  id: string;
  firstName: string;
  lastName: string;
}
interface ServerChart {
  teeth: {
    tooth: string;
    surfaces: Record<string, { layers: { condition: string | null; status: string }[] }>;
  }[];
}

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  context = await newContext(browser, SIZES[0]);
  page = await readyForOffline(context, 'doctor');
}, 240_000);

afterAll(async () => {
  await context.close();
  await browser.close();
});

async function getJson<T>(path: string): Promise<T> {
  const answer = await page.request.get(path);
  expect(answer.status(), `${path}: ${await answer.text()}`).toBe(200);
  return (await answer.json()) as T;
}

async function patients(): Promise<ServerPatient[]> {
  const answer = await getJson<ServerPatient[] | { patients?: ServerPatient[]; data?: ServerPatient[] }>(
    '/api/patients?limit=400',
  );
  return Array.isArray(answer) ? answer : (answer.patients ?? answer.data ?? []);
}

/** The page does not scroll sideways, and no serious colour or structure problem is in the main area. */
async function checkPage(): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(1);
  const scheme = await page.evaluate(() => document.documentElement.dataset.mantineColorScheme);
  expect(await axeReport(page, `${page.url()} ${scheme}`, { include: ['main'] })).toEqual([]);
}

/** Photographs the screen at both tablet and desktop sizes, light and dark, checking each. */
async function shoot(name: string, options: { print?: boolean } = {}): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, media: options.print ? 'print' : 'screen' });
      await settled(page);
      if (!options.print) await checkPage();
      await page.screenshot({ path: resolve(SHOTS, `${name}-${size.width}-${scheme}.png`) });
      // The printed page is black on white whatever the theme: one photograph per size is enough.
      if (options.print) break;
    }
  }
  await page.emulateMedia({ colorScheme: 'light', media: 'screen' });
  await page.setViewportSize(SIZES[0]);
}

/** Draws a signature-like scribble across the canvas with the mouse (pointer events, as a finger would). */
async function drawSignature(): Promise<void> {
  const pad = page.getByTestId('signature-pad');
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 30, y);
  await page.mouse.down();
  for (let step = 1; step <= 24; step++) {
    await page.mouse.move(box.x + 30 + step * ((box.width - 60) / 24), y + Math.sin(step / 2) * 30);
  }
  await page.mouse.up();
}

beforeEach(async () => {
  // A test that failed half-way may leave the page emulating print or dark.
  await page.emulateMedia({ colorScheme: 'light', media: 'screen' });
  await page.setViewportSize(SIZES[0]);
});

describe('treatment plans', () => {
  let patient: ServerPatient;

  it('creates a plan from the fee schedule, shows the estimate, and accepts it with a drawn signature', async () => {
    const all = await patients();
    patient = all[3] as ServerPatient;
    await page.goto(`/treatment-plans?patientId=${patient.id}&planId=new`);
    const editor = page.getByTestId('plan-editor');
    await editor.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    await expect.poll(() => page.getByTestId('sample-fees').first().textContent()).toContain('Sample fee schedule');
    await editor.getByLabel('Plan title').fill('Restore lower left');

    // Two procedures from the schedule: a three-surface posterior composite on 36 and a ceramic crown on 46.
    const add = editor.getByRole('combobox', { name: 'Add a procedure to phase 1' });
    await add.fill('RES-P3');
    await page.getByRole('option', { name: /^RES-P3 · / }).click();
    await add.fill('CRN-CER');
    await page.getByRole('option', { name: /^CRN-CER · / }).click();
    await editor.getByLabel('Tooth of RES-P3').fill('36');
    await editor.getByLabel('Surfaces of RES-P3').fill('mod');
    await editor.getByLabel('Tooth of CRN-CER').fill('46');

    // $235.00 at 80 % and $1,200.00 at 50 %: insurance $188.00 + $600.00, the patient $47.00 + $600.00.
    const total = page.getByTestId('estimate-total');
    await expect.poll(() => total.textContent()).toContain('$1,435.00');
    expect(await total.textContent()).toContain('$788.00');
    expect(await total.textContent()).toContain('$647.00');

    await editor.getByRole('button', { name: 'Create plan' }).click();
    await page.waitForURL(/planId=[0-9a-f-]{36}/);
    await expect.poll(() => page.getByTestId('plan-status').textContent()).toBe('Proposed');
    await shoot('plan-proposed');

    // The dialog is scanned at rest: a dialog mid-fade shows colours it never stays at.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.getByRole('button', { name: 'Accept with signature' }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept the treatment plan' });
    await dialog.waitFor();
    await expect
      .poll(() => dialog.getByLabel('Signed by').inputValue())
      .toBe(`${patient.firstName} ${patient.lastName}`);
    expect(await dialog.getByRole('button', { name: 'Accept plan' }).isDisabled()).toBe(true);
    // A finger on a tablet: touch pointer events draw as well; Clear starts again.
    await page.getByTestId('signature-pad').evaluate((canvas) => {
      const box = canvas.getBoundingClientRect();
      const at = (type: string, x: number) =>
        canvas.dispatchEvent(
          new PointerEvent(type, {
            pointerId: 7,
            pointerType: 'touch',
            isPrimary: true,
            bubbles: true,
            clientX: box.left + x,
            clientY: box.top + box.height / 2,
          }),
        );
      at('pointerdown', 20);
      for (let x = 30; x < 200; x += 10) at('pointermove', x);
      at('pointerup', 200);
    });
    await dialog.getByText('Signature drawn.').waitFor();
    await dialog.getByRole('button', { name: 'Clear' }).click();
    await dialog.getByText('Sign in the box above.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Accept plan' }).isDisabled()).toBe(true);
    await drawSignature();
    expect(await axeDialogEverywhere(page, 'accept the treatment plan', dialog)).toEqual([]);
    await shoot('plan-signature');
    await dialog.getByRole('button', { name: 'Accept plan' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect.poll(() => page.getByTestId('plan-status').textContent()).toBe('Accepted');
    await page.getByTestId('plan-signature').waitFor();

    // The server has it, accepted, with the PNG of the signature and the surfaces read the domain's way.
    await syncNow(page);
    const planId = new URL(page.url()).searchParams.get('planId');
    await expect
      .poll(
        async () => {
          const plans = await getJson<ServerPlan[]>(`/api/treatment-plans?patientId=${patient.id}`);
          const plan = plans.find((candidate) => candidate.id === planId);
          return plan && { status: plan.status, png: plan.signature?.startsWith('data:image/png;base64,') };
        },
        { timeout: SYNC_TIMEOUT_MS },
      )
      .toEqual({ status: 'accepted', png: true });
    const plans = await getJson<ServerPlan[]>(`/api/treatment-plans?patientId=${patient.id}`);
    const saved = plans.find((candidate) => candidate.id === planId);
    expect(saved?.phases[0]?.items.map((item) => [item.code, item.tooth, item.surfaces.join('')])).toEqual([
      ['RES-P3', '36', 'MOD'],
      ['CRN-CER', '46', ''],
    ]);
    await shoot('plan-accepted');
  }, 300_000);

  it('prints the plan: practice, patient, phases, estimate and signature on a white page', async () => {
    const print = page.getByTestId('plan-print');
    expect(await print.isVisible()).toBe(false);
    await page.emulateMedia({ media: 'print' });
    await print.waitFor({ state: 'visible' });
    const text = (await print.textContent()) ?? '';
    expect(text).toContain(`Patient: ${patient.firstName} ${patient.lastName}`);
    expect(text).toContain('Restore lower left');
    expect(text).toContain('RES-P3');
    expect(text).toContain('$1,435.00');
    expect(text).toContain('Sample fee schedule');
    expect(await print.locator('img').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    // Nothing of the app around it is printed.
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(false);
    await shoot('plan-print', { print: true });
    const hint = await page.getByRole('button', { name: 'Print or PDF' }).isVisible();
    expect(hint).toBe(true);
    expect(await page.getByText('To save as PDF, choose “Save as PDF” as the printer').isVisible()).toBe(true);
  }, 120_000);

  it('shows a seeded plan proposed more than 90 days ago as Expired, with the way forward', async () => {
    const plans = await getJson<ServerPlan[]>('/api/treatment-plans');
    const expired = plans.find(
      (plan) => plan.status === 'proposed' && Date.now() - Date.parse(plan.proposedAt) > 91 * 86_400_000,
    );
    expect(expired, 'the seed has a plan proposed more than 90 days ago').toBeDefined();
    if (!expired) return;
    await page.goto(`/treatment-plans?patientId=${expired.patientId}&planId=${expired.id}`);
    await expect
      .poll(() => page.getByTestId('plan-status').textContent(), { timeout: FIRST_DATA_TIMEOUT_MS })
      .toBe('Expired');
    await page.getByTestId('plan-expired').getByText('expired after 90 days').waitFor();
    expect(await page.getByRole('button', { name: 'Accept with signature' }).count()).toBe(0);
    await shoot('plan-expired');
    await page.getByRole('button', { name: 'Propose again' }).click();
    // The same plan, its 90 days restarted (on the device at once, on the server after the push).
    await expect.poll(() => page.getByTestId('plan-status').textContent()).toBe('Proposed');
    expect(new URL(page.url()).searchParams.get('planId')).toBe(expired.id);
    await page.getByRole('button', { name: 'Accept with signature' }).waitFor();
    await syncNow(page);
    await expect
      .poll(
        async () => {
          const plan = (await getJson<ServerPlan[]>(`/api/treatment-plans?patientId=${expired.patientId}`)).find(
            (candidate) => candidate.id === expired.id,
          );
          return plan ? Date.now() - Date.parse(plan.proposedAt) < 3_600_000 : false;
        },
        { timeout: SYNC_TIMEOUT_MS },
      )
      .toBe(true);
  }, 180_000);

  it('lists the practice plans with their status when no patient is chosen', async () => {
    await page.goto('/treatment-plans');
    await page.getByTestId('practice-plan-row').first().waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    await shoot('plans-practice');
  }, 120_000);
});

describe('treatment planning assistant', () => {
  it('suggests a restoration for seeded caries, explains the rule, and adds it to a plan in one click', async () => {
    // A seeded patient with caries on a surface and no restoration planned there.
    // Every third seeded proposal for current caries is older than 90 days (the showcase patient's always is):
    // those patients come first, since an expired proposal leaves their caries unplanned.
    const expired = (await getJson<ServerPlan[]>('/api/treatment-plans')).filter(
      (plan) => plan.status === 'proposed' && Date.now() - Date.parse(plan.proposedAt) >= 90 * 86_400_000,
    );
    const everyone = await getJson<ServerPatient[]>('/api/patients?limit=10000&status=all');
    const byId = new Map(everyone.map((patient) => [patient.id, patient]));
    const candidates = [...new Set(expired.map((plan) => plan.patientId))]
      .map((id) => byId.get(id))
      .filter((patient) => patient !== undefined);
    let found: { patient: ServerPatient; tooth: string } | null = null;
    for (const candidate of candidates.slice(0, 100)) {
      const chart = await getJson<ServerChart>(`/api/clinical-charts/${candidate.id}`);
      const carious = chart.teeth.find((tooth) =>
        Object.values(tooth.surfaces).some(
          (mark) =>
            mark.layers.some((layer) => layer.condition === 'caries' && layer.status === 'existing') &&
            !mark.layers.some((layer) => layer.condition === 'restoration' && layer.status !== 'existing'),
        ),
      );
      if (!carious) continue;
      // The seed's own plans may already propose that restoration: the assistant then shows it as in a plan.
      const plans = await getJson<ServerPlan[]>(`/api/treatment-plans?patientId=${candidate.id}`);
      // Every third seeded proposal is older than 90 days: expired, it no longer counts as planned.
      const live = plans.filter(
        (plan) => plan.status !== 'proposed' || Date.now() - Date.parse(plan.proposedAt) < 90 * 86_400_000,
      );
      if (live.some((plan) => plan.phases.some((phase) => phase.items.some((item) => item.tooth === carious.tooth))))
        continue;
      found = { patient: candidate, tooth: carious.tooth };
      break;
    }
    expect(found, 'the seed charts caries for some patients').not.toBeNull();
    if (!found) return;
    await page.goto(`/treatment-planning-assistant?patientId=${found.patient.id}`);
    const card = page.locator(
      `[data-testid="suggestion"][data-rule="caries-restoration"][data-tooth="${found.tooth}"]`,
    );
    await card.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    expect(await card.textContent()).toMatch(new RegExp(`Caries on [MOIDBL]+ of ${found.tooth}: a \\d-surface`));
    expect(await card.textContent()).toContain('Rule: caries-restoration');
    await shoot('assistant');
    await card
      .getByRole('button', { name: /^Add .+ to a plan$/ })
      .first()
      .click();
    await card.getByTestId('in-plan').waitFor();
    const code = await card.getByTestId('suggestion-option').first().locator('span').first().textContent();

    // The plan the item went to has it, for that tooth.
    await page.goto(`/treatment-plans?patientId=${found.patient.id}`);
    await page.locator(`[data-testid="plan-item"][data-code="${code}"]`).first().waitFor();

    // Dismissed suggestions stay dismissed on this device.
    await page.goto(`/treatment-planning-assistant?patientId=${found.patient.id}`);
    await card.waitFor();
    const before = await page.getByTestId('suggestion').count();
    await card.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => page.getByTestId('suggestion').count()).toBe(before - 1);
    await page.reload();
    await page
      .getByRole('heading', { name: 'Treatment Planning Assistant' })
      .waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    await page.getByRole('button', { name: 'Show 1 dismissed' }).waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
  }, 300_000);
});

describe('treatment note library', () => {
  it('edits a template, adds one and deactivates it', async () => {
    await page.goto('/treatment-note-library');
    await page
      .getByRole('link', { name: 'Composite restoration' })
      .or(page.getByText('Composite restoration'))
      .first()
      .click({
        timeout: FIRST_DATA_TIMEOUT_MS,
      });
    const editor = page.getByTestId('template-editor');
    const body = editor.getByLabel('Template');
    await body.fill(`${await body.inputValue()}\nRubber dam: yes.`);
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Template saved').first().waitFor();
    await shoot('library');

    await page.getByRole('button', { name: 'New template' }).click();
    await editor.getByLabel('Name').fill('Emergency visit');
    await editor.getByLabel('Category').fill('Examination');
    await editor.getByRole('button', { name: 'Add template' }).click();
    await page.getByTestId('template-link').filter({ hasText: 'Emergency visit' }).waitFor();
    await editor.getByRole('button', { name: 'Deactivate' }).click();
    await expect.poll(() => page.getByTestId('template-link').filter({ hasText: 'Emergency visit' }).count()).toBe(0);

    // The server has the edit.
    await syncNow(page);
    await expect
      .poll(
        async () => {
          const templates = await getJson<{ name: string; body: string; active: boolean }[]>('/api/note-templates');
          return [
            templates.find((template) => template.name === 'Composite restoration')?.body.endsWith('Rubber dam: yes.'),
            templates.find((template) => template.name === 'Emergency visit')?.active,
          ];
        },
        { timeout: SYNC_TIMEOUT_MS },
      )
      .toEqual([true, false]);
  }, 180_000);
});

describe('offline', () => {
  it('writes a plan offline, keeps it through a reload, and the server has it once back online', async () => {
    const patient = (await patients())[7] as ServerPatient;
    await context.setOffline(true);
    await page.goto(`/treatment-plans?patientId=${patient.id}&planId=new`).catch(() => undefined);
    if (await page.getByRole('heading', { name: 'Sign In' }).isVisible()) await signInOffline(page, 'doctor');
    const editor = page.getByTestId('plan-editor');
    await editor.waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
    await editor.getByLabel('Plan title').fill('Offline plan');
    const add = editor.getByRole('combobox', { name: 'Add a procedure to phase 1' });
    await add.fill('PERIO-SRP');
    await page.getByRole('option', { name: /^PERIO-SRP · / }).click();
    await editor.getByRole('button', { name: 'Create plan' }).click();
    await page.waitForURL(/planId=[0-9a-f-]{36}/);
    const planId = new URL(page.url()).searchParams.get('planId');

    await page.reload();
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await signInOffline(page, 'doctor');
    await expect
      .poll(() => page.getByTestId('plan-status').textContent(), { timeout: FIRST_DATA_TIMEOUT_MS })
      .toBe('Proposed');
    expect(await page.getByTestId('plan-item').count()).toBe(1);
    await page.getByTestId('plan-pending').waitFor();

    await context.setOffline(false);
    await expect
      .poll(
        async () => {
          try {
            const plans = await getJson<ServerPlan[]>(`/api/treatment-plans?patientId=${patient.id}`);
            return plans.find((plan) => plan.id === planId)?.title ?? null;
          } catch {
            return null;
          }
        },
        { timeout: SYNC_TIMEOUT_MS },
      )
      .toBe('Offline plan');
    await page.getByTestId('plan-pending').waitFor({ state: 'detached', timeout: SYNC_TIMEOUT_MS });
  }, 300_000);
});

/** Texts a box cuts off (its content wider than itself), and whether the page scrolls sideways. */
async function layoutProblems(): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) problems.push(`page scrolls sideways (${root.scrollWidth}px)`);
    const selectors =
      '.mantine-Button-label, .mantine-InputWrapper-label, .mantine-Badge-label, .mantine-NavLink-label, th';
    for (const element of document.querySelectorAll<HTMLElement>(selectors)) {
      if (!element.offsetParent || !element.textContent?.trim()) continue;
      const style = getComputedStyle(element);
      const clips = style.overflow !== 'visible' || style.textOverflow === 'ellipsis';
      if (clips && element.scrollWidth > element.clientWidth + 1)
        problems.push(`cut off: "${element.textContent.trim()}"`);
    }
    return problems;
  });
}

describe('in French at 1024×768', () => {
  // A device of its own, signed in online: the tests before leave theirs after an offline sign-in and a reload.
  beforeAll(async () => {
    await context.close();
    context = await newContext(browser, SIZES[0]);
    page = await context.newPage();
    await signInToShell(page, 'doctor');
  }, 240_000);

  it('plans, the assistant and the library fit without cutting a label', async () => {
    await chooseLanguage(page, 'Français');
    const plans = await getJson<ServerPlan[]>('/api/treatment-plans');
    const accepted = plans.find((plan) => plan.status === 'accepted') ?? (plans[0] as ServerPlan);
    const screens = [
      [`/treatment-plans?patientId=${accepted.patientId}&planId=${accepted.id}`, 'plan-editor'],
      [`/treatment-plans?patientId=${accepted.patientId}&planId=new`, 'plan-editor'],
      [`/treatment-planning-assistant?patientId=${accepted.patientId}`, 'sample-fees'],
      ['/treatment-note-library', 'template-link'],
    ] as const;
    for (const [index, [path, testId]] of screens.entries()) {
      await page.goto(path);
      await page.getByTestId(testId).first().waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
      if (testId === 'template-link') await page.getByTestId(testId).first().click();
      await settled(page);
      await page.screenshot({ path: resolve(SHOTS, `fr-${index + 1}.png`) });
      expect(await layoutProblems(), path).toEqual([]);
    }
  }, 240_000);
});
