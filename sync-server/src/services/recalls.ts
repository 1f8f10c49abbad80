import { invalidInput } from '@dental/domain/errors';
import type { CreateRecallBody, Recall } from '@dental/domain/patients/recall.schema';
import type { Db } from '../db/connection.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { recordChange } from '../repos/changes.ts';
import { findRecall, insertRecall, recallsOfPatient, recallTypeId } from '../repos/recalls.ts';
import { claimId } from './client-ids.ts';
import { requirePatient } from './patients.ts';

export async function recallsOf(db: Db, practiceId: number, patientId: string): Promise<Recall[]> {
  await requirePatient(db, practiceId, patientId);
  return recallsOfPatient(db, practiceId, patientId);
}

/** Records that a patient is due back for a recall type on a date; a client's own id is kept. */
export async function createRecall(
  db: Db,
  actor: { practiceId: number; userId: number; now: Date },
  body: CreateRecallBody,
): Promise<Recall> {
  const { practiceId, userId, now } = actor;
  const id = await claimId(db, 'recalls', body.id);
  await requirePatient(db, practiceId, body.patientId);
  const typeId = await recallTypeId(db, practiceId, body.recallTypeId);
  if (typeId === undefined) {
    throw invalidInput(
      [{ field: 'recallTypeId', message: 'recallTypeId is not a recall type of this practice' }],
      'REFERENCE_INVALID',
    );
  }
  await insertRecall(db, {
    id,
    practice_id: practiceId,
    patient_id: body.patientId,
    recall_type_id: typeId,
    last_visit_date: body.lastVisitDate ?? null,
    due_date: body.dueDate,
    priority: body.priority,
    notes: body.notes ?? null,
    status: 'active',
    created_by: userId,
    created_at: now.toISOString(),
  });
  await recordChange(db, { practiceId, table: 'recalls', rowId: id, at: now });
  await writeAudit(db, {
    at: now,
    userId,
    practiceId,
    action: 'recall.create',
    entity: 'recall',
    entityId: id,
    details: { patientId: body.patientId, recallTypeId: typeId, dueDate: body.dueDate },
  });
  return findRecall(db, practiceId, id);
}
