import type { Surface } from '@dental/domain/clinical/surfaces';
import { type ArchRows, archRows, type Dentition, isAnterior } from '@dental/domain/clinical/teeth';

/** One tooth's cell in the chart's own units (the SVG scales to the width it is given). */
export const CELL = 48;
export const CROWN = 36;
/** Inset of the occlusal/incisal square inside the crown. */
const INSET = 11;
export const ROOT = 16;
export const LABEL = 14;
export const ROW_HEIGHT = ROOT + CROWN + LABEL + 6;
/** Space between the patient's right and left halves, where the midline is drawn. */
export const MIDLINE_GAP = 14;
export const CHART_WIDTH = CELL * 16 + MIDLINE_GAP;

/** Quadrants on the patient's right are drawn on the chart's left, as the dentist faces the patient. */
const onPatientRight = (tooth: string) => ['1', '4', '5', '8'].includes(tooth[0] ?? '');
export const isUpperTooth = (tooth: string) => ['1', '2', '5', '6'].includes(tooth[0] ?? '');

/** The column a tooth sits in: primary x5 under permanent x5, so a mixed dentition lines up. */
export function columnOf(tooth: string): number {
  const position = Number(tooth[1]);
  return onPatientRight(tooth) ? 8 - position : 7 + position;
}

export function cellX(tooth: string): number {
  const column = columnOf(tooth);
  return column * CELL + (column >= 8 ? MIDLINE_GAP : 0);
}

export interface ChartRow {
  key: keyof ArchRows;
  teeth: readonly string[];
  upper: boolean;
  y: number;
}

/** The rows drawn for a dentition, top to bottom: upper permanent, upper primary, lower primary, lower permanent. */
export function chartRows(dentition: Dentition): ChartRow[] {
  const rows = archRows(dentition);
  const order: [keyof ArchRows, boolean][] = [
    ['upper', true],
    ['upperPrimary', true],
    ['lowerPrimary', false],
    ['lower', false],
  ];
  const drawn = order.filter(([key]) => rows[key].length > 0);
  return drawn.map(([key, upper], index) => ({
    key,
    teeth: rows[key],
    upper,
    // The arches are parted by a little more than the rows within one arch.
    y: index * ROW_HEIGHT + (upper ? 0 : 10),
  }));
}

export function chartHeight(dentition: Dentition): number {
  const rows = chartRows(dentition);
  return rows.length * ROW_HEIGHT + 10;
}

type Side = 'top' | 'right' | 'bottom' | 'left' | 'centre';

/**
 * Which surface each part of the crown diagram is: buccal faces out of the arch (up on the upper
 * row, down on the lower), mesial faces the midline, the centre is occlusal or incisal.
 */
export function surfaceSides(tooth: string): Record<Side, Surface> {
  const upper = isUpperTooth(tooth);
  const mesialRight = onPatientRight(tooth);
  return {
    top: upper ? 'B' : 'L',
    bottom: upper ? 'L' : 'B',
    right: mesialRight ? 'M' : 'D',
    left: mesialRight ? 'D' : 'M',
    centre: isAnterior(tooth) ? 'I' : 'O',
  };
}

/** The five parts of the crown as SVG points, relative to the crown's top-left corner. */
export const SIDE_POINTS: Readonly<Record<Side, string>> = (() => {
  const s = CROWN;
  const c = INSET;
  return {
    top: `0,0 ${s},0 ${s - c},${c} ${c},${c}`,
    right: `${s},0 ${s},${s} ${s - c},${s - c} ${s - c},${c}`,
    bottom: `0,${s} ${s},${s} ${s - c},${s - c} ${c},${s - c}`,
    left: `0,0 0,${s} ${c},${s - c} ${c},${c}`,
    centre: `${c},${c} ${s - c},${c} ${s - c},${s - c} ${c},${s - c}`,
  };
})();

export const SIDES: readonly Side[] = ['top', 'right', 'bottom', 'left', 'centre'];
