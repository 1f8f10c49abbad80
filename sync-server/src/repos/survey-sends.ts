import type { SurveyMethod, SurveySend } from '@dental/domain/communications/survey.schema';
import type { Db } from '../db/connection.ts';
import type { SurveySendsTable } from '../db/schema.ts';

export function toSurveySend(row: SurveySendsTable): SurveySend {
  return {
    id: row.id,
    practiceId: row.practice_id,
    patientId: row.patient_id,
    appointmentId: row.appointment_id,
    type: 'satisfaction',
    method: row.method as SurveyMethod,
    treatmentCompleted: row.treatment_completed === 1,
    providerName: row.provider_name,
    treatmentDate: row.treatment_date,
    status: row.status === 'completed' ? 'completed' : 'queued',
    createdAt: row.created_at,
    createdBy: row.created_by,
    rating: row.rating,
    comment: row.comment,
    answeredAt: row.answered_at,
  };
}

export async function insertSurveySend(db: Db, row: SurveySendsTable): Promise<void> {
  await db.insertInto('survey_sends').values(row).execute();
}

/** A patient's recorded surveys, newest first. */
export async function surveysOf(db: Db, practiceId: number, patientId: string): Promise<SurveySend[]> {
  const rows = await db
    .selectFrom('survey_sends')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('patient_id', '=', patientId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toSurveySend);
}

export async function findSurveySend(db: Db, practiceId: number, id: string): Promise<SurveySendsTable | undefined> {
  return db
    .selectFrom('survey_sends')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The patient's review of the visit; the survey is then complete. */
export async function recordSurveyAnswer(
  db: Db,
  practiceId: number,
  id: string,
  answer: { rating: number; comment: string | null; answeredAt: string },
): Promise<void> {
  await db
    .updateTable('survey_sends')
    .set({ rating: answer.rating, comment: answer.comment, answered_at: answer.answeredAt, status: 'completed' })
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .execute();
}
