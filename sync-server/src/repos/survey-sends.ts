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
    // Nothing delivers surveys yet: every one waits in the queue.
    status: 'queued',
    createdAt: row.created_at,
    createdBy: row.created_by,
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
