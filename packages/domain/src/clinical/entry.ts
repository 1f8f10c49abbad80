import * as v from 'valibot';
import { fill, type Text } from '../i18n/text.ts';
import { FIELD_TEXTS, jsonObject, optionalText, uuid } from '../validation/fields.ts';
import { clientMoment } from './client-time.ts';
import { readSurfaces, type Surface } from './surfaces.ts';
import { isTooth } from './teeth.ts';

/**
 * Whether a tooth is there and in what form. The first six exclude one another; a crown or a root
 * canal treatment is recorded on a present tooth and stacks with it.
 */
export const TOOTH_STATES = [
  'present',
  'missing',
  'impacted',
  'unerupted',
  'implant',
  'pontic',
  'crown',
  'root_canal_treated',
] as const;
export type ToothState = (typeof TOOTH_STATES)[number];
export const PRESENCE_STATES: readonly ToothState[] = [
  'present',
  'missing',
  'impacted',
  'unerupted',
  'implant',
  'pontic',
];
export const TREATMENT_STATES: readonly ToothState[] = ['crown', 'root_canal_treated'];

export const CONDITIONS = ['caries', 'restoration', 'fracture', 'sealant', 'watch'] as const;
export type Condition = (typeof CONDITIONS)[number];
/** Conditions that sit on named surfaces; a fracture or a watch may also be on the whole tooth. */
export const SURFACE_CONDITIONS: readonly Condition[] = ['caries', 'restoration', 'sealant'];

export const MATERIALS = ['amalgam', 'composite', 'glass_ionomer', 'gold', 'ceramic'] as const;
export type Material = (typeof MATERIALS)[number];

