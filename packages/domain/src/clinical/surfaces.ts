import type { Text } from '../i18n/text.ts';
import { isAnterior } from './teeth.ts';

/** Mesial, occlusal, incisal, distal, buccal, lingual: the canonical order surfaces are written in ('MOD'). */
export const SURFACES = ['M', 'O', 'I', 'D', 'B', 'L'] as const;
export type Surface = (typeof SURFACES)[number];

export const SURFACE_TEXTS = {
  M: /*i18n*/ { id: 'clinical.surface.M', message: 'Mesial' },
  O: /*i18n*/ { id: 'clinical.surface.O', message: 'Occlusal' },
  I: /*i18n*/ { id: 'clinical.surface.I', message: 'Incisal' },
  D: /*i18n*/ { id: 'clinical.surface.D', message: 'Distal' },
  B: /*i18n*/ { id: 'clinical.surface.B', message: 'Buccal' },
  L: /*i18n*/ { id: 'clinical.surface.L', message: 'Lingual' },
} as const satisfies Record<Surface, Text>;

/** Facial is charted as buccal and palatal as lingual. */
const SYNONYMS: Readonly<Record<string, Surface>> = { F: 'B', P: 'L' };

/** M, D, B and L on every tooth; I on incisors and canines, O on premolars and molars. */
export function surfacesOf(tooth: string): readonly Surface[] {
  return isAnterior(tooth) ? ['M', 'I', 'D', 'B', 'L'] : ['M', 'O', 'D', 'B', 'L'];
}

export type SurfaceReading = { ok: true; surfaces: Surface[] } | { ok: false; invalid: string[] };

/**
 * Reads surfaces as typed ('MOD', 'm o d', 'DO', ['M','F']) for one tooth: letters in any case and
 * order, separators ignored, F read as B and P as L, each surface once, in canonical order. Letters that
 * are not a surface of this tooth (I on 36, O on 11, X anywhere) are returned as invalid.
 */
export function readSurfaces(input: string | readonly string[], tooth: string): SurfaceReading {
  const letters = (typeof input === 'string' ? [input] : input)
    .join('')
    .toUpperCase()
    .replace(/[\s,;+/-]/g, '');
  const allowed = surfacesOf(tooth);
  const found = new Set<Surface>();
  const invalid: string[] = [];
  for (const letter of letters) {
    const surface = (SYNONYMS[letter] ?? letter) as Surface;
    if (allowed.includes(surface)) found.add(surface);
    else if (!invalid.includes(letter)) invalid.push(letter);
  }
  if (invalid.length > 0) return { ok: false, invalid };
  return { ok: true, surfaces: SURFACES.filter((surface) => found.has(surface)) };
}

export function surfacesLabel(surfaces: readonly Surface[]): string {
  return surfaces.join('');
}
