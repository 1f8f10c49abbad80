import { projectChart } from '@dental/domain/clinical/chart';
import type { ClinicalChartView } from '@dental/domain/clinical/chart-view';
import { SAMPLE_FEE_SCHEDULE } from '@dental/domain/clinical/fees';
import { perioWorsening, previousExam } from '@dental/domain/clinical/perio';
import { type PlanningRule, suggestTreatments } from '@dental/domain/clinical/planning-assistant';
import { planStatus } from '@dental/domain/clinical/plans';
import { describe, expect, it } from 'vitest';
import { send } from './helpers/clinical.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';
import { TEST_START } from './helpers/test-clock.ts';

const t = fileApp();
const as = signedIn(t, 'admin');
const now = new Date(TEST_START);

const chartOf = async (patientId: string, practiceId: number) => {
  const response = await t.request({ url: `/api/clinical-charts/${patientId}`, cookie: as.admin, practiceId });
  expect(response.statusCode).toBe(200);
  return response.json() as ClinicalChartView;
};

describe('the demo clinical history', () => {
  it('charts a few hundred patients at most per practice, those with visits, with no contradiction left to review', async () => {
    const rows = await t.db.selectFrom('clinical_entries').select(['practice_id', 'patient_id']).distinct().execute();
    for (const practiceId of [1, 2, 3]) {
      const charted = rows.filter((row) => row.practice_id === practiceId);
      expect(charted.length).toBeGreaterThan(50);
      expect(charted.length).toBeLessThanOrEqual(300);
    }
    const sample = rows.filter((row) => row.practice_id === 1).slice(0, 40);
    for (const { patient_id: patientId } of sample) {
      const view = await chartOf(patientId, 1);
      const review = view.teeth.filter(
        (tooth) => tooth.stateReview || Object.values(tooth.surfaces).some((mark) => mark.review),
      );
      expect(review, patientId).toEqual([]);
      expect(view.notes.every((note) => note.status === 'signed' && note.signedBy !== null)).toBe(true);
    }
  });

  it('gives each practice a showcase patient with every kind of finding the planning assistant acts on', async () => {
    for (const practiceId of [1, 2, 3]) {
      const plans = await t.db
        .selectFrom('treatment_plans')
        .select(['patient_id', 'status', 'proposed_at'])
        .where('practice_id', '=', practiceId)
        .execute();
      const expired = plans.filter(
        (plan) => planStatus({ status: plan.status as 'proposed', proposedAt: plan.proposed_at }, now) === 'expired',
      );
      const everyRule: PlanningRule[] = ['caries-restoration', 'deep-pockets-srp', 'endo-crown', 'missing-replacement'];
      let showcase: ClinicalChartView | undefined;
      for (const { patient_id: patientId } of expired) {
        const view = await chartOf(patientId, practiceId);
        const latest = view.perioExams.at(-1) ?? null;
        const rules = suggestTreatments(projectChart(view.entries), latest, SAMPLE_FEE_SCHEDULE).map(
          (each) => each.rule,
        );
        if (everyRule.every((rule) => rules.includes(rule))) {
          showcase = view;
          break;
        }
      }
      if (!showcase) throw new Error(`practice ${practiceId} has no showcase patient`);
      const states = showcase.teeth.flatMap((tooth) => [tooth.state, ...tooth.treatments.map((each) => each.state)]);
      expect(states).toEqual(expect.arrayContaining(['missing', 'crown', 'root_canal_treated']));
      const latest = showcase.perioExams.at(-1);
      if (!latest) throw new Error('no perio exam');
      expect(perioWorsening(latest, previousExam(showcase.perioExams, latest)).length).toBeGreaterThan(0);
      expect(showcase.notes.length).toBeGreaterThan(0);
    }
  });

  it('lists the practice’s plans through the API with their stored status', async () => {
    const response = await send(t, as.admin, 'GET', '/api/treatment-plans');
    expect(response.statusCode).toBe(200);
    expect((response.json() as unknown[]).length).toBeGreaterThan(0);
  });
});
