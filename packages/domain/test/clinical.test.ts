import { describe, expect, it } from 'vitest';
import { currentEntries, entriesReplacedBy, projectChart } from '../src/clinical/chart.ts';
import { actMoment } from '../src/clinical/client-time.ts';
import { createEntrySchema, voidEntrySchema } from '../src/clinical/entry.ts';
import { SAMPLE_FEE_SCHEDULE } from '../src/clinical/fees.ts';
import { signNoteSchema } from '../src/clinical/notes.ts';
import {
  attachmentLevel,
  createPerioExamSchema,
  perioPath,
  perioWorsening,
  previousExam,
} from '../src/clinical/perio.ts';
import { suggestTreatments } from '../src/clinical/planning-assistant.ts';
import {
  acceptPlanSchema,
  createPlanSchema,
  planAcceptRefusal,
  planChangeRefusal,
  planEstimate,
  planStatus,
} from '../src/clinical/plans.ts';
import { readSurfaces, surfacesOf } from '../src/clinical/surfaces.ts';
import { archRows, isTooth, PERMANENT_TEETH, PRIMARY_TEETH, teethOf } from '../src/clinical/teeth.ts';
import { parseWith } from '../src/validation/issues.ts';
import { aChartEntry, aPerioExam, aPerioTooth } from '../testing/clinical.ts';

const fieldsOf = (result: ReturnType<typeof parseWith>) => (result.ok ? [] : result.issues.map((issue) => issue.field));

describe('FDI teeth', () => {
  it('numbers 32 permanent teeth 11–48 and 20 primary teeth 51–85', () => {
    expect(PERMANENT_TEETH).toHaveLength(32);
    expect(PRIMARY_TEETH).toHaveLength(20);
    expect(PERMANENT_TEETH[0]).toBe('11');
    expect(PERMANENT_TEETH.at(-1)).toBe('48');
    expect(PRIMARY_TEETH.at(-1)).toBe('85');
  });

  it.each(['19', '49', '86', '10', '56', 'abc', '', '1'])('refuses %s', (tooth) => {
    expect(isTooth(tooth)).toBe(false);
  });

  it('draws the rows as the dentist faces the patient', () => {
    expect(archRows('permanent').upper.slice(0, 3)).toEqual(['18', '17', '16']);
    expect(archRows('permanent').upper.slice(7, 10)).toEqual(['11', '21', '22']);
    expect(archRows('permanent').lower.slice(0, 2)).toEqual(['48', '47']);
    expect(archRows('primary').upper).toEqual([]);
    expect(archRows('primary').upperPrimary).toEqual(['55', '54', '53', '52', '51', '61', '62', '63', '64', '65']);
    expect(teethOf('mixed')).toHaveLength(52);
  });
});

describe('surfaces', () => {
  it('gives O to posterior teeth and I to anterior ones', () => {
    expect(surfacesOf('36')).toEqual(['M', 'O', 'D', 'B', 'L']);
    expect(surfacesOf('11')).toEqual(['M', 'I', 'D', 'B', 'L']);
    expect(surfacesOf('54')).toContain('O');
    expect(surfacesOf('53')).toContain('I');
  });

  it('reads typed surfaces in any order and case, F as B and P as L', () => {
    expect(readSurfaces('dom', '36')).toEqual({ ok: true, surfaces: ['M', 'O', 'D'] });
    expect(readSurfaces('F P', '21')).toEqual({ ok: true, surfaces: ['B', 'L'] });
    expect(readSurfaces(['M', 'M', 'I'], '11')).toEqual({ ok: true, surfaces: ['M', 'I'] });
  });

  it('names the letters that are not surfaces of the tooth', () => {
    expect(readSurfaces('MI', '36')).toEqual({ ok: false, invalid: ['I'] });
    expect(readSurfaces('O', '11')).toEqual({ ok: false, invalid: ['O'] });
    expect(readSurfaces('X', '11')).toEqual({ ok: false, invalid: ['X'] });
  });
});

