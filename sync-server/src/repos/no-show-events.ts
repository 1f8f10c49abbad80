import type { Insertable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { NoShowEventsTable } from '../db/schema.ts';

/** One outcome per appointment: a second mark replaces the first. */
export async function saveNoShowEvent(db: Db, row: Insertable<NoShowEventsTable>): Promise<void> {
  await db
    .insertInto('no_show_events')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('appointment_id').doUpdateSet({
        actual_no_show: row.actual_no_show,
        recorded_by: row.recorded_by,
        recorded_at: row.recorded_at,
      }),
    )
    .execute();
}

/** The patient's recorded outcomes in the practice, newest first. */
export function noShowEventsOf(db: Db, practiceId: number, patientId: string) {
  return db
    .selectFrom('no_show_events')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('patient_id', '=', patientId)
    .orderBy('recorded_at', 'desc')
    .execute();
}

/** No-show history has no foreign key to the patient, so it is removed with them by hand. */
export async function deleteNoShowEventsOf(db: Db, patientId: string): Promise<void> {
  await db.deleteFrom('no_show_events').where('patient_id', '=', patientId).execute();
}
