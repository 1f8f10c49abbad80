import type { PerioExam, PerioTooth } from '@dental/domain/clinical/perio';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { PerioExamsTable } from '../db/schema.ts';

function toPerioExam(row: Selectable<PerioExamsTable>): PerioExam {
  return {
    id: row.id,
    patientId: row.patient_id,
    appointmentId: row.appointment_id,
    examDate: row.exam_date,
    teeth: JSON.parse(row.teeth) as Record<string, PerioTooth>,
    recordedBy: row.recorded_by,
    recordedByName: row.recorded_by_name,
    recordedAt: row.recorded_at,
    updatedAt: row.updated_at,
  };
}

/** A patient's perio exams, oldest first. */
export async function perioExamsOfPatient(db: Db, practiceId: number, patientId: string): Promise<PerioExam[]> {
  const rows = await db
    .selectFrom('perio_exams')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('patient_id', '=', patientId)
    .orderBy('exam_date')
    .orderBy('recorded_at')
    .orderBy('id')
    .execute();
  return rows.map(toPerioExam);
}

export async function findPerioExam(db: Db, practiceId: number, id: string): Promise<PerioExam | undefined> {
  const row = await db
    .selectFrom('perio_exams')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toPerioExam(row) : undefined;
}

export async function perioExamsByIds(db: Db, practiceId: number, ids: readonly string[]): Promise<PerioExam[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('perio_exams')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('id', 'in', ids)
    .execute();
  return rows.map(toPerioExam);
}

export async function insertPerioExam(db: Db, row: Insertable<PerioExamsTable>): Promise<void> {
  await db.insertInto('perio_exams').values(row).execute();
}

export async function updatePerioTeeth(
  db: Db,
  practiceId: number,
  id: string,
  teeth: Record<string, PerioTooth>,
  updatedAt: string,
): Promise<void> {
  await db
    .updateTable('perio_exams')
    .set({ teeth: JSON.stringify(teeth), updated_at: updatedAt })
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .execute();
}