describe('a chart entry body', () => {
  it.each(['19', '49', '86', 'abc', 0])('names tooth for %s', (tooth) => {
    expect(fieldsOf(parseWith(createEntrySchema, { tooth, status: 'existing', state: 'missing' }))).toEqual(['tooth']);
  });

  it.each([
    ['36', 'I'],
    ['11', 'O'],
  ])('names surfaces for %s %s', (tooth, surfaces) => {
    const result = parseWith(createEntrySchema, { tooth, surfaces, condition: 'caries', status: 'existing' });
    expect(fieldsOf(result)).toEqual(['surfaces']);
  });

  it('accepts MOD on 36 and a number for the tooth', () => {
    const result = parseWith(createEntrySchema, { tooth: 36, surfaces: 'mod', condition: 'caries', status: 'planned' });
    expect(result.ok && result.value).toMatchObject({ tooth: '36', surfaces: ['M', 'O', 'D'], status: 'planned' });
  });

  it('needs surfaces for caries, something to chart, and material only with a restoration or crown', () => {
    expect(fieldsOf(parseWith(createEntrySchema, { tooth: '36', condition: 'caries', status: 'existing' }))).toEqual([
      'surfaces',
    ]);
    expect(fieldsOf(parseWith(createEntrySchema, { tooth: '36', status: 'existing' }))).toEqual(['condition']);
    expect(
      fieldsOf(
        parseWith(createEntrySchema, {
          tooth: '36',
          surfaces: 'O',
          condition: 'caries',
          material: 'gold',
          status: 'existing',
        }),
      ),
    ).toEqual(['material']);
    expect(parseWith(createEntrySchema, { tooth: '36', state: 'crown', material: 'gold', status: 'planned' }).ok).toBe(
      true,
    );
  });

  it('refuses an unknown status and a void without a reason', () => {
    expect(fieldsOf(parseWith(createEntrySchema, { tooth: '36', state: 'missing', status: 'maybe' }))).toEqual([
      'status',
    ]);
    expect(fieldsOf(parseWith(voidEntrySchema, { reason: '  ' }))).toEqual(['reason']);
  });
});