export const ENTRY_STATUSES = ['existing', 'planned', 'completed'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

export const TOOTH_STATE_TEXTS = {
  present: /*i18n*/ { id: 'clinical.state.present', message: 'Present' },
  missing: /*i18n*/ { id: 'clinical.state.missing', message: 'Missing' },
  impacted: /*i18n*/ { id: 'clinical.state.impacted', message: 'Impacted' },
  unerupted: /*i18n*/ { id: 'clinical.state.unerupted', message: 'Unerupted' },
  implant: /*i18n*/ { id: 'clinical.state.implant', message: 'Implant' },
  pontic: /*i18n*/ { id: 'clinical.state.pontic', message: 'Pontic' },
  crown: /*i18n*/ { id: 'clinical.state.crown', message: 'Crown' },
  root_canal_treated: /*i18n*/ { id: 'clinical.state.rootCanalTreated', message: 'Root canal treated' },
} as const satisfies Record<ToothState, Text>;

export const CONDITION_TEXTS = {
  caries: /*i18n*/ { id: 'clinical.condition.caries', message: 'Caries' },
  restoration: /*i18n*/ { id: 'clinical.condition.restoration', message: 'Restoration' },
  fracture: /*i18n*/ { id: 'clinical.condition.fracture', message: 'Fracture' },
  sealant: /*i18n*/ { id: 'clinical.condition.sealant', message: 'Sealant' },
  watch: /*i18n*/ { id: 'clinical.condition.watch', message: 'Watch' },
} as const satisfies Record<Condition, Text>;

export const MATERIAL_TEXTS = {
  amalgam: /*i18n*/ { id: 'clinical.material.amalgam', message: 'Amalgam' },
  composite: /*i18n*/ { id: 'clinical.material.composite', message: 'Composite' },
  glass_ionomer: /*i18n*/ { id: 'clinical.material.glassIonomer', message: 'Glass ionomer' },
  gold: /*i18n*/ { id: 'clinical.material.gold', message: 'Gold' },
  ceramic: /*i18n*/ { id: 'clinical.material.ceramic', message: 'Ceramic' },
} as const satisfies Record<Material, Text>;

export const ENTRY_STATUS_TEXTS = {
  existing: /*i18n*/ { id: 'clinical.status.existing', message: 'Existing' },
  planned: /*i18n*/ { id: 'clinical.status.planned', message: 'Planned' },
  completed: /*i18n*/ { id: 'clinical.status.completed', message: 'Completed' },
} as const satisfies Record<EntryStatus, Text>;

/**
 * The customary charting colours: existing work in blue, planned treatment in red, work done today in
 * green; caries is drawn in red whatever its status because it is a finding to act on.
 */
export const ENTRY_STATUS_COLOURS: Readonly<Record<EntryStatus, string>> = {
  existing: '#1c64d9',
  planned: '#d62828',
  completed: '#2b8a3e',
};

export const ENTRY_TEXTS = {
  toothInvalid: /*i18n*/ {
    id: 'clinical.entry.toothInvalid',
    message: 'tooth must be an FDI tooth number (11–48 or 51–85)',
  },
  surfacesInvalid: /*i18n*/ {
    id: 'clinical.entry.surfacesInvalid',
    message: 'surfaces: {surfaces} is not a surface of tooth {tooth}',
  },
  surfacesRequired: /*i18n*/ { id: 'clinical.entry.surfacesRequired', message: 'surfaces is required for {condition}' },
  nothingCharted: /*i18n*/ { id: 'clinical.entry.nothingCharted', message: 'state or condition is required' },
  materialOnlyForRestorations: /*i18n*/ {
    id: 'clinical.entry.materialOnly',
    message: 'material is only charted with a restoration or a crown',
  },
  alreadyVoided: /*i18n*/ { id: 'clinical.entry.alreadyVoided', message: 'This entry has already been voided.' },
} as const satisfies Record<string, Text>;

/** One charted fact, never edited: a correction is a void of it and a new entry. */
export interface ChartEntry {
  id: string;
  patientId: string;
  tooth: string;
  /** Empty for an entry on the whole tooth (a state, a fracture, a watch). */
  surfaces: Surface[];
  state: ToothState | null;
  condition: Condition | null;
  material: Material | null;
  status: EntryStatus;
  procedureCode: string | null;
  appointmentId: string | null;
  /** The entries on the same surfaces (or the same tooth's state) its author saw and meant to replace. */
  replaces: string[];
  recordedBy: number;
  recordedByName: string;
  recordedAt: string;
  voidedAt: string | null;
  voidedBy: number | null;
  voidedByName: string | null;
  voidReason: string | null;
}

const picklistOf = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  v.picklist(values, fill(FIELD_TEXTS.oneOf, { field, values: values.join(', ') }));

const toothField = v.pipe(
  v.union([
    v.string(ENTRY_TEXTS.toothInvalid.message),
    v.pipe(v.number(ENTRY_TEXTS.toothInvalid.message), v.transform(String)),
  ]),
  v.check((value: string) => isTooth(value), ENTRY_TEXTS.toothInvalid.message),
);

/** POST /api/clinical-charts/{patientId}/entries, and the same fields queued offline. */
export const createEntrySchema = v.pipe(
  jsonObject({
    /** Chosen by the device, so an entry charted offline keeps its id after sync. */
    id: v.optional(uuid('id')),
    tooth: toothField,
    surfaces: v.optional(
      v.nullable(
        v.union(
          [v.pipe(v.string(), v.maxLength(12)), v.pipe(v.array(v.string()), v.maxLength(6))],
          fill(FIELD_TEXTS.text, { field: 'surfaces' }),
        ),
      ),
    ),
    state: v.optional(v.nullable(picklistOf('state', TOOTH_STATES))),
    condition: v.optional(v.nullable(picklistOf('condition', CONDITIONS))),
    material: v.optional(v.nullable(picklistOf('material', MATERIALS))),
    status: picklistOf('status', ENTRY_STATUSES),
    procedureCode: optionalText('procedureCode', 20),
    appointmentId: v.optional(v.nullable(uuid('appointmentId'))),
    recordedAt: clientMoment('recordedAt'),
    replaces: v.optional(
      v.pipe(v.array(uuid('replaces')), v.maxLength(50, fill(FIELD_TEXTS.tooManyEntries, { field: 'replaces' }))),
    ),
  }),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const body = dataset.value;
    const reading = readSurfaces(body.surfaces ?? [], body.tooth);
    if (!reading.ok) {
      addIssue({
        message: fill(ENTRY_TEXTS.surfacesInvalid, { surfaces: reading.invalid.join(', '), tooth: body.tooth }),
        path: [{ type: 'object', origin: 'value', input: body, key: 'surfaces', value: body.surfaces }],
      });
      return NEVER;
    }
    const surfaces = reading.surfaces;
    const issue = (key: string, message: string) => {
      addIssue({
        message,
        path: [{ type: 'object', origin: 'value', input: body, key, value: body[key as keyof typeof body] }],
      });
      return NEVER;
    };
    if (!body.state && !body.condition) return issue('condition', ENTRY_TEXTS.nothingCharted.message);
    if (body.condition && SURFACE_CONDITIONS.includes(body.condition) && surfaces.length === 0) {
      return issue('surfaces', fill(ENTRY_TEXTS.surfacesRequired, { condition: body.condition }));
    }
    if (body.material && body.condition !== 'restoration' && body.state !== 'crown') {
      return issue('material', ENTRY_TEXTS.materialOnlyForRestorations.message);
    }
    return {
      id: body.id,
      tooth: body.tooth,
      surfaces,
      state: body.state ?? null,
      condition: body.condition ?? null,
      material: body.material ?? null,
      status: body.status,
      procedureCode: body.procedureCode ?? null,
      appointmentId: body.appointmentId ?? null,
      replaces: body.replaces,
      recordedAt: body.recordedAt,
    };
  }),
);
export type CreateEntryBody = v.InferOutput<typeof createEntrySchema>;

/** POST …/entries/{id}/void: the reason is part of the legal record. */
export const voidEntrySchema = jsonObject({
  reason: v.pipe(
    v.string(fill(FIELD_TEXTS.required, { field: 'reason' })),
    v.trim(),
    v.nonEmpty(fill(FIELD_TEXTS.required, { field: 'reason' })),
    v.maxLength(500, fill(FIELD_TEXTS.maxLength, { field: 'reason', max: 500 })),
  ),
});
export type VoidEntryBody = v.InferOutput<typeof voidEntrySchema>;
