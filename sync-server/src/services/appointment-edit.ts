import { DomainError } from '@dental/domain/errors';
import type { Permission } from '@dental/domain/permissions/catalogue';
import type { Appointment } from '@dental/domain/scheduling/appointment';
import { changedFields, type PatchAppointmentBody } from '@dental/domain/scheduling/appointment.schema';
import {
  type AppointmentStatus,
  canTransition,
  normalizeStatus,
  transitionRefusal,
} from '@dental/domain/scheduling/status-transitions';
import type { Db } from '../db/connection.ts';
import type { AppointmentRow } from '../db/schema.ts';
import { appointmentRow, findAppointment, updateAppointment } from '../repos/appointments.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { recordChange } from '../repos/changes.ts';
import { appointmentEvent } from './appointment-events.ts';
import { refuseConflicts } from './appointments.ts';
import { checkReferences, conflictsFor, enforceBookingRules } from './booking.ts';
import { type Caller, requirePermission } from './caller.ts';
import { recordNoShow } from './no-shows.ts';

/** Changes that put the booking somewhere else in time, room or provider: they are checked again. */
const PLACEMENT_FIELDS = ['appointmentDate', 'duration', 'treatmentRoom', 'providerId'] as const;

const asFlag = (value: boolean | null): number | null => (value === null ? null : value ? 1 : 0);

/** Check-in and check-out answers (spec 7): each one the body names replaces the stored one; the rest stay. */
function visitColumns(body: PatchAppointmentBody, current: AppointmentRow) {
  const pick = <T, S>(value: T | undefined, stored: S, convert: (given: T) => S): S =>
    value === undefined ? stored : convert(value);
  const same = <T>(given: T) => given;
  return {
    arrival_time: pick(body.arrivalTime, current.arrival_time, same),
    waiting_area: pick(body.waitingArea, current.waiting_area, same),
    check_in_notes: pick(body.checkInNotes, current.check_in_notes, same),
    insurance_verified: pick(body.insuranceVerified, current.insurance_verified, asFlag),
    emergency_contact_confirmed: pick(body.emergencyContactConfirmed, current.emergency_contact_confirmed, asFlag),
    medical_history_updated: pick(body.medicalHistoryUpdated, current.medical_history_updated, asFlag),
    payment_method_on_file: pick(body.paymentMethodOnFile, current.payment_method_on_file, asFlag),
    treatment_completed: pick(body.treatmentCompleted, current.treatment_completed, asFlag),
    patient_satisfaction: pick(body.patientSatisfaction, current.patient_satisfaction, same),
    visit_rating: pick(body.visitRating, current.visit_rating, same),
    payment_collected: pick(body.paymentCollected, current.payment_collected, asFlag),
    payment_amount: pick(body.paymentAmount, current.payment_amount, same),
    payment_method: pick(body.paymentMethod, current.payment_method, same),
  };
}

/**
 * Edits, moves, resizes or changes the status of an appointment. A body that only cancels needs
 * appointments.cancel, anything else appointments.edit. A move into a clash is refused unless
 * overridden; a status change the workflow does not allow is refused.
 */
export async function editAppointment(
  db: Db,
  caller: Caller,
  request: { practiceId: number; id: string; body: PatchAppointmentBody; now: Date },
): Promise<Appointment> {
  const fields = changedFields(request.body);
  const cancelOnly = fields.length === 1 && request.body.status === 'cancelled';
  const required: Permission = cancelOnly ? 'appointments.cancel' : 'appointments.edit';
  requirePermission(caller, required);
  return applyAppointmentEdit(db, caller.account.row.id, request);
}

/**
 * The edit itself, once the editor may make it: `userId` is the staff member, or null when the patient
 * answered from their own link (confirming the appointment), which no permission governs.
 */
