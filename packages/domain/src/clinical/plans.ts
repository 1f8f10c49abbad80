import * as v from 'valibot';
import { BILLING_AND_CLINICAL } from '../constants.ts';
import { fill, type Text } from '../i18n/text.ts';
import { FIELD_TEXTS, jsonObject, optionalText, uuid } from '../validation/fields.ts';
import { readSurfaces, type Surface } from './surfaces.ts';
import { isTooth } from './teeth.ts';

export const PLAN_STATUSES = ['proposed', 'accepted', 'in_progress', 'completed', 'expired'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];
/** What a planner may set by hand; 'accepted' comes only with a signature, 'expired' only with time. */
export const SETTABLE_PLAN_STATUSES = ['proposed', 'in_progress', 'completed'] as const;

export const PLAN_STATUS_TEXTS = {
  proposed: /*i18n*/ { id: 'clinical.plan.status.proposed', message: 'Proposed' },
  accepted: /*i18n*/ { id: 'clinical.plan.status.accepted', message: 'Accepted' },
  in_progress: /*i18n*/ { id: 'clinical.plan.status.inProgress', message: 'In progress' },
  completed: /*i18n*/ { id: 'clinical.plan.status.completed', message: 'Completed' },
  expired: /*i18n*/ { id: 'clinical.plan.status.expired', message: 'Expired' },
} as const satisfies Record<PlanStatus, Text>;

export const PLAN_TEXTS = {
  expired: /*i18n*/ {
    id: 'clinical.plan.expired',
    message: 'This treatment plan expired after 90 days. Review it and propose it again before accepting.',
  },
  notProposed: /*i18n*/ { id: 'clinical.plan.notProposed', message: 'Only a proposed plan can be accepted.' },
  notAccepted: /*i18n*/ {
    id: 'clinical.plan.notAccepted',
    message: 'The patient must accept the plan before treatment starts.',
  },
  accepted: /*i18n*/ {
    id: 'clinical.plan.accepted',
    message: 'An accepted plan cannot be changed. Start a new plan instead.',
  },
  signatureInvalid: /*i18n*/ {
    id: 'clinical.plan.signatureInvalid',
    message: 'signature must be a drawn signature (a PNG image)',
  },
} as const satisfies Record<string, Text>;

export interface PlanItem {
  id: string;
  code: string;
  description: string;
  tooth: string | null;
  surfaces: Surface[];
  /** In cents, from the practice's fee schedule when the item was added. */
  fee: number;
  /** Share the patient's insurance is expected to pay. */
  coveragePercent: number;
  done: boolean;
}

export interface PlanPhase {
  name: string;
  items: PlanItem[];
}

