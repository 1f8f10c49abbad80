import { DEFAULT_COVERAGE_PERCENT, type ProcedureFee } from '@dental/domain/clinical/fees';
import type { PlanItem, PlanPhase, PlanStatus, TreatmentPlan } from '@dental/domain/clinical/plans';
import { readSurfaces, type Surface } from '@dental/domain/clinical/surfaces';
import { isTooth } from '@dental/domain/clinical/teeth';

/** A plan item as the editor holds it: tooth and surfaces as typed, checked before saving. */
export interface DraftItem {
  id: string;
  code: string;
  description: string;
  tooth: string;
  surfaces: string;
  fee: number;
  coveragePercent: number;
  done: boolean;
}

export interface DraftPhase {
  key: string;
  name: string;
  items: DraftItem[];
}

export interface DraftPlan {
  title: string;
  notes: string;
  phases: DraftPhase[];
}

export const newId = (): string => crypto.randomUUID();

/** A new item from the fee schedule, with the category's usual coverage. */
export function itemFromFee(fee: ProcedureFee, tooth = '', surfaces = ''): DraftItem {
  return {
    id: newId(),
    code: fee.code,
    description: fee.description,
    tooth,
    surfaces,
    fee: fee.fee,
    coveragePercent: DEFAULT_COVERAGE_PERCENT[fee.category],
    done: false,
  };
}

export function draftOf(plan: Pick<TreatmentPlan, 'title' | 'notes' | 'phases'>): DraftPlan {
  return {
    title: plan.title,
    notes: plan.notes ?? '',
    phases: plan.phases.map((phase) => ({
      key: newId(),
      name: phase.name,
      items: phase.items.map((item) => ({
        ...item,
        tooth: item.tooth ?? '',
        surfaces: item.surfaces.join(''),
      })),
    })),
  };
}

export function emptyDraft(title: string, phaseName: string): DraftPlan {
  return { title, notes: '', phases: [{ key: newId(), name: phaseName, items: [] }] };
}

export type ItemProblem = 'tooth' | 'surfaces' | null;

/** What is wrong with an item's tooth or surfaces, checked with the domain's own rules. */
export function itemProblem(item: Pick<DraftItem, 'tooth' | 'surfaces'>): ItemProblem {
  const tooth = item.tooth.trim();
  if (tooth === '') return item.surfaces.trim() === '' ? null : 'tooth';
  if (!isTooth(tooth)) return 'tooth';
  return readSurfaces(item.surfaces.trim(), tooth).ok ? null : 'surfaces';
}

export function draftProblems(draft: DraftPlan): boolean {
  return (
    draft.title.trim() === '' ||
    draft.phases.some((phase) => phase.name.trim() === '' || phase.items.some((item) => itemProblem(item) !== null))
  );
}

/** The phases as the API takes them: surfaces read the domain's way (F is B, P is L, canonical order). */
export function phasesOf(draft: DraftPlan): PlanPhase[] {
  return draft.phases.map((phase) => ({
    name: phase.name.trim(),
    items: phase.items.map((item): PlanItem => {
      const tooth = item.tooth.trim() || null;
      const reading = tooth ? readSurfaces(item.surfaces.trim(), tooth) : null;
      const surfaces: Surface[] = reading?.ok ? reading.surfaces : [];
      return {
        id: item.id,
        code: item.code,
        description: item.description,
        tooth,
        surfaces,
        fee: Math.round(item.fee),
        coveragePercent: Math.round(item.coveragePercent),
        done: item.done,
      };
    }),
  }));
}

/** The colour of each status's badge: readable in both themes with Mantine's light variant. */
export const PLAN_STATUS_COLOURS: Readonly<Record<PlanStatus, string>> = {
  proposed: 'blue',
  accepted: 'teal',
  in_progress: 'violet',
  completed: 'green',
  expired: 'red',
};

/** A plan a suggestion can be added to: the patient's newest plan still proposed (not expired). */
export function openPlanOf(plans: readonly TreatmentPlan[], status: (plan: TreatmentPlan) => PlanStatus) {
  return [...plans]
    .filter((plan) => status(plan) === 'proposed')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
}
