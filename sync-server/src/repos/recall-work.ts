import type { ContactOutcome, RecallContact } from '@dental/domain/recalls/worklist';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { RecallContactsTable, RecallTypesTable } from '../db/schema.ts';

/** Lists are read in slices so a long worklist never exceeds a database's bound-parameter limit. */
const SLICE = 500;

async function inSlices<I, R>(items: readonly I[], read: (slice: I[]) => Promise<R[]>): Promise<R[]> {
  const rows: R[] = [];
  for (let start = 0; start < items.length; start += SLICE) {
    rows.push(...(await read(items.slice(start, start + SLICE))));
  }
  return rows;
}

/** The patients' appointments (not cancelled), oldest first: visits, no-shows and what is booked. */
export function appointmentsOfPatients(db: Db, practiceId: number, patientIds: readonly string[]) {
  return inSlices(patientIds, (slice) =>
    db
      .selectFrom('appointments')
      .select(['patient_id', 'provider_id', 'appointment_date', 'status'])
      .where('practice_id', '=', practiceId)
      .where('patient_id', 'in', slice)
      .where('status', '!=', 'cancelled')
      .orderBy('appointment_date')
      .execute(),
  );
}

/** Family links touching any of the patients, in either direction. */
export function familyLinksOf(db: Db, practiceId: number, patientIds: readonly string[]) {
  return inSlices(patientIds, (slice) =>
    db
      .selectFrom('family_relationships')
      .select(['patient_id', 'related_patient_id'])
      .where('practice_id', '=', practiceId)
      .where((eb) => eb.or([eb('patient_id', 'in', slice), eb('related_patient_id', 'in', slice)]))
      .execute(),
  );
}

/** The due dates of the patients' active recalls. */
export function activeRecallDates(db: Db, practiceId: number, patientIds: readonly string[]) {
  return inSlices(patientIds, (slice) =>
    db
      .selectFrom('recalls')
      .select(['patient_id', 'due_date'])
      .where('practice_id', '=', practiceId)
      .where('status', '=', 'active')
      .where('patient_id', 'in', slice)
      .execute(),
  );
}

function toContact(row: Selectable<RecallContactsTable>): RecallContact {
  return {
    id: row.id,
    recallId: row.recall_id,
    outcome: row.outcome as ContactOutcome,
    note: row.note,
    userId: row.user_id,
    userName: row.user_name,
    at: row.at,
  };
}

/** The contacts logged for the recalls, newest first. */
export async function contactsOfRecalls(db: Db, practiceId: number, recallIds: readonly string[]) {
  const rows = await inSlices(recallIds, (slice) =>
    db
      .selectFrom('recall_contacts')
      .selectAll()
      .where('practice_id', '=', practiceId)
      .where('recall_id', 'in', slice)
      .execute(),
  );
  return rows.map(toContact).sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id));
}

export async function insertRecallContact(db: Db, row: RecallContactsTable): Promise<RecallContact> {
  await db.insertInto('recall_contacts').values(row).execute();
  return toContact(row);
}

/** The id of the practice's recall type with this name (any case), when there is one. */
export async function recallTypeNamed(db: Db, practiceId: number, name: string): Promise<number | undefined> {
  const rows = await db
    .selectFrom('recall_types')
    .select(['id', 'name'])
    .where('practice_id', '=', practiceId)
    .execute();
  return rows.find((row) => row.name.toLowerCase() === name.toLowerCase())?.id;
}

export async function insertRecallType(db: Db, row: Insertable<RecallTypesTable>): Promise<number> {
  const inserted = await db.insertInto('recall_types').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateRecallType(
  db: Db,
  practiceId: number,
  id: number,
  changes: Updateable<RecallTypesTable>,
): Promise<void> {
  await db
    .updateTable('recall_types')
    .set(changes)
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .execute();
}

/** How many of the practice's active recalls fall due on a day. */
export async function countRecallsDueOn(db: Db, practiceId: number, day: string): Promise<number> {
  const row = await db
    .selectFrom('recalls')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('practice_id', '=', practiceId)
    .where('status', '=', 'active')
    .where('due_date', '=', day)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Claims the practice's day for the recall_due notification; false when it was claimed already. */
export async function claimRecallDueDay(
  db: Db,
  claim: { practiceId: number; day: string; dueCount: number; at: Date },
): Promise<boolean> {
  const result = await db
    .insertInto('recall_due_sweeps')
    .values({
      practice_id: claim.practiceId,
      day: claim.day,
      due_count: claim.dueCount,
      swept_at: claim.at.toISOString(),
    })
    .onConflict((oc) => oc.columns(['practice_id', 'day']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function allPracticeIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('practices').select('id').orderBy('id').execute();
  return rows.map((row) => row.id);
}