export interface TreatmentPlan {
  id: string;
  patientId: string;
  title: string;
  /** As stored; read it through planStatus(), which knows about expiry. */
  status: PlanStatus;
  phases: PlanPhase[];
  notes: string | null;
  createdBy: number;
  createdByName: string;
  createdAt: string;
  updatedAt: string;
  proposedAt: string;
  acceptedAt: string | null;
  acceptedByName: string | null;
  /** A PNG data URL of the patient's signature. */
  signature: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Spec 9: a proposal not accepted within 90 days expires; accepted plans never do. */
export function planStatus(plan: Pick<TreatmentPlan, 'status' | 'proposedAt'>, now: Date): PlanStatus {
  if (plan.status !== 'proposed') return plan.status;
  const expiresAt = Date.parse(plan.proposedAt) + BILLING_AND_CLINICAL.treatmentPlanExpiryDays * DAY_MS;
  return now.getTime() >= expiresAt ? 'expired' : 'proposed';
}

export function planExpiresAt(plan: Pick<TreatmentPlan, 'proposedAt'>): string {
  return new Date(Date.parse(plan.proposedAt) + BILLING_AND_CLINICAL.treatmentPlanExpiryDays * DAY_MS).toISOString();
}

export interface Estimate {
  total: number;
  insurance: number;
  patient: number;
}

function itemEstimate(item: Pick<PlanItem, 'fee' | 'coveragePercent'>): Estimate {
  const insurance = Math.round((item.fee * item.coveragePercent) / 100);
  return { total: item.fee, insurance, patient: item.fee - insurance };
}

const add = (a: Estimate, b: Estimate): Estimate => ({
  total: a.total + b.total,
  insurance: a.insurance + b.insurance,
  patient: a.patient + b.patient,
});
const ZERO: Estimate = { total: 0, insurance: 0, patient: 0 };

/** The patient-portion estimate of a plan and of each phase, in cents. */
export function planEstimate(plan: Pick<TreatmentPlan, 'phases'>): { total: Estimate; phases: Estimate[] } {
  const phases = plan.phases.map((phase) => phase.items.map(itemEstimate).reduce(add, ZERO));
  return { total: phases.reduce(add, ZERO), phases };
}

const cents = (field: string) =>
  v.pipe(
    v.number(fill(FIELD_TEXTS.boundedInt, { field, min: 0, max: 10_000_000 })),
    v.integer(fill(FIELD_TEXTS.boundedInt, { field, min: 0, max: 10_000_000 })),
    v.minValue(0, fill(FIELD_TEXTS.boundedInt, { field, min: 0, max: 10_000_000 })),
    v.maxValue(10_000_000, fill(FIELD_TEXTS.boundedInt, { field, min: 0, max: 10_000_000 })),
  );

const planItemSchema = v.pipe(
  v.object({
    id: uuid('id'),
    code: v.pipe(
      v.string(fill(FIELD_TEXTS.required, { field: 'code' })),
      v.trim(),
      v.nonEmpty(fill(FIELD_TEXTS.required, { field: 'code' })),
      v.maxLength(20),
    ),
    description: v.pipe(
      v.string(fill(FIELD_TEXTS.text, { field: 'description' })),
      v.maxLength(200, fill(FIELD_TEXTS.maxLength, { field: 'description', max: 200 })),
    ),
    tooth: v.optional(
      v.nullable(
        v.pipe(
          v.string(),
          v.check((value: string) => isTooth(value), fill(FIELD_TEXTS.validId, { field: 'tooth' })),
        ),
      ),
      null,
    ),
    surfaces: v.optional(v.array(v.string()), []),
    fee: cents('fee'),
    coveragePercent: v.optional(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(0, fill(FIELD_TEXTS.boundedInt, { field: 'coveragePercent', min: 0, max: 100 })),
        v.maxValue(100, fill(FIELD_TEXTS.boundedInt, { field: 'coveragePercent', min: 0, max: 100 })),
      ),
      0,
    ),
    done: v.optional(v.boolean(), false),
  }),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const item = dataset.value;
    if (item.tooth === null) return { ...item, tooth: null, surfaces: [] as Surface[] };
    const reading = readSurfaces(item.surfaces, item.tooth);
    if (!reading.ok) {
      addIssue({
        message: fill(FIELD_TEXTS.validId, { field: 'surfaces' }),
        path: [{ type: 'object', origin: 'value', input: item, key: 'surfaces', value: item.surfaces }],
      });
      return NEVER;
    }
    return { ...item, surfaces: reading.surfaces };
  }),
);

const phasesSchema = v.pipe(
  v.array(
    v.object({
      name: v.pipe(
        v.string(fill(FIELD_TEXTS.required, { field: 'name' })),
        v.trim(),
        v.nonEmpty(fill(FIELD_TEXTS.required, { field: 'name' })),
        v.maxLength(80),
      ),
      items: v.pipe(
        v.array(planItemSchema, fill(FIELD_TEXTS.list, { field: 'items' })),
        v.maxLength(100, fill(FIELD_TEXTS.tooManyEntries, { field: 'items' })),
      ),
    }),
    fill(FIELD_TEXTS.list, { field: 'phases' }),
  ),
  v.maxLength(10, fill(FIELD_TEXTS.tooManyEntries, { field: 'phases' })),
);

