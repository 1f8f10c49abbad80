import type { Db } from '../db/connection.ts';

export interface NoShowEvent {
  appointmentId: string;
  patientId: string;
  actualNoShow: boolean;
  recordedAt: string;
}

/** Records (or corrects) the outcome of one appointment; a replay of the same mark changes nothing. */
export async function recordNoShow(
  db: Db,
  event: {
    practiceId: number;
    appointmentId: string;
    patientId: string;
    actualNoShow: boolean;
    userId: number;
    at: Date;
  },
): Promise<NoShowEvent> {
  const row = {
    appointment_id: event.appointmentId,
    practice_id: event.practiceId,
    patient_id: event.patientId,
    actual_no_show: event.actualNoShow ? 1 : 0,
    recorded_by: event.userId,
    recorded_at: event.at.toISOString(),
  };
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
  return {
    appointmentId: event.appointmentId,
    patientId: event.patientId,
    actualNoShow: event.actualNoShow,
    recordedAt: row.recorded_at,
  };
}

/** How often a patient of the practice did not come: what the patient page shows. */
export async function noShowHistory(
  db: Db,
  practiceId: number,
  patientId: string,
): Promise<{ patientId: string; noShowCount: number; events: NoShowEvent[] }> {
  const rows = await db
    .selectFrom('no_show_events')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('patient_id', '=', patientId)
    .orderBy('recorded_at', 'desc')
    .execute();
  const events = rows.map((row) => ({
    appointmentId: row.appointment_id,
    patientId: row.patient_id,
    actualNoShow: row.actual_no_show === 1,
    recordedAt: row.recorded_at,
  }));
  return { patientId, noShowCount: events.filter((event) => event.actualNoShow).length, events };
}