describe('the chart projection', () => {
  it('shows the latest entry on a surface and keeps what it replaced out of the current set', () => {
    const caries = aChartEntry({
      condition: 'caries',
      material: null,
      surfaces: ['M', 'O', 'D'],
      recordedAt: '2026-01-01T10:00:00Z',
    });
    const planned = aChartEntry({ status: 'planned', surfaces: ['M', 'O', 'D'], recordedAt: '2026-01-02T10:00:00Z' });
    const done = aChartEntry({
      status: 'completed',
      surfaces: ['M', 'O', 'D'],
      recordedAt: '2026-01-03T10:00:00Z',
      replaces: entriesReplacedBy(currentEntries([caries, planned]), {
        tooth: '36',
        surfaces: ['M', 'O', 'D'],
        state: null,
        condition: 'restoration',
        status: 'completed',
      }),
    });
    expect(done.replaces).toEqual([planned.id]);
    const tooth = projectChart([caries, planned, done]).get('36');
    expect(tooth?.surfaces.O).toMatchObject({ status: 'completed', condition: 'restoration', review: false });
    expect(tooth?.surfaces.O?.layers.map((layer) => layer.entryId)).toEqual([done.id, caries.id]);
  });

  it('keeps both of two contradictory entries charted without seeing each other, marked review', () => {
    const amalgam = aChartEntry({ material: 'amalgam', recordedAt: '2026-01-01T10:00:00Z' });
    const composite = aChartEntry({ material: 'composite', recordedAt: '2026-01-01T10:05:00Z' });
    const surface = projectChart([amalgam, composite]).get('36')?.surfaces.O;
    expect(surface?.review).toBe(true);
    expect(surface?.layers.map((layer) => [layer.material, layer.review])).toEqual([
      ['composite', true],
      ['amalgam', true],
    ]);
  });

  it('resolves a review when an entry replaces both, and forgets voided entries', () => {
    const a = aChartEntry({ material: 'amalgam' });
    const b = aChartEntry({ material: 'composite' });
    const resolved = aChartEntry({ material: 'composite', recordedAt: '2026-02-01T10:00:00Z', replaces: [a.id, b.id] });
    expect(projectChart([a, b, resolved]).get('36')?.surfaces.O?.review).toBe(false);
    const voided = aChartEntry({ material: 'gold', voidedAt: '2026-02-02T10:00:00Z' });
    expect(projectChart([voided]).get('36')?.surfaces.O).toBeUndefined();
  });

  it('marks contradictory presence states for review but stacks a crown on a root canal treatment', () => {
    const missing = aChartEntry({ tooth: '46', surfaces: [], condition: null, material: null, state: 'missing' });
    const implant = aChartEntry({ tooth: '46', surfaces: [], condition: null, material: null, state: 'implant' });
    const tooth = projectChart([missing, implant]).get('46');
    expect(tooth?.stateReview).toBe(true);
    expect(tooth?.stateCandidates.sort()).toEqual(['implant', 'missing']);
    const rct = aChartEntry({
      tooth: '16',
      surfaces: [],
      condition: null,
      material: null,
      state: 'root_canal_treated',
    });
    const crown = aChartEntry({ tooth: '16', surfaces: [], condition: null, material: 'ceramic', state: 'crown' });
    const crowned = projectChart([rct, crown]).get('16');
    expect(crowned?.state).toBe('present');
    expect(crowned?.stateReview).toBe(false);
    expect(crowned?.treatments.map((treatment) => treatment.state).sort()).toEqual(['crown', 'root_canal_treated']);
  });

  it('replaces only entries wholly covered by the new surfaces', () => {
    const mod = aChartEntry({ surfaces: ['M', 'O', 'D'] });
    expect(
      entriesReplacedBy([mod], {
        tooth: '36',
        surfaces: ['O'],
        state: null,
        condition: 'restoration',
        status: 'existing',
      }),
    ).toEqual([]);
    expect(
      entriesReplacedBy([mod], {
        tooth: '36',
        surfaces: ['M', 'O', 'D', 'B'],
        state: null,
        condition: 'restoration',
        status: 'existing',
      }),
    ).toEqual([mod.id]);
  });
});

describe('the periodontal chart', () => {
  it('walks 192 sites, upper buccal 18→28, upper lingual back, lower buccal 38→48, lower lingual back', () => {
    const path = perioPath();
    expect(path).toHaveLength(192);
    const at = (index: number) => `${path[index]?.tooth}${path[index]?.site}`;
    expect([at(0), at(1), at(2), at(3)]).toEqual(['18DB', '18B', '18MB', '17DB']);
    expect([at(24), at(25)]).toEqual(['21MB', '21B']);
    expect([at(45), at(46), at(47), at(48)]).toEqual(['28MB', '28B', '28DB', '28DL']);
    expect(at(95)).toBe('18DL');
    expect([at(96), at(97)]).toEqual(['38DB', '38B']);
    expect(at(191)).toBe('38DL');
  });

  it('computes attachment level as depth plus recession', () => {
    expect(attachmentLevel(4, 2)).toBe(6);
    expect(attachmentLevel(4, -1)).toBe(3);
    expect(attachmentLevel(4, null)).toBe(4);
    expect(attachmentLevel(null, 2)).toBeNull();
  });

  it('highlights sites worse by 2 mm or more than the previous exam', () => {
    const before = aPerioExam({ '16': aPerioTooth([3, 3, 3, 3, 3, 3]) }, { examDate: '2025-01-10' });
    const now = aPerioExam({ '16': aPerioTooth([5, 4, 3, 3, 3, 2], [0, 0, 0, 0, 0, 3]) }, { examDate: '2026-01-10' });
    expect(previousExam([before, now], now)?.id).toBe(before.id);
    expect(perioWorsening(now, before)).toEqual([
      { tooth: '16', site: 'DB', before: 3, now: 5 },
      { tooth: '16', site: 'ML', before: 3, now: 5 },
    ]);
    expect(perioWorsening(now, null)).toEqual([]);
  });

  it('refuses readings out of range and a tooth that is not one', () => {
    const tooth = aPerioTooth([3, 3, 3, 3, 3, 3]);
    const base = { patientId: '10000000-0000-4000-8000-000000000001', examDate: '2026-01-10' };
    expect(parseWith(createPerioExamSchema, { ...base, teeth: { '16': tooth } }).ok).toBe(true);
    expect(fieldsOf(parseWith(createPerioExamSchema, { ...base, teeth: { '19': tooth } }))).toEqual(['teeth']);
    const deep = { ...tooth, depth: [16, 3, 3, 3, 3, 3] };
    expect(fieldsOf(parseWith(createPerioExamSchema, { ...base, teeth: { '16': deep } }))).toEqual([
      'teeth.16.depth.0',
    ]);
  });
});

