import { DomainError, invalidInput } from '@dental/domain/errors';
import type { RecallType } from '@dental/domain/patients/recall.schema';
import { type CreateRecallTypeBody, type EditRecallTypeBody, hasInterval } from '@dental/domain/recalls/recall-types';
import { RECALL_TEXTS } from '@dental/domain/recalls/texts';
import type { Db } from '../db/connection.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { recordChange } from '../repos/changes.ts';
import { insertRecallType, recallTypeNamed, updateRecallType } from '../repos/recall-work.ts';
import { findRecallType } from '../repos/recalls.ts';

interface Actor {
  practiceId: number;
  userId: number;
  now: Date;
}

async function checkNameFree(db: Db, practiceId: number, name: string, except?: number): Promise<void> {
  const holder = await recallTypeNamed(db, practiceId, name);
  if (holder !== undefined && holder !== except) {
    throw invalidInput([{ field: 'name', message: RECALL_TEXTS.typeNameTaken.message }]);
  }
}

/** Recall types are on the pull feed (check-out offers them offline), so every change is recorded. */
async function recorded(
  db: Db,
  actor: Actor,
  id: number,
  action: string,
  details: Record<string, unknown>,
): Promise<RecallType> {
  await recordChange(db, { practiceId: actor.practiceId, table: 'recall_types', rowId: String(id), at: actor.now });
  await writeAudit(db, {
    at: actor.now,
    userId: actor.userId,
    practiceId: actor.practiceId,
    action,
    entity: 'recall_type',
    entityId: String(id),
    details,
  });
  const type = await findRecallType(db, actor.practiceId, id);
  if (!type) throw new DomainError('NOT_FOUND', 'Recall type not found.');
  return type;
}

export async function createRecallType(db: Db, actor: Actor, body: CreateRecallTypeBody): Promise<RecallType> {
  await checkNameFree(db, actor.practiceId, body.name);
  const id = await insertRecallType(db, {
    practice_id: actor.practiceId,
    name: body.name,
    interval_months: body.intervalMonths,
    interval_weeks: body.intervalWeeks,
    default_priority: body.defaultPriority,
    procedure: body.procedure ?? body.name,
  });
  return recorded(db, actor, id, 'recall_type.create', body);
}

export async function editRecallType(db: Db, actor: Actor, id: number, body: EditRecallTypeBody): Promise<RecallType> {
  const current = await findRecallType(db, actor.practiceId, id);
  if (!current) throw new DomainError('NOT_FOUND', 'Recall type not found.');
  if (body.name !== undefined) await checkNameFree(db, actor.practiceId, body.name, id);
  const interval = {
    intervalMonths: body.intervalMonths ?? current.intervalMonths,
    intervalWeeks: body.intervalWeeks ?? current.intervalWeeks,
  };
  if (!hasInterval(interval)) {
    throw invalidInput([{ field: 'intervalMonths', message: RECALL_TEXTS.intervalRequired.message }]);
  }
  const name = body.name ?? current.name;
  await updateRecallType(db, actor.practiceId, id, {
    name,
    interval_months: interval.intervalMonths,
    interval_weeks: interval.intervalWeeks,
    default_priority: body.defaultPriority ?? current.defaultPriority,
    // Sent empty, the procedure falls back to the name, as when a type is created without one.
    procedure: body.procedure === undefined ? current.procedure : (body.procedure ?? name),
  });
  return recorded(db, actor, id, 'recall_type.edit', body);
}
