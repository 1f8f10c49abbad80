import type { Text } from '../i18n/text.ts';

/**
 * FDI two-digit tooth numbers (ISO 3950), as Canadian dentistry charts them: the first digit is the
 * quadrant (1–4 permanent, 5–8 primary, clockwise from the patient's upper right), the second the
 * tooth counted from the midline.
 */
const quadrantTeeth = (quadrants: readonly number[], count: number): string[] =>
  quadrants.flatMap((quadrant) => Array.from({ length: count }, (_, index) => `${quadrant}${index + 1}`));

export const PERMANENT_TEETH: readonly string[] = quadrantTeeth([1, 2, 3, 4], 8);
export const PRIMARY_TEETH: readonly string[] = quadrantTeeth([5, 6, 7, 8], 5);
const ALL_TEETH = new Set([...PERMANENT_TEETH, ...PRIMARY_TEETH]);

export const DENTITIONS = ['permanent', 'primary', 'mixed'] as const;
export type Dentition = (typeof DENTITIONS)[number];

export const DENTITION_TEXTS = {
  permanent: /*i18n*/ { id: 'clinical.dentition.permanent', message: 'Permanent' },
  primary: /*i18n*/ { id: 'clinical.dentition.primary', message: 'Primary' },
  mixed: /*i18n*/ { id: 'clinical.dentition.mixed', message: 'Mixed' },
} as const satisfies Record<Dentition, Text>;

export function isTooth(value: unknown): value is string {
  return typeof value === 'string' && ALL_TEETH.has(value);
}

export function isPrimaryTooth(tooth: string): boolean {
  return Number(tooth[0]) >= 5;
}

/** Incisors and canines (x1–x3) have an incisal edge; premolars and molars (x4–x8) an occlusal surface. */
export function isAnterior(tooth: string): boolean {
  return Number(tooth[1]) <= 3;
}

export function quadrantOf(tooth: string): number {
  return Number(tooth[0]);
}

/** The permanent quadrant a tooth sits in (a primary 75 is in quadrant 3), for per-quadrant rules such as scaling. */
export function archQuadrantOf(tooth: string): 1 | 2 | 3 | 4 {
  const quadrant = quadrantOf(tooth);
  return (quadrant > 4 ? quadrant - 4 : quadrant) as 1 | 2 | 3 | 4;
}

export function isUpper(tooth: string): boolean {
  return archQuadrantOf(tooth) <= 2;
}

/** Third molars: a missing one is not a gap to restore. */
export function isThirdMolar(tooth: string): boolean {
  return !isPrimaryTooth(tooth) && tooth[1] === '8';
}

/**
 * The chart's rows as the dentist faces the patient: upper right (18) to upper left (28), then lower
 * right (48) to lower left (38). Primary rows likewise (55…65, 85…75).
 */
function rowOf(rightQuadrant: number, leftQuadrant: number, count: number): string[] {
  const right = Array.from({ length: count }, (_, index) => `${rightQuadrant}${count - index}`);
  const left = Array.from({ length: count }, (_, index) => `${leftQuadrant}${index + 1}`);
  return [...right, ...left];
}

export interface ArchRows {
  upper: readonly string[];
  lower: readonly string[];
  upperPrimary: readonly string[];
  lowerPrimary: readonly string[];
}

export function archRows(dentition: Dentition): ArchRows {
  const permanent = dentition !== 'primary';
  const primary = dentition !== 'permanent';
  return {
    upper: permanent ? rowOf(1, 2, 8) : [],
    lower: permanent ? rowOf(4, 3, 8) : [],
    upperPrimary: primary ? rowOf(5, 6, 5) : [],
    lowerPrimary: primary ? rowOf(8, 7, 5) : [],
  };
}

export function teethOf(dentition: Dentition): readonly string[] {
  const rows = archRows(dentition);
  return [...rows.upper, ...rows.upperPrimary, ...rows.lowerPrimary, ...rows.lower];
}