describe('treatment plans', () => {
  const item = (fee: number, coveragePercent: number) => ({
    id: '20000000-0000-4000-8000-000000000001',
    code: 'RES-P3',
    description: 'Composite',
    tooth: '36',
    surfaces: ['M', 'O', 'D'] as ('M' | 'O' | 'D')[],
    fee,
    coveragePercent,
    done: false,
  });

  it('expires a proposal after 90 days, never an accepted plan', () => {
    const proposedAt = '2026-01-01T12:00:00.000Z';
    expect(planStatus({ status: 'proposed', proposedAt }, new Date('2026-03-31T11:59:00Z'))).toBe('proposed');
    expect(planStatus({ status: 'proposed', proposedAt }, new Date('2026-04-01T12:00:00Z'))).toBe('expired');
    expect(planStatus({ status: 'accepted', proposedAt }, new Date('2027-01-01T00:00:00Z'))).toBe('accepted');
  });

  it('estimates the patient portion per phase and in total, in cents', () => {
    const estimate = planEstimate({
      phases: [
        { name: 'Urgent', items: [item(23_500, 80)] },
        { name: 'Later', items: [item(120_000, 50), item(999, 80)] },
      ],
    });
    expect(estimate.phases[0]).toEqual({ total: 23_500, insurance: 18_800, patient: 4_700 });
    expect(estimate.total).toEqual({ total: 144_499, insurance: 79_599, patient: 64_900 });
  });

  it('lets a plan move only as a signed plan may, the same rule on the device and the server', () => {
    const phases = [{ name: 'Phase 1', items: [item(23_500, 80)] }];
    const done = [{ name: 'Phase 1', items: [{ ...item(23_500, 80), done: true }] }];
    const changed = [{ name: 'Phase 1', items: [item(99_000, 80)] }];
    expect(planChangeRefusal({ status: 'proposed', phases }, { status: 'in_progress' })?.text.id).toBe(
      'clinical.plan.notAccepted',
    );
    expect(planChangeRefusal({ status: 'accepted', phases }, { status: 'proposed' })?.field).toBe('status');
    expect(planChangeRefusal({ status: 'accepted', phases }, { phases: done })).toBeNull();
    expect(planChangeRefusal({ status: 'in_progress', phases }, { phases: changed })?.field).toBe('phases');
    expect(planChangeRefusal({ status: 'completed', phases }, { phases: done })?.field).toBe('phases');
    expect(planChangeRefusal({ status: 'proposed', phases }, { phases: changed, status: 'proposed' })).toBeNull();
    const proposedAt = '2026-01-01T12:00:00.000Z';
    expect(planAcceptRefusal({ status: 'proposed', proposedAt }, new Date('2026-02-01T00:00:00Z'))).toBeNull();
    expect(planAcceptRefusal({ status: 'proposed', proposedAt }, new Date('2026-05-01T00:00:00Z'))?.code).toBe(
      'PLAN_EXPIRED',
    );
    expect(planAcceptRefusal({ status: 'accepted', proposedAt }, new Date('2026-02-01T00:00:00Z'))?.code).toBe(
      'PLAN_STATUS',
    );
  });

  it('checks items against the tooth and takes only a drawn PNG signature', () => {
    const plan = (surfaces: string[]) => ({
      patientId: '10000000-0000-4000-8000-000000000001',
      title: 'Restorative',
      phases: [{ name: 'Phase 1', items: [{ ...item(100, 0), tooth: '11', surfaces }] }],
    });
    expect(parseWith(createPlanSchema, plan(['I'])).ok).toBe(true);
    expect(fieldsOf(parseWith(createPlanSchema, plan(['O'])))).toEqual(['phases.0.items.0.surfaces']);
    expect(parseWith(acceptPlanSchema, { signature: 'data:image/png;base64,iVBORw0KGgo=' }).ok).toBe(true);
    expect(fieldsOf(parseWith(acceptPlanSchema, { signature: 'javascript:alert(1)' }))).toEqual(['signature']);
  });
});

