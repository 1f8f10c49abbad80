import type { Text } from '../i18n/text.ts';

export const FEE_CATEGORIES = [
  'diagnostic',
  'preventive',
  'restorative',
  'endodontic',
  'periodontal',
  'prosthodontic',
  'surgical',
] as const;
export type FeeCategory = (typeof FEE_CATEGORIES)[number];

export interface ProcedureFee {
  code: string;
  description: string;
  category: FeeCategory;
  /** In cents. */
  fee: number;
}

export const FEE_SCHEDULE_TEXTS = {
  sampleLabel: /*i18n*/ {
    id: 'clinical.fees.sampleLabel',
    message: 'Sample fee schedule: made-up codes and fees for demonstration, not a provincial fee guide.',
  },
} as const satisfies Record<string, Text>;

/**
 * A coverage most dental plans give per category, used for an estimate until the patient's own plan is
 * known. A planner may change it per item.
 */
export const DEFAULT_COVERAGE_PERCENT: Readonly<Record<FeeCategory, number>> = {
  diagnostic: 80,
  preventive: 80,
  restorative: 80,
  endodontic: 80,
  periodontal: 80,
  prosthodontic: 50,
  surgical: 80,
};

/**
 * The sample schedule every demo practice starts with. Its codes are our own mnemonics and its fees are
 * invented round numbers: a real practice imports its own schedule. Never copy a provincial fee guide here.
 */
export const SAMPLE_FEE_SCHEDULE: readonly ProcedureFee[] = [
  { code: 'EXAM-NP', description: 'Comprehensive exam, new patient', category: 'diagnostic', fee: 12_000 },
  { code: 'EXAM-RC', description: 'Recall exam', category: 'diagnostic', fee: 5_000 },
  { code: 'EXAM-EM', description: 'Emergency exam', category: 'diagnostic', fee: 6_500 },
  { code: 'XR-BW2', description: 'Bitewing radiographs, two images', category: 'diagnostic', fee: 4_000 },
  { code: 'XR-PAN', description: 'Panoramic radiograph', category: 'diagnostic', fee: 9_000 },
  { code: 'PREV-SC', description: 'Scaling, per unit of 15 minutes', category: 'preventive', fee: 5_500 },
  { code: 'PREV-PO', description: 'Polishing', category: 'preventive', fee: 3_000 },
  { code: 'PREV-FL', description: 'Fluoride varnish', category: 'preventive', fee: 2_500 },
  { code: 'PREV-SE', description: 'Pit and fissure sealant, per tooth', category: 'preventive', fee: 3_500 },
  { code: 'RES-A1', description: 'Composite, anterior, one surface', category: 'restorative', fee: 13_000 },
  { code: 'RES-A2', description: 'Composite, anterior, two surfaces', category: 'restorative', fee: 16_500 },
  { code: 'RES-A3', description: 'Composite, anterior, three surfaces', category: 'restorative', fee: 20_000 },
  { code: 'RES-A4', description: 'Composite, anterior, four or more surfaces', category: 'restorative', fee: 24_000 },
  { code: 'RES-P1', description: 'Composite, posterior, one surface', category: 'restorative', fee: 15_000 },
  { code: 'RES-P2', description: 'Composite, posterior, two surfaces', category: 'restorative', fee: 19_000 },
  { code: 'RES-P3', description: 'Composite, posterior, three surfaces', category: 'restorative', fee: 23_500 },
  { code: 'RES-P4', description: 'Composite, posterior, four or more surfaces', category: 'restorative', fee: 27_500 },
  { code: 'AMG-1', description: 'Amalgam, one surface', category: 'restorative', fee: 12_000 },
  { code: 'AMG-2', description: 'Amalgam, two surfaces', category: 'restorative', fee: 15_500 },
  { code: 'AMG-3', description: 'Amalgam, three or more surfaces', category: 'restorative', fee: 19_000 },
  { code: 'GI-1', description: 'Glass ionomer restoration', category: 'restorative', fee: 11_000 },
  { code: 'CRN-CER', description: 'Crown, ceramic', category: 'prosthodontic', fee: 120_000 },
  { code: 'CRN-GLD', description: 'Crown, gold', category: 'prosthodontic', fee: 135_000 },
  { code: 'ONL-CER', description: 'Onlay, ceramic', category: 'prosthodontic', fee: 95_000 },
  { code: 'RCT-ANT', description: 'Root canal treatment, anterior', category: 'endodontic', fee: 70_000 },
  { code: 'RCT-PM', description: 'Root canal treatment, premolar', category: 'endodontic', fee: 85_000 },
  { code: 'RCT-MOL', description: 'Root canal treatment, molar', category: 'endodontic', fee: 110_000 },
  { code: 'PERIO-SRP', description: 'Scaling and root planing, per quadrant', category: 'periodontal', fee: 24_000 },
  { code: 'PERIO-RE', description: 'Periodontal re-evaluation', category: 'periodontal', fee: 6_000 },
  { code: 'EXT-S', description: 'Extraction, simple', category: 'surgical', fee: 16_000 },
  { code: 'EXT-SG', description: 'Extraction, surgical', category: 'surgical', fee: 32_000 },
  { code: 'IMP-FX', description: 'Implant fixture placement', category: 'surgical', fee: 250_000 },
  { code: 'IMP-CRN', description: 'Implant-supported crown', category: 'prosthodontic', fee: 160_000 },
  { code: 'BRG-3U', description: 'Fixed bridge, three units', category: 'prosthodontic', fee: 330_000 },
  { code: 'RPD-AC', description: 'Removable partial denture, acrylic', category: 'prosthodontic', fee: 110_000 },
];

export function feeFor(schedule: readonly ProcedureFee[], code: string): ProcedureFee | undefined {
  return schedule.find((fee) => fee.code === code);
}
