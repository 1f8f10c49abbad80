import type { AbsenceReason, ProviderAbsence } from '@dental/domain/scheduling/absence.schema';
import type { AbsenceWindow } from '@dental/domain/scheduling/conflicts';
import type { Insertable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { ProviderAbsenceRow, ProviderAbsencesTable } from '../db/schema.ts';

function toProviderAbsence(row: ProviderAbsenceRow): ProviderAbsence {
  return {
    id: row.id,
    practiceId: row.practice_id,
    providerId: row.provider_id,
    startDate: row.start_date,
    endDate: row.end_date,
    reason: row.reason as AbsenceReason,
    notes: row.notes,
    emergencyContact: row.emergency_contact,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Absences of the practice touching any day from startDate to endDate (practice dates), optionally of one provider. */
export async function absencesBetween(
  db: Db,
  practiceId: number,
  startDate: string,
  endDate: string,
  providerId?: number,
): Promise<AbsenceWindow[]> {
  let query = db
    .selectFrom('provider_absences')
    .select(['id', 'provider_id', 'start_date', 'end_date', 'reason'])
    .where('practice_id', '=', practiceId)
    .where('start_date', '<=', endDate)
    .where('end_date', '>=', startDate);
  if (providerId !== undefined) query = query.where('provider_id', '=', providerId);
  const rows = await query.orderBy('start_date').orderBy('id').execute();
  return rows.map((row) => ({
    id: row.id,
    providerId: row.provider_id,
    startDate: row.start_date,
    endDate: row.end_date,
    reason: row.reason,
  }));
}

/** The same absences in full, as the API lists them. */
export async function absencesTouching(
  db: Db,
  practiceId: number,
  startDate: string,
  endDate: string,
): Promise<ProviderAbsence[]> {
  const rows = await db
    .selectFrom('provider_absences')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('start_date', '<=', endDate)
    .where('end_date', '>=', startDate)
    .orderBy('start_date')
    .orderBy('id')
    .execute();
  return rows.map(toProviderAbsence);
}

export async function findAbsence(db: Db, id: string): Promise<ProviderAbsence> {
  return toProviderAbsence(
    await db.selectFrom('provider_absences').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  );
}

export async function absencesByIds(db: Db, practiceId: number, ids: readonly string[]): Promise<ProviderAbsence[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('provider_absences')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('id', 'in', ids)
    .execute();
  return rows.map(toProviderAbsence);
}

export async function insertAbsence(db: Db, row: Insertable<ProviderAbsencesTable>): Promise<void> {
  await db.insertInto('provider_absences').values(row).execute();
}
