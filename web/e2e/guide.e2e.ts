// The floating guide (issue 18 point 7, spec 4): opened from the header's Guides menu, followed step by step
// over the real screens, dragged, minimised, sent to another screen, and run to 100%.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from './helpers.ts';
import { openSchedule, scheduleView } from './schedule-page.ts';

const SHOTS = resolve(import.meta.dirname, '../../screenshots');
const EDGE_PX = 10;

let browser: Browser;
let context: BrowserContext;
let page: Page;
const view = scheduleView(() => page);

beforeAll(async () => {
  ({ browser, context, page } = await openSchedule());
  mkdirSync(SHOTS, { recursive: true });
  await view.toBusyDay();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const guide = () => page.getByTestId('floating-guide');
const stepCount = () => guide().getByTestId('guide-step-count').innerText();
const stepTitle = () => guide().getByTestId('guide-step-title').innerText();
const progress = () => guide().getByTestId('guide-progress').getAttribute('data-value');
const highlighted = () => page.getByTestId('guide-highlight').getAttribute('data-target');
const button = (name: string) => guide().getByRole('button', { name, exact: true });

async function openGuide(title: string): Promise<void> {
  await page.getByRole('button', { name: 'Guides', exact: true }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${title}`) }).click();
  await guide().waitFor();
}

/** The highlight's ring drawn around the element, within its padding and border. */
async function ringAround(target: Locator): Promise<void> {
  await expect
    .poll(async () => {
      const ring = await page.getByTestId('guide-highlight').boundingBox();
      const box = await target.boundingBox();
      if (!ring || !box) return false;
      const near = (a: number, b: number) => Math.abs(a - b) <= 6;
      return (
        near(ring.x, box.x - 4) &&
        near(ring.y, box.y - 4) &&
        near(ring.width, box.width + 8) &&
        near(ring.height, box.height + 8)
      );
    })
    .toBe(true);
}

async function viewportSize(): Promise<{ width: number; height: number }> {
  return page.evaluate(() => ({
    width: document.documentElement.clientWidth,
    height: document.documentElement.clientHeight,
  }));
}

async function dragHeader(to: { x: number; y: number }): Promise<void> {
  const header = guide().getByTestId('guide-handle');
  const box = await header.boundingBox();
  if (!box) throw new Error('no guide header');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}

describe('the floating guide', () => {
  it('opens from the Guides menu on step 1, with the grid highlighted, and announces the step', async () => {
    await openGuide('Book an appointment');
    expect(await guide().getAttribute('role')).toBe('dialog');
    await page.getByRole('dialog', { name: 'Book an appointment' }).waitFor();
    expect(await stepCount()).toBe('Step 1 of 5');
    expect(await stepTitle()).toBe('Open the Daily Schedule');
    await expect.poll(highlighted).toBe('schedule-grid');
    await ringAround(page.getByTestId('schedule-grid'));
    await expect
      .poll(() => page.getByTestId('guide-announcer').innerText())
      .toBe('Book an appointment, step 1 of 5: Open the Daily Schedule');
    expect(await progress()).toBe('0');
    // Non-modal: the schedule stays usable under it.
    await page.getByRole('button', { name: 'Next day' }).isEnabled();
  });

  it('goes next and back, and jumps by its dots', async () => {
    await button('Next').click();
    await expect.poll(stepCount).toBe('Step 2 of 5');
    await expect.poll(highlighted).toBe('schedule-new-appointment');
    await ringAround(page.getByRole('button', { name: 'New Appointment' }));
    await button('Previous').click();
    await expect.poll(stepCount).toBe('Step 1 of 5');
    const dots = guide().getByTestId('guide-dot');
    expect(await dots.count()).toBe(5);
    await dots.nth(3).click();
    await expect.poll(stepTitle).toBe('Check for conflicts');
    expect(await dots.nth(3).getAttribute('aria-current')).toBe('step');
    // The form is not open: the guide says so rather than ringing nothing.
    await guide().getByTestId('guide-not-shown').waitFor();
    expect(await page.getByTestId('guide-highlight').count()).toBe(0);
    await dots.first().click();
    await expect.poll(stepCount).toBe('Step 1 of 5');
    expect(await button('Previous').isDisabled()).toBe(true);
  });

  it('marks a step complete and moves on after about half a second; clicking the asked-for button completes its step', async () => {
    const started = Date.now();
    await button('Mark complete').click();
    expect(await progress()).toBe('20');
    expect(await stepCount()).toBe('Step 1 of 5');
    await expect.poll(stepCount, { interval: 20 }).toBe('Step 2 of 5');
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(450);
    expect(waited).toBeLessThan(5_000);

    // Step 2 asks for New Appointment: pressing the real button completes it.
    await page.getByRole('button', { name: 'New Appointment' }).click();
    const form = page.getByRole('dialog', { name: 'New Appointment' });
    await form.waitFor();
    await expect.poll(stepTitle).toBe('Fill in the form');
    expect(await progress()).toBe('40');
    await expect.poll(highlighted).toBe('appointment-form');
    await ringAround(page.locator('[data-guide="appointment-form"]'));
    await settled(page);
    await page.screenshot({ path: resolve(SHOTS, 'guide-over-booking-form.png') });

    // The card works beside the open dialog.
    await button('Mark complete').click();
    await expect.poll(stepTitle).toBe('Check for conflicts');
    await button('Mark complete').click();
    await expect.poll(stepTitle).toBe('Book it');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
  });

  it('runs to 100% on the last step', async () => {
    await expect.poll(highlighted).toBe('schedule-grid');
    await button('Mark complete').click();
    await expect.poll(progress).toBe('100');
    await guide().getByText('All steps complete').waitFor();
    expect(await stepCount()).toBe('Step 5 of 5');
    expect(await button('Completed').isDisabled()).toBe(true);
    expect(await button('Next').isDisabled()).toBe(true);
    await expect
      .poll(() => page.getByTestId('guide-announcer').innerText())
      .toBe('Book an appointment: all steps complete');
    expect(
      await guide()
        .getByTestId('guide-dot')
        .evaluateAll((dots) => dots.every((dot) => dot.hasAttribute('data-completed'))),
    ).toBe(true);
  });

  it(`is dragged by its header and stays ${EDGE_PX} px inside the viewport; arrow keys move it too`, async () => {
    const viewport = await viewportSize();
    await dragHeader({ x: -50, y: -50 });
    await expect.poll(async () => (await guide().boundingBox())?.x).toBe(EDGE_PX);
    expect((await guide().boundingBox())?.y).toBe(EDGE_PX);

    await dragHeader({ x: viewport.width + 200, y: viewport.height + 200 });
    await expect
      .poll(async () => {
        const box = await guide().boundingBox();
        return box ? [Math.round(box.x + box.width), Math.round(box.y + box.height)] : null;
      })
      .toEqual([viewport.width - EDGE_PX, viewport.height - EDGE_PX]);

    await dragHeader({ x: viewport.width / 2, y: viewport.height / 3 });
    const before = await guide().boundingBox();
    const handle = guide().getByTestId('guide-handle');
    await handle.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => (await guide().boundingBox())?.x).toBe((before?.x ?? 0) - 20);
    expect((await guide().boundingBox())?.y).toBe((before?.y ?? 0) - 10);
  });

  it('minimises to a pill that restores it where it was, and resets', async () => {
    const before = await guide().boundingBox();
    await button('Minimise the guide').click();
    const pill = page.getByTestId('guide-pill');
    await pill.waitFor();
    expect(await guide().count()).toBe(0);
    expect(await page.getByTestId('guide-highlight').count()).toBe(0);
    expect(await pill.innerText()).toContain('5/5');
    await pill.click();
    await guide().waitFor();
    expect(await stepCount()).toBe('Step 5 of 5');
    expect(await progress()).toBe('100');
    expect(await guide().boundingBox()).toEqual(before);

    await button('Reset').click();
    await expect.poll(stepCount).toBe('Step 1 of 5');
    expect(await progress()).toBe('0');
  });

  it('takes pictures of the guide over the schedule, light and dark', async () => {
    await button('Next').click();
    await expect.poll(highlighted).toBe('schedule-new-appointment');
    await page.mouse.move(0, 0);
    await settled(page);
    await page.screenshot({ path: resolve(SHOTS, 'guide-over-schedule-light.png') });
    await page.getByRole('button', { name: /^Theme: / }).click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await page.mouse.move(0, 0);
    await settled(page);
    await page.screenshot({ path: resolve(SHOTS, 'guide-over-schedule-dark.png') });
    await page.getByRole('button', { name: /^Theme: / }).click();
    await page.getByRole('menuitem', { name: 'System' }).click();
  });

  it("offers 'Go there' for a step on another screen, keeps its place across screens, and closes", async () => {
    await openGuide('Add a new patient');
    expect(await stepTitle()).toBe('Open New Patient');
    expect(await progress()).toBe('0');
    await button('Go there').click();
    await page.waitForURL(/\/patients(\?|$)/);
    await expect.poll(highlighted).toBe('patients-new-patient');
    await ringAround(page.getByRole('button', { name: 'New Patient', exact: true }));
    expect(await button('Go there').count()).toBe(0);

    await page.getByRole('button', { name: 'New Patient', exact: true }).click();
    await expect.poll(stepTitle).toBe('Personal and contact details');
    await expect.poll(highlighted).toBe('new-patient-wizard');
    const wizard = page.getByRole('dialog', { name: 'New Patient', exact: true });
    await wizard.getByRole('button', { name: 'Cancel' }).click();
    await wizard.waitFor({ state: 'detached' });

    await button('Close the guide').click();
    await guide().waitFor({ state: 'detached' });
    expect(await page.getByTestId('guide-highlight').count()).toBe(0);
    expect(await page.getByTestId('guide-announcer').innerText()).toBe('');
  });
});