export async function applyAppointmentEdit(
  db: Db,
  userId: number | null,
  request: { practiceId: number; id: string; body: PatchAppointmentBody; now: Date },
): Promise<Appointment> {
  const { practiceId, body, now } = request;
  const fields = changedFields(body);
  const current = await appointmentRow(db, practiceId, request.id);
  if (!current) throw new DomainError('NOT_FOUND', 'Appointment not found.');

  // Stored statuses are canonical; anything else reads as scheduled rather than blocking every change.
  const from: AppointmentStatus = normalizeStatus(current.status) ?? 'scheduled';
  const to: AppointmentStatus = body.status ?? from;
  if (!canTransition(from, to)) throw new DomainError('STATUS_TRANSITION', transitionRefusal(from, to));

  await checkReferences(db, practiceId, body);
  const next = {
    providerId: body.providerId ?? current.provider_id,
    treatmentRoom: body.treatmentRoom ?? current.treatment_room,
    appointmentDate: body.appointmentDate ?? current.appointment_date,
    duration: body.duration ?? current.duration,
    appointmentType: body.appointmentType !== undefined ? body.appointmentType : current.appointment_type,
  };
  // Only a real move or resize is judged: an edit form resends the time it loaded, which may
  // predate a change of hours. A new type is judged too, as it decides which lengths are allowed.
  if (
    next.appointmentDate !== current.appointment_date ||
    next.duration !== current.duration ||
    next.appointmentType !== current.appointment_type
  ) {
    await enforceBookingRules(db, practiceId, [next], now);
  }
  const moved = PLACEMENT_FIELDS.some((field) => body[field] !== undefined);
  const conflicts = moved ? await conflictsFor(db, practiceId, { ...next, id: current.id, status: to }) : [];
  if (conflicts.length > 0 && body.override !== true) refuseConflicts(conflicts);

  const before = await findAppointment(db, practiceId, current.id);
  if (!before) throw new DomainError('NOT_FOUND', 'Appointment not found.');
  const stamp = now.toISOString();
  let checkedInAt = body.checkedInAt !== undefined ? body.checkedInAt : current.checked_in_at;
  if (body.checkedInAt === undefined && from !== to) {
    // Checking in records the arrival; un-checking in means the patient has not arrived after all.
    if (to === 'in-progress') checkedInAt = checkedInAt ?? stamp;
    if (to === 'scheduled') checkedInAt = null;
  }
  let completedAt = body.completedAt !== undefined ? body.completedAt : current.completed_at;
  if (body.completedAt === undefined && to === 'completed' && from !== to) completedAt = completedAt ?? stamp;

  await updateAppointment(db, practiceId, current.id, {
    patient_id: body.patientId ?? current.patient_id,
    provider_id: next.providerId,
    assistant_id: body.assistantId !== undefined ? body.assistantId : current.assistant_id,
    treatment_room: next.treatmentRoom,
    appointment_date: next.appointmentDate,
    duration: next.duration,
    status: to,
    procedure: body.procedure ?? current.procedure,
    notes: body.notes !== undefined ? body.notes : current.notes,
    appointment_type: next.appointmentType,
    checked_in_at: checkedInAt,
    completed_at: completedAt,
    updated_at: stamp,
    ...visitColumns(body, current),
  });
  await recordChange(db, { practiceId, table: 'appointments', rowId: current.id, at: now });
  if (to === 'no-show' && from !== to) {
    // The no-show event of spec 7 commits with the status, so one queued change records both.
    await recordNoShow(db, {
      practiceId,
      appointmentId: current.id,
      patientId: body.patientId ?? current.patient_id,
      actualNoShow: true,
      userId,
      at: now,
    });
  }
  await writeAudit(db, {
    at: now,
    userId,
    practiceId,
    action: from === to ? 'appointment.update' : `appointment.status.${to}`,
    entity: 'appointment',
    entityId: current.id,
    details: {
      fields,
      ...(from === to ? {} : { status: { from, to } }),
      ...(conflicts.length > 0 ? { override: true, conflicts } : {}),
    },
  });
  const saved = await findAppointment(db, practiceId, current.id);
  if (!saved) throw new DomainError('NOT_FOUND', 'Appointment not found.');
  await appointmentEvent(db, { practiceId, userId, now }, { kind: 'edited', before, after: saved });
  return saved;
}
