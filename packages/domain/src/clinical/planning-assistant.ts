import { fill, type Text } from '../i18n/text.ts';
import type { ToothChart } from './chart.ts';
import type { Material } from './entry.ts';
import { feeFor, type ProcedureFee } from './fees.ts';
import { DEEP_POCKET_MM, type PerioExam } from './perio.ts';
import { SURFACES, type Surface } from './surfaces.ts';
import { archQuadrantOf, isAnterior, isPrimaryTooth, isThirdMolar } from './teeth.ts';

export const PLANNING_RULES = [
  'caries-restoration',
  'missing-replacement',
  'deep-pockets-srp',
  'fracture-crown',
  'endo-crown',
] as const;
export type PlanningRule = (typeof PLANNING_RULES)[number];

export const PLANNING_TEXTS = {
  'caries-restoration': /*i18n*/ {
    id: 'clinical.assistant.rule.caries',
    message: 'Caries on {surfaces} of {tooth}: a {count}-surface {position} restoration.',
  },
  'missing-replacement': /*i18n*/ {
    id: 'clinical.assistant.rule.missing',
    message: '{tooth} is missing: replace it with an implant or a bridge.',
  },
  'deep-pockets-srp': /*i18n*/ {
    id: 'clinical.assistant.rule.srp',
    message:
      'Pockets of {depth} mm or more in quadrant {quadrant} ({sites}): scaling and root planing of that quadrant.',
  },
  'fracture-crown': /*i18n*/ {
    id: 'clinical.assistant.rule.fracture',
    message: '{tooth} is fractured: a crown protects what remains.',
  },
  'endo-crown': /*i18n*/ {
    id: 'clinical.assistant.rule.endoCrown',
    message: '{tooth} had a root canal treatment and has no crown: a crown protects a treated posterior tooth.',
  },
  anterior: /*i18n*/ { id: 'clinical.assistant.anterior', message: 'anterior' },
  posterior: /*i18n*/ { id: 'clinical.assistant.posterior', message: 'posterior' },
} as const satisfies Record<PlanningRule | 'anterior' | 'posterior', Text>;

export interface SuggestionOption {
  code: string;
  description: string;
  fee: number;
}

export interface PlanningSuggestion {
  /** Stable for the same finding, so a dismissed suggestion stays dismissed. */
  key: string;
  rule: PlanningRule;
  /** The rule's explanation, filled in English; `values` fill it in another language. */
  reason: string;
  values: Record<string, string>;
  tooth: string | null;
  surfaces: Surface[];
  /** One option to add, or several to choose from (implant or bridge). */
  options: SuggestionOption[];
}

const optionsOf = (schedule: readonly ProcedureFee[], codes: readonly string[]): SuggestionOption[] =>
  codes.flatMap((code) => {
    const fee = feeFor(schedule, code);
    return fee ? [{ code: fee.code, description: fee.description, fee: fee.fee }] : [];
  });

function restorationCodes(tooth: string, count: number, material: Material | null): string[] {
  const n = Math.min(count, 4);
  if (material === 'amalgam' && !isAnterior(tooth)) return [`AMG-${Math.min(count, 3)}`];
  return [isAnterior(tooth) ? `RES-A${n}` : `RES-P${n}`];
}

/**
 * Deterministic treatment proposals from what is charted: every suggestion names the rule that made it.
 * Findings already planned (a planned entry on the same surfaces) propose nothing more.
 */
export function suggestTreatments(
  teeth: ReadonlyMap<string, ToothChart>,
  latestPerio: PerioExam | null,
  schedule: readonly ProcedureFee[],
): PlanningSuggestion[] {
  const suggestions: PlanningSuggestion[] = [];
  const push = (
    rule: PlanningRule,
    values: Record<string, string>,
    tooth: string | null,
    surfaces: Surface[],
    codes: string[],
  ) => {
    const options = optionsOf(schedule, codes);
    if (options.length === 0) return;
    suggestions.push({
      key: `${rule}:${tooth ?? values.quadrant}:${surfaces.join('')}`,
      rule,
      reason: fill(PLANNING_TEXTS[rule], values),
      values,
      tooth,
      surfaces,
      options,
    });
  };

  for (const chart of [...teeth.values()].sort((a, b) => a.tooth.localeCompare(b.tooth))) {
    const { tooth } = chart;
    const carious = (Object.entries(chart.surfaces) as [Surface, NonNullable<ToothChart['surfaces'][Surface]>][])
      .filter(([, mark]) => mark.layers.some((layer) => layer.condition === 'caries' && layer.status === 'existing'))
      .filter(
        ([, mark]) => !mark.layers.some((layer) => layer.condition === 'restoration' && layer.status !== 'existing'),
      )
      .map(([surface]) => surface)
      // In the customary order (MOD, not DO… as the entries happened to be charted), as plan items store them.
      .sort((a, b) => SURFACES.indexOf(a) - SURFACES.indexOf(b));
    if (carious.length > 0) {
      const position = isAnterior(tooth) ? PLANNING_TEXTS.anterior.message : PLANNING_TEXTS.posterior.message;
      push(
        'caries-restoration',
        { tooth, surfaces: carious.join(''), count: String(carious.length), position },
        tooth,
        carious,
        restorationCodes(tooth, carious.length, null),
      );
    }
    const replaced = chart.state === 'implant' || chart.state === 'pontic';
    if (
      chart.state === 'missing' &&
      chart.stateStatus === 'existing' &&
      !isThirdMolar(tooth) &&
      !isPrimaryTooth(tooth) &&
      !replaced
    ) {
      push('missing-replacement', { tooth }, tooth, [], ['IMP-FX', 'BRG-3U']);
    }
    const crowned = chart.treatments.some((treatment) => treatment.state === 'crown');
    if (
      !crowned &&
      chart.findings.some((finding) => finding.condition === 'fracture' && finding.status === 'existing')
    ) {
      push('fracture-crown', { tooth }, tooth, [], ['CRN-CER']);
    } else if (
      !crowned &&
      !isAnterior(tooth) &&
      chart.treatments.some((treatment) => treatment.state === 'root_canal_treated')
    ) {
      push('endo-crown', { tooth }, tooth, [], ['CRN-CER']);
    }
  }

  if (latestPerio) {
    const deepByQuadrant = new Map<number, string[]>();
    for (const [tooth, reading] of Object.entries(latestPerio.teeth)) {
      const deep = reading.depth.filter((depth) => depth !== null && depth >= DEEP_POCKET_MM).length;
      if (deep === 0) continue;
      const quadrant = archQuadrantOf(tooth);
      deepByQuadrant.set(quadrant, [...(deepByQuadrant.get(quadrant) ?? []), tooth]);
    }
    for (const [quadrant, teethWithPockets] of [...deepByQuadrant].sort(([a], [b]) => a - b)) {
      push(
        'deep-pockets-srp',
        { quadrant: String(quadrant), depth: String(DEEP_POCKET_MM), sites: teethWithPockets.sort().join(', ') },
        null,
        [],
        ['PERIO-SRP'],
      );
    }
  }
  return suggestions;
}
