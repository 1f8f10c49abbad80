import type { APIRequestContext, Page } from 'playwright-core';
import { choose, FIRST_DATA_TIMEOUT_MS, flatSidebar, practiceDay } from './helpers.ts';

export interface ChartPatient {
  id: string;
  firstName: string;
  lastName: string;
}

interface ChartView {
  entries: {
    id: string;
    tooth: string;
    surfaces: string[];
    state: string | null;
    condition: string | null;
    material: string | null;
  }[];
  perioExams: unknown[];
  notes: { id: string; body: string; status: string; signedByName: string | null; addenda: unknown[] }[];
}

export async function chartOnServer(request: APIRequestContext, patientId: string): Promise<ChartView> {
  const response = await request.get(`/api/clinical-charts/${patientId}`);
  if (!response.ok()) throw new Error(`GET chart ${patientId}: ${response.status()}`);
  return (await response.json()) as ChartView;
}

/**
 * Patients of practice 1 with seeded history (entries and two perio exams or more) and no visit today,
 * so a new note is not the visit's: found through the API from last week's appointments.
 */
export async function patientsWithHistory(page: Page, count: number): Promise<ChartPatient[]> {
  const found: ChartPatient[] = [];
  const today = practiceDay();
  const todays = (await (await page.request.get(`/api/appointments?date=${today}`)).json()) as { patientId: string }[];
  const busyToday = new Set(todays.map((item) => item.patientId));
  for (let back = 1; back <= 21; back += 1) {
    const day = practiceDay(back);
    const visits = (await (await page.request.get(`/api/appointments?date=${day}`)).json()) as {
      patientId: string;
      patientName: string;
    }[];
    for (const visit of visits) {
      if (busyToday.has(visit.patientId)) continue;
      const chart = await chartOnServer(page.request, visit.patientId);
      if (chart.entries.length >= 5 && chart.perioExams.length >= 2) {
        if (found.some((item) => item.id === visit.patientId)) continue;
        const patient = (await (await page.request.get(`/api/patients/${visit.patientId}`)).json()) as ChartPatient;
        found.push({ id: patient.id, firstName: patient.firstName, lastName: patient.lastName });
        if (found.length === count) return found;
      }
    }
  }
  throw new Error(`fewer than ${count} seeded patients with a clinical history and two perio exams`);
}

/**
 * The seed's showcase chart (caries, a missing molar, a crown, root canals, three perio exams worsening),
 * for the screenshots; any charted patient not in `taken` when it is not found among recent visits.
 */
export async function showcasePatient(page: Page, taken: readonly ChartPatient[]): Promise<ChartPatient> {
  let fallback: string | null = null;
  for (let back = 1; back <= 28; back += 1) {
    const day = practiceDay(back);
    const visits = (await (await page.request.get(`/api/appointments?date=${day}`)).json()) as { patientId: string }[];
    for (const { patientId } of visits) {
      if (taken.some((item) => item.id === patientId)) continue;
      const chart = await chartOnServer(page.request, patientId);
      const states = new Set(chart.entries.map((entry) => entry.state));
      if (chart.entries.length > 0) fallback ??= patientId;
      if (
        chart.perioExams.length === 3 &&
        states.has('crown') &&
        states.has('root_canal_treated') &&
        states.has('missing')
      ) {
        fallback = patientId;
        back = 99;
        break;
      }
    }
  }
  if (!fallback) throw new Error('no charted patient for the screenshots');
  const patient = (await (await page.request.get(`/api/patients/${fallback}`)).json()) as ChartPatient;
  return { id: patient.id, firstName: patient.firstName, lastName: patient.lastName };
}

/** In-app, as a dentist would: Clinical Charts in the sidebar, the patient found on the device, Open Chart. */
export async function openChart(page: Page, patient: ChartPatient): Promise<void> {
  const nav = await flatSidebar(page);
  await nav.getByRole('link', { name: /^Clinical Charts( Available offline)?$/ }).click();
  await page.waitForURL(/\/clinical-charts/);
  await page.getByRole('textbox', { name: 'Patient', exact: true }).fill(`${patient.firstName} ${patient.lastName}`);
  const row = page
    .getByTestId('chart-patient-option')
    .filter({ hasText: `${patient.lastName}, ${patient.firstName}` })
    .first();
  await row.getByRole('link', { name: 'Open Chart' }).click();
  await page.waitForURL(new RegExp(`patientId=${patient.id}`));
  await page.getByTestId('odontogram').waitFor({ timeout: FIRST_DATA_TIMEOUT_MS });
}

export const surface = (page: Page, tooth: string, letter: string) =>
  page.locator(`[data-testid="odontogram"] [data-tooth="${tooth}"] [data-surface="${letter}"]`);

/** The fast input: a typed tooth, typed surfaces, a finding from the list, the status, then Chart. */
export async function chartFinding(
  page: Page,
  options: { tooth: string; surfaces: string; finding: string; status?: 'Existing' | 'Planned' | 'Completed' },
): Promise<void> {
  const form = page.getByRole('form', { name: 'Chart a finding' });
  await form.getByRole('textbox', { name: 'Tooth' }).fill(options.tooth);
  await form.getByRole('textbox', { name: 'Surfaces' }).fill(options.surfaces);
  await choose(page, form, 'Finding', new RegExp(`^${options.finding}$`));
  if (options.status) await form.getByText(options.status, { exact: true }).click();
  await form.getByRole('button', { name: 'Chart', exact: true }).click();
}
