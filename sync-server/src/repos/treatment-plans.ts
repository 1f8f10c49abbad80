import type { PlanPhase, PlanStatus, TreatmentPlan } from '@dental/domain/clinical/plans';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { TreatmentPlansTable } from '../db/schema.ts';

function toPlan(row: Selectable<TreatmentPlansTable>): TreatmentPlan {
  return {
    id: row.id,
    patientId: row.patient_id,
    title: row.title,
    status: row.status as PlanStatus,
    phases: JSON.parse(row.phases) as PlanPhase[],
    notes: row.notes,
    createdBy: row.created_by,
    createdByName: row.created_by_name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    proposedAt: row.proposed_at,
    acceptedAt: row.accepted_at,
    acceptedByName: row.accepted_by_name,
    signature: row.signature,
  };
}

/** The practice's plans (or one patient's), newest proposal first. */
export async function plansOf(db: Db, practiceId: number, patientId?: string): Promise<TreatmentPlan[]> {
  let query = db.selectFrom('treatment_plans').selectAll().where('practice_id', '=', practiceId);
  if (patientId !== undefined) query = query.where('patient_id', '=', patientId);
  const rows = await query.orderBy('proposed_at', 'desc').orderBy('id').execute();
  return rows.map(toPlan);
}

export async function findPlan(db: Db, practiceId: number, id: string): Promise<TreatmentPlan | undefined> {
  const [plan] = await plansByIds(db, practiceId, [id]);
  return plan;
}

export async function plansByIds(db: Db, practiceId: number, ids: readonly string[]): Promise<TreatmentPlan[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('treatment_plans')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('id', 'in', ids)
    .execute();
  return rows.map(toPlan);
}

export async function insertPlan(db: Db, row: Insertable<TreatmentPlansTable>): Promise<void> {
  await db.insertInto('treatment_plans').values(row).execute();
}

export async function updatePlan(
  db: Db,
  practiceId: number,
  id: string,
  changes: Updateable<TreatmentPlansTable>,
): Promise<void> {
  await db
    .updateTable('treatment_plans')
    .set(changes)
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .execute();
}
