import type { Recall, RecallType } from '@dental/domain/patients/recall.schema';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { RecallsTable, RecallTypesTable } from '../db/schema.ts';

/** A practice's recalls with their type's name, in the shape the REST API and the pull feed give them. */
function recallsOf(db: Db, practiceId: number) {
  return db
    .selectFrom('recalls as r')
    .innerJoin('recall_types as t', 't.id', 'r.recall_type_id')
    .selectAll('r')
    .select('t.name as type_name')
    .where('r.practice_id', '=', practiceId);
}

type RecallRow = Awaited<ReturnType<ReturnType<typeof recallsOf>['executeTakeFirstOrThrow']>>;

function toRecall(row: RecallRow): Recall {
  return {
    id: row.id,
    patientId: row.patient_id,
    recallTypeId: row.recall_type_id,
    recallTypeName: row.type_name,
    lastVisitDate: row.last_visit_date,
    dueDate: row.due_date,
    priority: row.priority,
    notes: row.notes,
    status: row.status,
    createdBy: row.created_by,
    createdAt: row.created_at,
  };
}

function toRecallType(row: Selectable<RecallTypesTable>): RecallType {
  return {
    id: row.id,
    name: row.name,
    intervalMonths: row.interval_months,
    intervalWeeks: row.interval_weeks,
    defaultPriority: row.default_priority,
    procedure: row.procedure ?? row.name,
  };
}

/** A patient's recalls, soonest due first. */
export async function recallsOfPatient(db: Db, practiceId: number, patientId: string): Promise<Recall[]> {
  const rows = await recallsOf(db, practiceId)
    .where('r.patient_id', '=', patientId)
    .orderBy('r.due_date')
    .orderBy('r.id')
    .execute();
  return rows.map(toRecall);
}

export async function findRecall(db: Db, practiceId: number, id: string): Promise<Recall> {
  return toRecall(await recallsOf(db, practiceId).where('r.id', '=', id).executeTakeFirstOrThrow());
}

export async function recallsByIds(db: Db, practiceId: number, ids: readonly string[]): Promise<Recall[]> {
  if (ids.length === 0) return [];
  const rows = await recallsOf(db, practiceId).where('r.id', 'in', ids).execute();
  return rows.map(toRecall);
}

export async function recallIdsOfPatient(db: Db, patientId: string): Promise<string[]> {
  const rows = await db.selectFrom('recalls').select('id').where('patient_id', '=', patientId).execute();
  return rows.map((row) => row.id);
}

export async function insertRecall(db: Db, row: Insertable<RecallsTable>): Promise<void> {
  await db.insertInto('recalls').values(row).execute();
}

/** The practice's recall types, by name. */
export async function recallTypes(db: Db, practiceId: number): Promise<RecallType[]> {
  const rows = await db
    .selectFrom('recall_types')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .orderBy('name')
    .execute();
  return rows.map(toRecallType);
}

export async function recallTypesByIds(db: Db, practiceId: number, ids: readonly number[]): Promise<RecallType[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('recall_types')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('id', 'in', ids)
    .execute();
  return rows.map(toRecallType);
}

/** The id of the practice's recall type, when it is one. */
export async function recallTypeId(db: Db, practiceId: number, id: number): Promise<number | undefined> {
  const type = await db
    .selectFrom('recall_types')
    .select('id')
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return type?.id;
}

export interface WorklistFilter {
  /** Due dates from and to (both included); from may be open. */
  dueFrom?: string;
  dueTo: string;
  recallTypeId?: number;
}

/** A practice's active recalls due in a range, soonest due first. */
export async function activeRecallsDue(db: Db, practiceId: number, filter: WorklistFilter): Promise<Recall[]> {
  let query = recallsOf(db, practiceId).where('r.status', '=', 'active').where('r.due_date', '<=', filter.dueTo);
  if (filter.dueFrom !== undefined) query = query.where('r.due_date', '>=', filter.dueFrom);
  if (filter.recallTypeId !== undefined) query = query.where('r.recall_type_id', '=', filter.recallTypeId);
  const rows = await query.orderBy('r.due_date').orderBy('r.id').execute();
  return rows.map(toRecall);
}

export async function findRecallType(db: Db, practiceId: number, id: number): Promise<RecallType | undefined> {
  const row = await db
    .selectFrom('recall_types')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toRecallType(row) : undefined;
}

/** The recall, when it is one of the practice's. */
export async function recallIn(db: Db, practiceId: number, id: string): Promise<Recall | undefined> {
  const row = await recallsOf(db, practiceId).where('r.id', '=', id).executeTakeFirst();
  return row ? toRecall(row) : undefined;
}
