import { DomainError, invalidInput } from '@dental/domain/errors';
import type { Db } from '../db/connection.ts';
import { appointmentPatient } from '../repos/appointments.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { noShowEventsOf, saveNoShowEvent } from '../repos/no-show-events.ts';
import { requirePatient } from './patients.ts';

export interface NoShowEvent {
  appointmentId: string;
  patientId: string;
  actualNoShow: boolean;
  recordedAt: string;
}

export interface NoShowMark {
  practiceId: number;
  appointmentId: string;
  patientId: string;
  actualNoShow: boolean;
  userId: number | null;
  at: Date;
}

/** Records (or corrects) the outcome of one appointment; a replay of the same mark changes nothing. */
export async function recordNoShow(db: Db, event: NoShowMark): Promise<NoShowEvent> {
  const row = {
    appointment_id: event.appointmentId,
    practice_id: event.practiceId,
    patient_id: event.patientId,
    actual_no_show: event.actualNoShow ? 1 : 0,
    recorded_by: event.userId,
    recorded_at: event.at.toISOString(),
  };
  await saveNoShowEvent(db, row);
  return {
    appointmentId: event.appointmentId,
    patientId: event.patientId,
    actualNoShow: event.actualNoShow,
    recordedAt: row.recorded_at,
  };
}

/** Whether the patient of an appointment came, as the front desk reports it; audited. */
export async function reportNoShow(
  db: Db,
  report: Omit<NoShowMark, 'at'> & { now: Date },
): Promise<{ success: true; event: NoShowEvent }> {
  const { practiceId, userId, now } = report;
  const appointment = await appointmentPatient(db, practiceId, report.appointmentId);
  if (!appointment) throw new DomainError('NOT_FOUND', 'Appointment not found.');
  if (appointment.patient_id !== report.patientId) {
    throw invalidInput(
      [{ field: 'patientId', message: 'patientId is not the patient of this appointment' }],
      'REFERENCE_INVALID',
    );
  }
  const event = await recordNoShow(db, {
    practiceId,
    appointmentId: appointment.id,
    patientId: appointment.patient_id,
    actualNoShow: report.actualNoShow,
    userId,
    at: now,
  });
  await writeAudit(db, {
    at: now,
    userId,
    practiceId,
    action: 'appointment.no_show.record',
    entity: 'appointment',
    entityId: appointment.id,
    details: { actualNoShow: report.actualNoShow },
  });
  return { success: true, event };
}

/** How often a patient of the practice did not come: what the patient page shows. */
export async function noShowHistory(
  db: Db,
  practiceId: number,
  patientId: string,
): Promise<{ patientId: string; noShowCount: number; events: NoShowEvent[] }> {
  const patient = await requirePatient(db, practiceId, patientId);
  const rows = await noShowEventsOf(db, practiceId, patient.id);
  const events = rows.map((row) => ({
    appointmentId: row.appointment_id,
    patientId: row.patient_id,
    actualNoShow: row.actual_no_show === 1,
    recordedAt: row.recorded_at,
  }));
  return { patientId: patient.id, noShowCount: events.filter((event) => event.actualNoShow).length, events };
}
