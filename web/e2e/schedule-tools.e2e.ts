import { instantAt, localTime } from '@dental/domain/time/zones';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRACTICE_TIME_ZONE, SYNC_TIMEOUT_MS, searchAndChoose, syncNow } from './helpers.ts';
import { openScheduleTools, type StaffMember, scheduleToolsView, tuesdayAhead } from './schedule-tools-page.ts';

// Provider absence: the wizard moving, reassigning and cancelling the absent provider's appointments; a plan the
// server refuses; a family booked back to back moved as one. Each test books on a day of its own. Room maintenance
// (and the absence wizard offline) is in schedule-tools-maintenance.e2e.ts.

let browser: Browser;
let context: BrowserContext;
let page: Page;
let providers: StaffMember[] = [];
let rooms: string[] = [];
let patients: string[] = [];

const { shot, book, serverDay, goTo, card, choose, closeToasts, isoOf } = scheduleToolsView(() => page);

beforeAll(async () => {
  ({ browser, context, page, providers, rooms, patients } = await openScheduleTools());
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
