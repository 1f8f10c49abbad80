import type { Recall, RecallType } from '@dental/domain/patients/recall.schema';
import type { Selectable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { RecallTypesTable } from '../db/schema.ts';

/** A practice's recalls with their type's name, in the shape the REST API and the pull feed give them. */
export function recallsOf(db: Db, practiceId: number) {
  return db
    .selectFrom('recalls as r')
    .innerJoin('recall_types as t', 't.id', 'r.recall_type_id')
    .selectAll('r')
    .select('t.name as type_name')
    .where('r.practice_id', '=', practiceId);
}

export type RecallRow = Awaited<ReturnType<ReturnType<typeof recallsOf>['executeTakeFirstOrThrow']>>;

export function toRecall(row: RecallRow): Recall {
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

export function toRecallType(row: Selectable<RecallTypesTable>): RecallType {
  return {
    id: row.id,
    name: row.name,
    intervalMonths: row.interval_months,
    intervalWeeks: row.interval_weeks,
    defaultPriority: row.default_priority,
  };
}
