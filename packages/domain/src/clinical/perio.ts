import * as v from 'valibot';
import { fill, type Text } from '../i18n/text.ts';
import { dateField } from '../scheduling/appointment-fields.ts';
import { FIELD_TEXTS, jsonObject, uuid } from '../validation/fields.ts';
import { archRows, isTooth, PERMANENT_TEETH } from './teeth.ts';

/**
 * The six probing sites of a tooth, always stored in this order: distobuccal, buccal, mesiobuccal,
 * distolingual, lingual, mesiolingual.
 */
export const PERIO_SITES = ['DB', 'B', 'MB', 'DL', 'L', 'ML'] as const;
export type PerioSite = (typeof PERIO_SITES)[number];
export type SixSites<T> = [T, T, T, T, T, T];

export const MAX_PROBING_MM = 15;
/** Recession is negative where the margin sits above the cemento-enamel junction (overgrowth). */
export const MIN_RECESSION_MM = -5;
export const MAX_RECESSION_MM = 15;
/** Sites whose attachment is worse than the previous exam's by this much are highlighted. */
export const PERIO_WORSENING_MM = 2;
/** Pockets this deep or deeper call for scaling and root planing of the quadrant. */
export const DEEP_POCKET_MM = 5;

export interface PerioTooth {
  depth: SixSites<number | null>;
  recession: SixSites<number | null>;
  bleeding: SixSites<boolean>;
  suppuration: SixSites<boolean>;
  /** Miller class 0–3. */
  mobility: number | null;
  /** Glickman grade 0–3 (the worst furcation of the tooth). */
  furcation: number | null;
}

export interface PerioExam {
  id: string;
  patientId: string;
  appointmentId: string | null;
  examDate: string;
  teeth: Record<string, PerioTooth>;
  recordedBy: number;
  recordedByName: string;
  recordedAt: string;
  updatedAt: string;
}

export const PERIO_TEXTS = {
  siteList: /*i18n*/ { id: 'clinical.perio.siteList', message: '{field} must list six sites' },
  toothInvalid: /*i18n*/ { id: 'clinical.perio.toothInvalid', message: 'teeth: {tooth} is not an FDI tooth number' },
} as const satisfies Record<string, Text>;

export function emptyPerioTooth(): PerioTooth {
  return {
    depth: [null, null, null, null, null, null],
    recession: [null, null, null, null, null, null],
    bleeding: [false, false, false, false, false, false],
    suppuration: [false, false, false, false, false, false],
    mobility: null,
    furcation: null,
  };
}

/** Clinical attachment level: probing depth plus recession, when the depth was probed. */
export function attachmentLevel(depth: number | null, recession: number | null): number | null {
  return depth === null ? null : depth + (recession ?? 0);
}

export interface PerioStop {
  tooth: string;
  site: PerioSite;
  /** Index into the six stored sites. */
  index: number;
}

/**
 * The standard probing path, quadrant by quadrant and buccal before lingual: along the upper arch on the
 * buccal side from 18 to 28, back along its palatal side from 28 to 18, then the lower arch buccal from
 * 38 to 48 and lingual from 48 to 38. Each tooth's three sites are met in the direction of travel, so
 * digits typed one after another fill the chart the way the hygienist probes.
 */
export function perioPath(teeth: readonly string[] = PERMANENT_TEETH): PerioStop[] {
  const present = new Set(teeth);
  const rows = archRows('permanent');
  const upper = rows.upper.filter((tooth) => present.has(tooth));
  const lowerLeftToRight = [...rows.lower].reverse().filter((tooth) => present.has(tooth));
  const stops: PerioStop[] = [];
  // A pass crosses the arch: in the first quadrant it meets each tooth's distal site first (moving
  // towards the midline), in the second its mesial site first (moving away from it).
  const walk = (order: readonly string[], side: 'buccal' | 'lingual') => {
    const firstQuadrant = order[0]?.[0];
    const sites: PerioSite[] = side === 'buccal' ? ['DB', 'B', 'MB'] : ['DL', 'L', 'ML'];
    for (const tooth of order) {
      const ordered = tooth[0] === firstQuadrant ? sites : [...sites].reverse();
      for (const site of ordered) stops.push({ tooth, site, index: PERIO_SITES.indexOf(site) });
    }
  };
  walk(upper, 'buccal');
  walk([...upper].reverse(), 'lingual');
  walk(lowerLeftToRight, 'buccal');
  walk([...lowerLeftToRight].reverse(), 'lingual');
  return stops;
}

