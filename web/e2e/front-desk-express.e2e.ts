import { addDays } from '@dental/domain/scheduling/booking-rules';
import { instantAt, localTime } from '@dental/domain/time/zones';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frontDeskView, openFrontDesk, VIEWPORTS } from './front-desk-page.ts';
import { isOpenDay, PRACTICE_TIME_ZONE, SYNC_TIMEOUT_MS, syncNow } from './helpers.ts';

// The front desk's express check-out (payment, rating, a follow-up that cannot be booked), a check-in offline, and
// every dialog at tablet size with its screenshots and accessibility scans. The full visit is in front-desk.e2e.ts.

let browser: Browser;
let context: BrowserContext;
let page: Page;
let date = '';

const {
  card,
  waitingRow,
  serverDay,
  serverAppointment,
  aScheduledAppointment,
  openCardMenu,
  shot,
  expectAccessibleDialog,
  choose,
  checkIn,
} = frontDeskView(
  () => page,
  () => date,
);

beforeAll(async () => {
  ({ browser, context, page, date } = await openFrontDesk());
});

afterAll(async () => {
  await context.close();
  await browser.close();
});

describe('front desk', () => {
  it('express check-out: completes the visit with payment and rating, and shows why the next visit could not be booked', async () => {
    const visit = await aScheduledAppointment();
    // The next visit's slot (four weeks on, same time, room and provider) is taken first, so the
    // follow-up must fail and the dialog must say so while the check-out itself completes.
    // When that day is a closed holiday, the follow-up fails by itself and needs no blocker.
    const nextDate = addDays(date, 28);
    if (isOpenDay(nextDate)) {
      const blocker = await page.request.post('/api/appointments', {
        data: {
          patientId: visit.patientId,
          providerId: visit.providerId,
          treatmentRoom: visit.treatmentRoom,
          appointmentDate: instantAt(
            nextDate,
            localTime(visit.appointmentDate, PRACTICE_TIME_ZONE),
            PRACTICE_TIME_ZONE,
          ),
          duration: 30,
          procedure: 'Cleaning',
          override: true,
        },
      });
      expect(blocker.status(), await blocker.text()).toBe(201);
    }
    await syncNow(page);
    await checkIn(visit.id);
    await openCardMenu(visit.id);
    await page.getByRole('menuitem', { name: 'Check Out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Express Check-Out' });
    expect(await dialog.getByLabel('Treatment completed').isChecked()).toBe(true);
    await shot('express-laptop-1-open');
    await dialog.getByLabel('Payment collected').check();
    await dialog.getByLabel('Amount').fill('85.5');
    await choose(dialog, 'Method', 'Card');
    // The star inputs are visually hidden behind their icons: click the fourth star itself.
    const fourth = await dialog.getByRole('radio', { name: '4 stars' }).getAttribute('id');
    await dialog.locator(`label[for="${fourth}"]`).click();
    await dialog.getByLabel('Book next appointment').check();
    await choose(dialog, 'Next appointment in', '4 weeks');
    await dialog.getByLabel('Quick notes').fill('Bring the night guard next time.');
    await shot('express-laptop-2-filled');
    await dialog.getByRole('button', { name: 'Express Check-Out' }).click();
    await page.getByText('Express Check-Out Complete').waitFor();

    await expect
      .poll(async () => (await serverAppointment(visit.id))?.status, { timeout: SYNC_TIMEOUT_MS })
      .toBe('completed');
    expect(await serverAppointment(visit.id)).toMatchObject({
      paymentCollected: true,
      paymentAmount: 85.5,
      paymentMethod: 'card',
      patientSatisfaction: 4,
      treatmentCompleted: true,
    });
    const result = dialog.getByTestId('check-out-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('Follow-up not booked');
    await shot('express-laptop-3-follow-up-failed');
    await result.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(
      (await serverDay(nextDate)).filter(
        (entry) => entry.patientId === visit.patientId && entry.appointmentType === 'follow-up',
      ),
    ).toEqual([]);
  });

  it('checks in while offline and reaches the server after reconnecting; payment waits for the connection', async () => {
    const visit = await aScheduledAppointment();
    // Back online whatever happens here: the next test must not inherit an offline device.
    await context.setOffline(true);
    try {
      await checkIn(visit.id, 'Private room');
      await expect.poll(async () => card(visit.id).getAttribute('data-status')).toBe('in-progress');
      expect(await waitingRow(visit.id).getByTestId('waiting-area').textContent()).toBe('Private room');
      await page.getByTestId('pending-count').waitFor();

      // Express check-out offline: the payment inputs are disabled and say why.
      await openCardMenu(visit.id);
      await page.getByRole('menuitem', { name: 'Check Out' }).click();
      const express = page.getByRole('dialog', { name: 'Express Check-Out' });
      await express.getByText('Payment can be recorded when the device is back online.').waitFor();
      expect(await express.getByLabel('Payment collected').isDisabled()).toBe(true);
      await shot('express-laptop-offline');
      await express.getByRole('button', { name: 'Cancel' }).click();
      // The test's own requests bypass the browser's offline switch: the server has not heard of it yet.
      expect((await serverAppointment(visit.id))?.status).toBe('scheduled');
    } finally {
      await context.setOffline(false);
    }
    await page.getByTestId('pending-count').waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await serverAppointment(visit.id))?.status, { timeout: SYNC_TIMEOUT_MS })
      .toBe('in-progress');
    expect((await serverAppointment(visit.id))?.waitingArea).toBe('private');
  });
});

