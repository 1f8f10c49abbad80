import { SCHEDULING } from '@dental/domain/constants';
import type { AnalyzedConflict } from '@dental/domain/scheduling/analysis';
import { localTime } from '@dental/domain/time/zones';
import type { AppointmentChanges, CommandValidationError, LocalAppointment } from '@dental/local-store';
import { DURATION_OPTIONS } from './durations.ts';

/** What the form opens with: an empty slot, a patient, a smart-scheduling hand-off, or an appointment to edit. */
export interface FormInitial {
  date: string;
  appointment?: LocalAppointment;
  patientId?: string;
  time?: string;
  room?: string;
  providerId?: number;
  duration?: number;
  procedure?: string;
}

export interface FormValues {
  patientId: string;
  time: string;
  treatmentRoom: string;
  providerId: string;
  assistantId: string;
  duration: string;
  procedure: string;
  notes: string;
}

export type FieldErrors = Partial<Record<keyof FormValues, string>>;

export const REQUIRED = ['patientId', 'time', 'treatmentRoom', 'providerId'] as const;
export const DEFAULT_PROCEDURE = 'Check-up';

export function initialValues(initial: FormInitial, timeZone: string): FormValues {
  const editing = initial.appointment;
  if (editing) {
    return {
      patientId: editing.patientId,
      time: localTime(editing.appointmentDate, timeZone),
      treatmentRoom: editing.treatmentRoom,
      providerId: String(editing.providerId),
      assistantId: editing.assistantId ? String(editing.assistantId) : '',
      duration: String(editing.duration),
      procedure: editing.procedure,
      notes: editing.notes ?? '',
    };
  }
  const duration = initial.duration ?? SCHEDULING.defaultDurationMinutes;
  return {
    patientId: initial.patientId ?? '',
    time: initial.time ?? '',
    treatmentRoom: initial.room ?? '',
    providerId: initial.providerId === undefined ? '' : String(initial.providerId),
    assistantId: '',
    duration: DURATION_OPTIONS.some((option) => option.value === String(duration))
      ? String(duration)
      : String(SCHEDULING.defaultDurationMinutes),
    procedure: initial.procedure ?? '',
    notes: '',
  };
}

export type BookingFields = Required<
  Pick<
    AppointmentChanges,
    | 'patientId'
    | 'providerId'
    | 'assistantId'
    | 'treatmentRoom'
    | 'appointmentDate'
    | 'duration'
    | 'procedure'
    | 'notes'
  >
>;

/** Only what the user changed is sent, so an edit does not overwrite someone else's change to another field. */
export function changedFrom(current: LocalAppointment, fields: BookingFields): AppointmentChanges {
  const changes: AppointmentChanges = {};
  if (fields.patientId !== current.patientId) changes.patientId = fields.patientId;
  if (fields.providerId !== current.providerId) changes.providerId = fields.providerId;
  if (fields.assistantId !== (current.assistantId ?? null)) changes.assistantId = fields.assistantId;
  if (fields.treatmentRoom !== current.treatmentRoom) changes.treatmentRoom = fields.treatmentRoom;
  if (Date.parse(fields.appointmentDate) !== Date.parse(current.appointmentDate)) {
    changes.appointmentDate = fields.appointmentDate;
  }
  if (fields.duration !== current.duration) changes.duration = fields.duration;
  if (fields.procedure !== current.procedure) changes.procedure = fields.procedure;
  if (fields.notes !== (current.notes ?? null)) changes.notes = fields.notes;
  return changes;
}

export function fieldErrorsOf(error: CommandValidationError): FieldErrors {
  const names: Record<string, keyof FormValues> = { appointmentDate: 'time' };
  return Object.fromEntries(
    error.issues.map((issue) => [names[issue.field] ?? issue.field, issue.message] as const),
  ) as FieldErrors;
}

/** A 409 from the family booking carries { conflicts } like a single booking's. */
export function conflictsIn(body: unknown): AnalyzedConflict[] {
  if (typeof body !== 'object' || body === null || !('conflicts' in body) || !Array.isArray(body.conflicts)) return [];
  return body.conflicts.flatMap((entry: unknown) =>
    typeof entry === 'object' && entry !== null && 'message' in entry && typeof entry.message === 'string'
      ? [{ type: 'conflict', severity: 'critical' as const, message: entry.message }]
      : [],
  );
}