export interface PerioWorsening {
  tooth: string;
  site: PerioSite;
  before: number;
  now: number;
}

/** Sites whose attachment level is worse than at the previous exam by 2 mm or more. */
export function perioWorsening(current: PerioExam, previous: PerioExam | null): PerioWorsening[] {
  if (!previous) return [];
  const found: PerioWorsening[] = [];
  for (const [tooth, now] of Object.entries(current.teeth)) {
    const before = previous.teeth[tooth];
    if (!before) continue;
    PERIO_SITES.forEach((site, index) => {
      const nowLevel = attachmentLevel(now.depth[index] ?? null, now.recession[index] ?? null);
      const beforeLevel = attachmentLevel(before.depth[index] ?? null, before.recession[index] ?? null);
      if (nowLevel !== null && beforeLevel !== null && nowLevel - beforeLevel >= PERIO_WORSENING_MM) {
        found.push({ tooth, site, before: beforeLevel, now: nowLevel });
      }
    });
  }
  return found;
}

/** The exam just before this one (by date, then by when it was recorded). */
export function previousExam(exams: readonly PerioExam[], current: PerioExam): PerioExam | null {
  const earlier = exams
    .filter((exam) => exam.id !== current.id)
    .filter(
      (exam) =>
        exam.examDate < current.examDate ||
        (exam.examDate === current.examDate && exam.recordedAt < current.recordedAt),
    )
    .sort((a, b) =>
      a.examDate === b.examDate ? b.recordedAt.localeCompare(a.recordedAt) : b.examDate.localeCompare(a.examDate),
    );
  return earlier[0] ?? null;
}

const sixOf = <T extends v.GenericSchema>(field: string, item: T) =>
  v.pipe(v.array(item, fill(PERIO_TEXTS.siteList, { field })), v.length(6, fill(PERIO_TEXTS.siteList, { field })));

const mm = (field: string, min: number, max: number) =>
  v.nullable(
    v.pipe(
      v.number(fill(FIELD_TEXTS.boundedInt, { field, min, max })),
      v.integer(fill(FIELD_TEXTS.boundedInt, { field, min, max })),
      v.minValue(min, fill(FIELD_TEXTS.boundedInt, { field, min, max })),
      v.maxValue(max, fill(FIELD_TEXTS.boundedInt, { field, min, max })),
    ),
  );

const grade = (field: string) => v.optional(mm(field, 0, 3), null);

export const perioToothSchema = v.object({
  depth: sixOf('depth', mm('depth', 0, MAX_PROBING_MM)),
  recession: sixOf('recession', mm('recession', MIN_RECESSION_MM, MAX_RECESSION_MM)),
  bleeding: sixOf('bleeding', v.boolean(fill(FIELD_TEXTS.boolean, { field: 'bleeding' }))),
  suppuration: sixOf('suppuration', v.boolean(fill(FIELD_TEXTS.boolean, { field: 'suppuration' }))),
  mobility: grade('mobility'),
  furcation: grade('furcation'),
});

const teethReadings = v.pipe(
  v.record(v.string(), perioToothSchema),
  v.check(
    (teeth) => Object.keys(teeth).every(isTooth),
    (issue) => {
      const bad = Object.keys(issue.input as Record<string, unknown>).find((tooth) => !isTooth(tooth)) ?? '';
      return fill(PERIO_TEXTS.toothInvalid, { tooth: bad });
    },
  ),
);

/** POST /api/perio-exams: a whole exam, or its first readings. */
export const createPerioExamSchema = jsonObject({
  id: v.optional(uuid('id')),
  patientId: uuid('patientId'),
  appointmentId: v.optional(v.nullable(uuid('appointmentId'))),
  examDate: dateField('examDate'),
  teeth: teethReadings,
});
export type CreatePerioExamBody = v.InferOutput<typeof createPerioExamSchema>;

/** PATCH /api/perio-exams/{id}: the teeth given replace those teeth's readings; others are kept. */
export const patchPerioExamSchema = jsonObject({ teeth: teethReadings });
export type PatchPerioExamBody = v.InferOutput<typeof patchPerioExamSchema>;
