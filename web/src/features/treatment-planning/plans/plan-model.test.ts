import { SAMPLE_FEE_SCHEDULE } from '@dental/domain/clinical/fees';
import { planStatus, type TreatmentPlan } from '@dental/domain/clinical/plans';
import { describe, expect, it } from 'vitest';
import { draftOf, draftProblems, emptyDraft, itemFromFee, itemProblem, openPlanOf, phasesOf } from './plan-model.ts';

const fee = (code: string) => {
  const found = SAMPLE_FEE_SCHEDULE.find((candidate) => candidate.code === code);
  if (!found) throw new Error(code);
  return found;
};

describe('plan items as the editor holds them', () => {
  it.each([
    ['', '', null],
    ['', 'O', 'tooth'],
    ['19', '', 'tooth'],
    ['abc', '', 'tooth'],
    ['36', 'mod', null],
    ['36', 'I', 'surfaces'],
    ['11', 'O', 'surfaces'],
    ['11', 'MIF', null],
    ['85', 'O', null],
  ] as const)('tooth %j with surfaces %j: %s', (tooth, surfaces, problem) => {
    expect(itemProblem({ tooth, surfaces })).toBe(problem);
  });

  it('reads surfaces the domain way (F is B, P is L, customary order) and keeps fees in cents', () => {
    const draft = emptyDraft('Plan', 'Phase 1');
    draft.phases[0]?.items.push(itemFromFee(fee('RES-P3'), '36', 'dom'), itemFromFee(fee('CRN-CER'), '46'));
    const [phase] = phasesOf(draft);
    expect(
      phase?.items.map((item) => [item.code, item.tooth, item.surfaces.join(''), item.fee, item.coveragePercent]),
    ).toEqual([
      ['RES-P3', '36', 'MOD', 23_500, 80],
      ['CRN-CER', '46', '', 120_000, 50],
    ]);
    expect(draftProblems(draft)).toBe(false);
    expect(draftProblems({ ...draft, title: ' ' })).toBe(true);
  });

  it('round-trips a saved plan through the draft unchanged', () => {
    const draft = emptyDraft('Plan', 'Phase 1');
    draft.phases[0]?.items.push(itemFromFee(fee('AMG-2'), '16', 'MO'));
    const phases = phasesOf(draft);
    expect(phasesOf(draftOf({ title: 'Plan', notes: null, phases }))).toEqual(phases);
  });
});

describe('the plan a suggestion goes to', () => {
  const plan = (id: string, status: TreatmentPlan['status'], proposedAt: string, createdAt = proposedAt) =>
    ({ id, status, proposedAt, createdAt }) as TreatmentPlan;
  const now = new Date('2026-11-26T12:00:00Z');

  it('is the newest proposal still within its 90 days, never an expired or accepted one', () => {
    const plans = [
      plan('old', 'proposed', '2026-06-01T12:00:00Z'),
      plan('accepted', 'accepted', '2026-11-20T12:00:00Z'),
      plan('open', 'proposed', '2026-11-01T12:00:00Z'),
      plan('older-open', 'proposed', '2026-10-01T12:00:00Z'),
    ];
    expect(openPlanOf(plans, (candidate) => planStatus(candidate, now))?.id).toBe('open');
    expect(openPlanOf(plans.slice(0, 2), (candidate) => planStatus(candidate, now))).toBeUndefined();
  });
});