describe('the treatment planning assistant', () => {
  it('proposes a restoration for caries, an implant or bridge for a gap, and scaling where pockets are deep', () => {
    const caries = aChartEntry({ condition: 'caries', material: null, surfaces: ['M', 'O', 'D'] });
    const missing = aChartEntry({ tooth: '46', surfaces: [], condition: null, material: null, state: 'missing' });
    const wisdom = aChartEntry({ tooth: '48', surfaces: [], condition: null, material: null, state: 'missing' });
    const perio = aPerioExam({ '16': aPerioTooth([5, 3, 3, 3, 3, 6]), '26': aPerioTooth([3, 3, 3, 3, 3, 3]) });
    const suggestions = suggestTreatments(projectChart([caries, missing, wisdom]), perio, SAMPLE_FEE_SCHEDULE);
    expect(suggestions.map((suggestion) => [suggestion.rule, suggestion.options.map((option) => option.code)])).toEqual(
      [
        ['caries-restoration', ['RES-P3']],
        ['missing-replacement', ['IMP-FX', 'BRG-3U']],
        ['deep-pockets-srp', ['PERIO-SRP']],
      ],
    );
    expect(suggestions[0]?.reason).toBe('Caries on MOD of 36: a 3-surface posterior restoration.');
    expect(suggestions[2]?.reason).toBe(
      'Pockets of 5 mm or more in quadrant 1 (16): scaling and root planing of that quadrant.',
    );
  });

  it('proposes nothing for caries already planned for restoration', () => {
    const caries = aChartEntry({ condition: 'caries', material: null, surfaces: ['O'] });
    const planned = aChartEntry({ status: 'planned', surfaces: ['O'] });
    expect(suggestTreatments(projectChart([caries, planned]), null, SAMPLE_FEE_SCHEDULE)).toEqual([]);
  });
});

describe('the time of a clinical act', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  it('keeps a plausible device stamp and falls back to the server clock otherwise', () => {
    expect(actMoment('2026-06-01T09:30:00Z', now)).toBe('2026-06-01T09:30:00.000Z');
    expect(actMoment('2026-06-01T13:00:00Z', now)).toBe(now.toISOString());
    expect(actMoment('2025-01-01T00:00:00Z', now)).toBe(now.toISOString());
    expect(actMoment(undefined, now)).toBe(now.toISOString());
  });

  it('takes an empty body to sign a note', () => {
    expect(parseWith(signNoteSchema, undefined).ok).toBe(true);
    expect(fieldsOf(parseWith(signNoteSchema, { signedAt: 'yesterday' }))).toEqual(['signedAt']);
  });
});