const planTitle = v.pipe(
  v.string(fill(FIELD_TEXTS.required, { field: 'title' })),
  v.trim(),
  v.nonEmpty(fill(FIELD_TEXTS.required, { field: 'title' })),
  v.maxLength(120, fill(FIELD_TEXTS.maxLength, { field: 'title', max: 120 })),
);

export const createPlanSchema = jsonObject({
  id: v.optional(uuid('id')),
  patientId: uuid('patientId'),
  title: planTitle,
  phases: phasesSchema,
  notes: optionalText('notes', 4000),
});
export type CreatePlanBody = v.InferOutput<typeof createPlanSchema>;

export const patchPlanSchema = jsonObject({
  title: v.optional(planTitle),
  phases: v.optional(phasesSchema),
  notes: optionalText('notes', 4000),
  status: v.optional(
    v.picklist(
      SETTABLE_PLAN_STATUSES,
      fill(FIELD_TEXTS.oneOf, { field: 'status', values: SETTABLE_PLAN_STATUSES.join(', ') }),
    ),
  ),
});
export type PatchPlanBody = v.InferOutput<typeof patchPlanSchema>;

/** A drawn signature: a PNG data URL, at most about 300 kB. */
export const acceptPlanSchema = jsonObject({
  signature: v.pipe(
    v.string(PLAN_TEXTS.signatureInvalid.message),
    v.regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, PLAN_TEXTS.signatureInvalid.message),
    v.maxLength(400_000, PLAN_TEXTS.signatureInvalid.message),
  ),
  signedBy: optionalText('signedBy', 120),
});
export type AcceptPlanBody = v.InferOutput<typeof acceptPlanSchema>;

export const planListQuerySchema = v.object({ patientId: v.optional(uuid('patientId')) });

export interface PlanRefusal {
  code: 'PLAN_STATUS' | 'PLAN_EXPIRED';
  field: 'status' | 'phases';
  text: Text;
}

/** The phases with every item's done mark cleared: what must stay as the patient signed it. */
const withoutProgress = (phases: readonly PlanPhase[]) =>
  JSON.stringify(phases.map((phase) => ({ ...phase, items: phase.items.map((item) => ({ ...item, done: false })) })));

/**
 * Where a plan may go by hand, the same on the device and on the server. A proposal (expired or not) may be
 * proposed again, which restarts its 90 days; treatment starts and completes only once the patient has
 * accepted; on an accepted or in-progress plan only the items' done marks change; a completed plan's phases
 * never do.
 */
export function planChangeRefusal(
  plan: Pick<TreatmentPlan, 'status' | 'phases'>,
  change: Pick<PatchPlanBody, 'status' | 'phases'>,
): PlanRefusal | null {
  const stored = plan.status;
  if (change.status === 'proposed' && stored !== 'proposed') {
    return { code: 'PLAN_STATUS', field: 'status', text: PLAN_TEXTS.accepted };
  }
  if ((change.status === 'in_progress' || change.status === 'completed') && stored === 'proposed') {
    return { code: 'PLAN_STATUS', field: 'status', text: PLAN_TEXTS.notAccepted };
  }
  if (change.phases !== undefined && stored !== 'proposed') {
    const asSigned = withoutProgress(plan.phases) === withoutProgress(change.phases);
    if (stored === 'completed' || !asSigned) return { code: 'PLAN_STATUS', field: 'phases', text: PLAN_TEXTS.accepted };
  }
  return null;
}

/** Only a live proposal can be accepted; an expired one must be proposed again first. */
export function planAcceptRefusal(plan: Pick<TreatmentPlan, 'status' | 'proposedAt'>, now: Date): PlanRefusal | null {
  const status = planStatus(plan, now);
  if (status === 'expired') return { code: 'PLAN_EXPIRED', field: 'status', text: PLAN_TEXTS.expired };
  if (status !== 'proposed') return { code: 'PLAN_STATUS', field: 'status', text: PLAN_TEXTS.notProposed };
  return null;
}
