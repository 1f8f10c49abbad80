import { FEE_SCHEDULE_TEXTS } from '@dental/domain/clinical/fees';
import {
  type AcceptPlanBody,
  type CreatePlanBody,
  type PatchPlanBody,
  type PlanPhase,
  planAcceptRefusal,
  planChangeRefusal,
  type TreatmentPlan,
} from '@dental/domain/clinical/plans';
import { DomainError, invalidInput } from '@dental/domain/errors';
import type { Db } from '../db/connection.ts';
import { recordChange } from '../repos/changes.ts';
import { feesByCodes, type ProcedureFeeRow, procedureFees } from '../repos/procedure-fees.ts';
import { findPlan, insertPlan, plansOf, updatePlan } from '../repos/treatment-plans.ts';
import { claimId } from './client-ids.ts';
import { auditClinical, type ClinicalActor } from './clinical-actor.ts';
import { requirePatient } from './patients.ts';

export async function treatmentPlansOf(db: Db, practiceId: number, patientId?: string): Promise<TreatmentPlan[]> {
  if (patientId !== undefined) await requirePatient(db, practiceId, patientId);
  return plansOf(db, practiceId, patientId);
}

/** GET /api/procedure-fees: the practice's schedule, always labelled as the made-up sample it is. */
export async function feeSchedule(
  db: Db,
  practiceId: number,
): Promise<{ sample: true; label: string; fees: ProcedureFeeRow[] }> {
  return { sample: true, label: FEE_SCHEDULE_TEXTS.sampleLabel.message, fees: await procedureFees(db, practiceId) };
}

async function requirePlan(db: Db, practiceId: number, id: string): Promise<TreatmentPlan> {
  const plan = await findPlan(db, practiceId, id);
  if (!plan) throw new DomainError('NOT_FOUND', 'Treatment plan not found.');
  return plan;
}

/** Every item's code must be in the practice's fee schedule; a refusal names the item as validation does. */
async function requireKnownCodes(db: Db, practiceId: number, phases: readonly PlanPhase[]): Promise<void> {
  const codes = [...new Set(phases.flatMap((phase) => phase.items.map((item) => item.code)))];
  const known = new Set((await feesByCodes(db, practiceId, codes)).map((fee) => fee.code));
  for (const [p, phase] of phases.entries()) {
    for (const [i, item] of phase.items.entries()) {
      if (known.has(item.code)) continue;
      throw invalidInput(
        [{ field: `phases.${p}.items.${i}.code`, message: `code ${item.code} is not in this practice's fee schedule` }],
        'REFERENCE_INVALID',
      );
    }
  }
}

export async function createPlan(db: Db, actor: ClinicalActor, body: CreatePlanBody): Promise<TreatmentPlan> {
  const { practiceId, now } = actor;
  await requirePatient(db, practiceId, body.patientId);
  const id = await claimId(db, 'treatment_plans', body.id);
  await requireKnownCodes(db, practiceId, body.phases);
  const stamp = now.toISOString();
  await insertPlan(db, {
    id,
    practice_id: practiceId,
    patient_id: body.patientId,
    title: body.title,
    status: 'proposed',
    phases: JSON.stringify(body.phases),
    notes: body.notes ?? null,
    created_by: actor.userId,
    created_by_name: actor.userName,
    created_at: stamp,
    updated_at: stamp,
    proposed_at: stamp,
    accepted_at: null,
    accepted_by_name: null,
    signature: null,
  });
  await recordChange(db, { practiceId, table: 'treatment_plans', rowId: id, at: now });
  await auditClinical(db, actor, 'clinical.plan.create', 'treatment_plan', id, {
    patientId: body.patientId,
    title: body.title,
    items: body.phases.reduce((n, phase) => n + phase.items.length, 0),
  });
  return requirePlan(db, practiceId, id);
}

export async function patchPlan(db: Db, actor: ClinicalActor, id: string, body: PatchPlanBody): Promise<TreatmentPlan> {
  const { practiceId, now } = actor;
  const plan = await requirePlan(db, practiceId, id);
  const refusal = planChangeRefusal(plan, body);
  if (refusal) throw new DomainError(refusal.code, refusal.text.message);
  if (body.phases !== undefined) await requireKnownCodes(db, practiceId, body.phases);
  const stamp = now.toISOString();
  await updatePlan(db, practiceId, id, {
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.phases !== undefined ? { phases: JSON.stringify(body.phases) } : {}),
    ...(body.notes !== undefined ? { notes: body.notes } : {}),
    ...(body.status !== undefined ? { status: body.status } : {}),
    // Proposing again restarts the 90 days of spec 9.
    ...(body.status === 'proposed' ? { proposed_at: stamp } : {}),
    updated_at: stamp,
  });
  await recordChange(db, { practiceId, table: 'treatment_plans', rowId: id, at: now });
  await auditClinical(db, actor, 'clinical.plan.update', 'treatment_plan', id, {
    patientId: plan.patientId,
    changed: Object.keys(body),
    ...(body.status !== undefined ? { from: plan.status, to: body.status } : {}),
  });
  return requirePlan(db, practiceId, id);
}

/** The patient accepts a proposal with a drawn signature; a proposal older than 90 days must be proposed again. */
export async function acceptPlan(
  db: Db,
  actor: ClinicalActor,
  id: string,
  body: AcceptPlanBody,
): Promise<TreatmentPlan> {
  const { practiceId, now } = actor;
  const plan = await requirePlan(db, practiceId, id);
  const refusal = planAcceptRefusal(plan, now);
  if (refusal) throw new DomainError(refusal.code, refusal.text.message);
  const patient = await requirePatient(db, practiceId, plan.patientId);
  const signedBy = body.signedBy ?? `${patient.first_name} ${patient.last_name}`;
  const stamp = now.toISOString();
  await updatePlan(db, practiceId, id, {
    status: 'accepted',
    accepted_at: stamp,
    accepted_by_name: signedBy,
    signature: body.signature,
    updated_at: stamp,
  });
  await recordChange(db, { practiceId, table: 'treatment_plans', rowId: id, at: now });
  await auditClinical(db, actor, 'clinical.plan.accept', 'treatment_plan', id, {
    patientId: plan.patientId,
    signedBy,
  });
  return requirePlan(db, practiceId, id);
}