describe('screenshots at tablet size', () => {
  it('shows each dialog at each step at 768×1024', async () => {
    await page.setViewportSize(VIEWPORTS.tablet);
    const visit = await aScheduledAppointment();
    await openCardMenu(visit.id);
    await page.getByRole('menuitem', { name: 'Check In' }).click();
    const checkInDialog = page.getByRole('dialog', { name: 'Quick Check-In' });
    await checkInDialog.waitFor();
    await shot('check-in-tablet-1-open');
    await expectAccessibleDialog();
    await checkInDialog.getByLabel('Insurance verified').check();
    await checkInDialog.getByLabel('Emergency contact confirmed').check();
    await checkInDialog.getByLabel('Medical history updated').check();
    await shot('check-in-tablet-2-verified');
    await checkInDialog.getByRole('button', { name: 'Complete Check-In' }).click();
    await waitingRow(visit.id).waitFor();
    await page.getByTestId('waiting-room').scrollIntoViewIfNeeded();
    await shot('waiting-room-tablet');
    await expectAccessibleDialog('[data-testid="waiting-room"]');

    await waitingRow(visit.id)
      .getByRole('button', { name: /^Check out/ })
      .click();
    const express = page.getByRole('dialog', { name: 'Express Check-Out' });
    await express.getByLabel('Payment collected').check();
    await shot('express-tablet-1-open');
    await expectAccessibleDialog();
    await express.getByRole('button', { name: 'Full Check-Out' }).click();
    const wizard = page.getByRole('dialog', { name: 'Check Out Patient' });
    await wizard.getByLabel('Treatment notes').waitFor();
    await shot('wizard-tablet-1-summary');
    await expectAccessibleDialog();
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await wizard.getByLabel('Schedule a follow-up appointment').check();
    await shot('wizard-tablet-2-follow-up');
    await expectAccessibleDialog();
    // The default slot may be taken by now; this visit needs no follow-up.
    await wizard.getByLabel('Schedule a follow-up appointment').uncheck();
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await wizard.getByLabel('Cleaning (6 months)').check();
    await shot('wizard-tablet-3-recalls');
    await expectAccessibleDialog();
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await wizard.getByText('Send satisfaction survey').waitFor();
    await shot('wizard-tablet-4-review');
    await expectAccessibleDialog();
    await wizard.getByRole('button', { name: 'Complete Check Out' }).click();
    await wizard.getByTestId('check-out-result').waitFor();
    await shot('wizard-tablet-5-done');
    await wizard.getByTestId('check-out-result').getByRole('button', { name: 'Close' }).click();
    await wizard.waitFor({ state: 'detached' });
    // Ten screenshots, each with an accessibility scan, through three dialogs.
  }, 300_000);
});
