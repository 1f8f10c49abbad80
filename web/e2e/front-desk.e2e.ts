import { addDays } from '@dental/domain/scheduling/booking-rules';
import { localTime } from '@dental/domain/time/zones';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMonths,
  frontDeskView,
  openFrontDesk,
  type ServerAppointment,
  type StaffMember,
} from './front-desk-page.ts';
import { escapeRegExp, openDayFrom, PRACTICE_TIME_ZONE, SYNC_TIMEOUT_MS } from './helpers.ts';

// The front desk: one visit from quick check-in (its verifications, the waiting area) to the full check-out wizard
// (the follow-up, two recalls, the survey) and what it left on the grid and the patient's page. The check-out uses
// the patient the check-in took. The express check-out, offline check-in and tablet screenshots are in
// front-desk-express.e2e.ts.

let browser: Browser;
let context: BrowserContext;
let page: Page;
let date = '';

const {
  openArea,
  card,
  waitingRow,
  goToDate,
  serverDay,
  serverAppointment,
  aScheduledAppointment,
  openCardMenu,
  shot,
  choose,
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
  let checkedIn: ServerAppointment;

  it('quick check-in: Complete Check-In waits for the three required verifications; the patient then waits in the chosen area', async () => {
    checkedIn = await aScheduledAppointment();
    await openCardMenu(checkedIn.id);
    await page.getByRole('menuitem', { name: 'Check In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Quick Check-In' });
    await dialog.getByText('Complete all required verifications for full check-in.').waitFor();
    const complete = dialog.getByRole('button', { name: 'Complete Check-In' });
    expect(await complete.isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Quick Check-In' }).isEnabled()).toBe(true);
    expect(await dialog.getByLabel('Arrival time').inputValue()).toMatch(/^\d{2}:\d{2}$/);
    await shot('check-in-laptop-1-open');

    await choose(dialog, 'Waiting area', 'Pediatric area');
    await dialog.getByLabel('Insurance verified').check();
    await dialog.getByLabel('Emergency contact confirmed').check();
    expect(await complete.isDisabled()).toBe(true);
    await dialog.getByLabel('Medical history updated').check();
    await expect.poll(() => complete.isEnabled()).toBe(true);
    await dialog.getByText('Complete all required verifications for full check-in.').waitFor({ state: 'detached' });
    await dialog.getByLabel('Special instructions').fill('Needs a booster seat');
    await shot('check-in-laptop-2-verified');
    await complete.click();

    await page.getByText('Quick Check-In Complete').waitFor();
    await expect.poll(async () => card(checkedIn.id).getAttribute('data-status')).toBe('in-progress');
    const row = waitingRow(checkedIn.id);
    await row.waitFor();
    expect(await row.getByTestId('waiting-area').textContent()).toBe('Pediatric area');
    expect(await row.getByTestId('waiting-minutes').textContent()).toMatch(/^\d+ min$/);
    expect(await row.textContent()).toContain(checkedIn.patientName);
    await shot('waiting-room-laptop');

    await expect
      .poll(async () => (await serverAppointment(checkedIn.id))?.status, { timeout: SYNC_TIMEOUT_MS })
      .toBe('in-progress');
    expect(await serverAppointment(checkedIn.id)).toMatchObject({
      waitingArea: 'pediatric',
      insuranceVerified: true,
      arrivalTime: expect.stringMatching(/^\d{2}:\d{2}$/),
    });
  });

  it('full check-out: books the follow-up, records two recalls and the survey, then shows what it did', async () => {
    await waitingRow(checkedIn.id)
      .getByRole('button', { name: `Check out ${checkedIn.patientName}` })
      .click();
    const express = page.getByRole('dialog', { name: 'Express Check-Out' });
    await express.getByRole('button', { name: 'Full Check-Out' }).click();
    const wizard = page.getByRole('dialog', { name: 'Check Out Patient' });
    await wizard.getByText(checkedIn.patientName).first().waitFor();
    expect(await wizard.getByRole('button', { name: 'Previous', exact: true }).isDisabled()).toBe(true);
    await wizard.getByLabel('Treatment notes').fill('Two fillings, upper left.');
    await shot('wizard-laptop-1-summary');
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();

    // Step 2: a follow-up two weeks on, at the first time that is free for a doctor or hygienist. The
    // wizard checks each pick against the device; the server's free slots (the same rules, the same data:
    // the device is synced) say which pick must pass, so the test waits for that answer, not for a time.
    await wizard.getByLabel('Schedule a follow-up appointment').check();
    const next = wizard.getByRole('button', { name: 'Next', exact: true });
    const problem = wizard.getByTestId('follow-up-problem');
    // The wizard offers two weeks on, or the next day the practice opens (a Sunday, a closed holiday).
    const followUpDate = openDayFrom(addDays(date, 14));
    const room = ((await wizard.getByRole('combobox', { name: /^Room/ }).inputValue()).split(' · ')[0] ?? '').trim();
    const duration = Number.parseInt(await wizard.getByRole('combobox', { name: /^Duration/ }).inputValue(), 10);
    const staff = (await (await page.request.get('/api/users')).json()) as StaffMember[];
    const eligible = staff.filter((member) => ['doctor', 'hygienist'].includes(member.role));
    const { slots } = (await (
      await page.request.get(`/api/appointments/available-slots?date=${followUpDate}&duration=${duration}`)
    ).json()) as { slots: { time: string; room: string; providerIds: number[] }[] };
    const free = slots.find(
      (slot) =>
        slot.room === room && slot.time >= '09:00' && eligible.some((member) => slot.providerIds.includes(member.id)),
    );
    const provider = eligible.find((member) => free?.providerIds.includes(member.id));
    if (!free || !provider) throw new Error(`no free follow-up slot in ${room} on ${followUpDate}`);
    await choose(wizard, 'Provider', new RegExp(`^${escapeRegExp(provider.displayName)}$`));
    // A taken slot (the provider or the room already booked) says why in the schedule's words.
    const taken = (await serverDay(followUpDate)).find(
      (entry) =>
        entry.status === 'scheduled' &&
        (entry.treatmentRoom === room || entry.providerId === provider.id) &&
        localTime(entry.appointmentDate, PRACTICE_TIME_ZONE) >= '09:00',
    );
    if (taken) {
      await choose(wizard, 'Time', new RegExp(`^${localTime(taken.appointmentDate, PRACTICE_TIME_ZONE)}$`));
      await expect.poll(() => problem.textContent()).toMatch(/booked|conflicts|seeing|unavailable|absent/i);
      await expect.poll(() => next.isDisabled()).toBe(true);
    }
    const followUpTime = free.time;
    await choose(wizard, 'Time', new RegExp(`^${followUpTime}$`));
    await expect.poll(() => problem.count()).toBe(0);
    await expect.poll(() => next.isEnabled()).toBe(true);
    await shot('wizard-laptop-2-follow-up');
    await next.click();

    // Step 3: two recalls, due from the visit date.
    await wizard.getByLabel('Cleaning (6 months)').check();
    await wizard.getByLabel('Fluoride (3 months)').check();
    await shot('wizard-laptop-3-recalls');
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();

    // Step 4: review, survey by text, visit rated good.
    await wizard.getByText('Send satisfaction survey').waitFor();
    expect(await wizard.getByLabel('Send satisfaction survey').isChecked()).toBe(true);
    await wizard.getByText('Text message').click();
    await wizard.getByText('Good', { exact: true }).click();
    await shot('wizard-laptop-4-review');
    await wizard.getByRole('button', { name: 'Complete Check Out' }).click();

    await page.getByText('Patient Checked Out Successfully').waitFor();
    const result = wizard.getByTestId('check-out-result');
    await result.waitFor();
    const parts = result.getByTestId('check-out-part');
    expect(await parts.count()).toBe(4);
    expect(await result.locator('[data-testid="check-out-part"][data-ok="false"]').count()).toBe(0);
    await shot('wizard-laptop-5-done');
    await result.getByRole('button', { name: 'Close' }).click();
    await wizard.waitFor({ state: 'detached' });

    await expect
      .poll(async () => (await serverAppointment(checkedIn.id))?.status, { timeout: SYNC_TIMEOUT_MS })
      .toBe('completed');
    expect(await serverAppointment(checkedIn.id)).toMatchObject({ visitRating: 'good', treatmentCompleted: true });

    // The follow-up is on the grid two weeks on, and on the server.
    await goToDate(followUpDate);
    await expect
      .poll(
        async () =>
          (await serverDay(followUpDate)).find(
            (entry) => entry.patientId === checkedIn.patientId && entry.appointmentType === 'follow-up',
          )?.id,
        { timeout: SYNC_TIMEOUT_MS },
      )
      .toBeTruthy();
    const followUp = (await serverDay(followUpDate)).find(
      (entry) => entry.patientId === checkedIn.patientId && entry.appointmentType === 'follow-up',
    );
    await card(followUp?.id ?? '').waitFor();
    expect(await card(followUp?.id ?? '').getAttribute('data-time')).toBe(followUpTime);
    await goToDate(date);

    // The recalls and the survey are on the patient's page.
    const search = page.locator('input[aria-label="Search patients"]');
    await search.fill(`${checkedIn.patient.firstName} ${checkedIn.patient.lastName}`);
    await page
      .getByTestId('quick-search-option')
      .filter({ hasText: `${checkedIn.patient.lastName}, ${checkedIn.patient.firstName}` })
      .first()
      .click();
    await page.waitForURL(`**/patients/${checkedIn.patientId}`);
    await page.getByRole('tab', { name: 'Recalls' }).click();
    const recalls = page.getByRole('table', { name: 'Recalls' });
    await recalls.waitFor();
    // The demo may already hold a recall of the patient: the check-out's are the ones due from this visit.
    await recalls
      .getByRole('row')
      .filter({ hasText: 'Cleaning' })
      .filter({ hasText: addMonths(date, 6) })
      .waitFor();
    await recalls
      .getByRole('row')
      .filter({ hasText: 'Fluoride' })
      .filter({ hasText: addMonths(date, 3) })
      .waitFor();
    await page.getByRole('tab', { name: 'Messages' }).click();
    await page.getByRole('table', { name: 'Surveys' }).getByText('Text message').waitFor();
    await shot('patient-messages-laptop');
    await openArea('Scheduling');
    await goToDate(date);
  });
});
