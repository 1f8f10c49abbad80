import type { Appointment } from '@dental/domain/scheduling/appointment';
import {
  type CreateAppointmentBody,
  changedFields,
  createAppointmentSchema,
  type PatchAppointmentBody,
  patchAppointmentSchema,
} from '@dental/domain/scheduling/appointment.schema';
import {
  type AppointmentStatus,
  canTransition,
  normalizeStatus,
  transitionRefusal,
} from '@dental/domain/scheduling/status-transitions';
import { parseWith } from '@dental/domain/validation/issues';
import type { StoreKey } from '../crypto/store-key.ts';
import type { StoreHandle } from '../db/handle.ts';
import type { OutboxEntry } from '../db/rows.ts';
import { readRecord } from '../records/reads.ts';
import type { LocalAppointment, LocalPatient, PlainRecord } from '../types.ts';
import { CommandValidationError } from './errors.ts';
import { writeThrough } from './write-through.ts';

/** What the booking form sends (spec 7, POST /api/appointments). */
export interface AppointmentInput {
  id?: string;
  patientId: string;
  providerId: number;
  assistantId?: number | null;
  treatmentRoom: string;
  appointmentDate: string;
  duration?: number;
  status?: string;
  procedure: string;
  notes?: string | null;
  appointmentType?: string | null;
  /** Book despite conflicts the user has seen. */
  override?: boolean;
}

type PatchFields = PatchAppointmentBody;
/** Fields the schema narrows to its picklist; callers may pass any text, which the command then checks. */
type CheckedText = 'status' | 'waitingArea' | 'visitRating' | 'paymentMethod';
type Widened<T> = T extends string ? string : T;

/**
 * What PATCH /api/appointments/{id} takes (moves, resizes, status changes, check-in, check-out), from
 * the server's own schema so every patchable field passes. A status may be any spelling the schema
 * accepts, such as the check-in panels' 'checked-in'.
 */
export type AppointmentChanges = {
  [K in keyof PatchFields]?: K extends CheckedText ? Widened<PatchFields[K]> : PatchFields[K];
};

/** Spec 7's check-in field set, less the status and stamp the command sets. */
export type CheckInDetails = Pick<
  AppointmentChanges,
  | 'arrivalTime'
  | 'waitingArea'
  | 'checkInNotes'
  | 'insuranceVerified'
  | 'emergencyContactConfirmed'
  | 'medicalHistoryUpdated'
  | 'paymentMethodOnFile'
>;

/**
 * Spec 7's check-out and express field sets, less the status and stamp. Payment fields are left out
 * by the caller while offline: payment is not processed without a connection.
 */
export type CheckOutDetails = Pick<
  AppointmentChanges,
  | 'notes'
  | 'treatmentCompleted'
  | 'patientSatisfaction'
  | 'visitRating'
  | 'paymentCollected'
  | 'paymentAmount'
  | 'paymentMethod'
>;

export interface QueuedAppointment {
  appointment: LocalAppointment;
  entry: OutboxEntry;
}

function invalid(field: string, message: string): CommandValidationError {
  return new CommandValidationError([{ field, message }]);
}

/** Names shown on the schedule card, from the local copies, so an offline booking looks like any other. */
async function displayFields(store: StoreHandle, key: StoreKey, patientId: string, providerId: number) {
  const patient = (await readRecord(store, key, 'patients', patientId)) as LocalPatient | undefined;
  const provider = await store.db.users.get(String(providerId));
  const providerName =
    typeof provider?.displayName === 'string'
      ? provider.displayName
      : [provider?.firstName, provider?.lastName].filter((part) => typeof part === 'string').join(' ');
  return {
    patient: { firstName: patient?.firstName ?? '', lastName: patient?.lastName ?? '' },
    patientName: patient ? `${patient.firstName} ${patient.lastName}` : '',
    patientPhone: patient?.phone ?? null,
    providerName,
    providerColor: typeof provider?.providerColor === 'string' ? provider.providerColor : null,
  };
}

export async function createAppointment(
  store: StoreHandle,
  key: StoreKey,
  input: AppointmentInput,
): Promise<QueuedAppointment> {
  const id = input.id ?? crypto.randomUUID();
  const parsed = parseWith(createAppointmentSchema, { ...input, id });
  if (!parsed.ok) throw new CommandValidationError(parsed.issues);
  const body: CreateAppointmentBody = parsed.value;
  const stamp = store.clock().toISOString();
  const record: Appointment = {
    id,
    practiceId: store.practiceId,
    patientId: body.patientId,
    providerId: body.providerId,
    assistantId: body.assistantId ?? null,
    ...(await displayFields(store, key, body.patientId, body.providerId)),
    treatmentRoom: body.treatmentRoom,
    appointmentDate: body.appointmentDate,
    duration: body.duration,
    status: body.status,
    procedure: body.procedure,
    notes: body.notes ?? null,
    appointmentType: body.appointmentType ?? null,
    checkedInAt: null,
    completedAt: null,
    createdAt: stamp,
    updatedAt: stamp,
  };
  const appointment: LocalAppointment = { ...record, day: store.calendar.dayOf(record.appointmentDate), version: 0 };
  const entry = await writeThrough(store, key, {
    table: 'appointments',
    op: 'create',
    record: appointment as unknown as PlainRecord,
    request: { method: 'POST', endpoint: '/api/appointments', body: { ...body, id } },
  });
  return { appointment, entry };
}

function checkTransition(current: AppointmentStatus | undefined, next: AppointmentStatus | undefined): void {
  if (current && next && !canTransition(current, next)) throw invalid('status', transitionRefusal(current, next));
}

/** Sends only the changed fields; status changes follow the same transition rules as the server. */
export function updateAppointment(
  store: StoreHandle,
  key: StoreKey,
  id: string,
  changes: AppointmentChanges,
): Promise<QueuedAppointment> {
  return patchAppointment(store, key, id, changes, () => ({}));
}

/**
 * Quick or full check-in (spec 2.12): in progress from now, with where and when the patient
 * arrived and what was verified. Written locally and queued, so it works offline.
 */
export function checkIn(
  store: StoreHandle,
  key: StoreKey,
  id: string,
  details: CheckInDetails,
): Promise<QueuedAppointment> {
  const changes = { ...details, status: 'checked-in', checkedInAt: store.clock().toISOString() };
  // Spec 7 sends the check-in panels' own spelling; the schema reads it as in-progress.
  return patchAppointment(store, key, id, changes, () => ({}), { status: 'checked-in' });
}

/** Full or express check-out (spec 2.11, 2.13): completed now, with what the visit recorded. */
export function checkOut(
  store: StoreHandle,
  key: StoreKey,
  id: string,
  details: CheckOutDetails,
): Promise<QueuedAppointment> {
  const changes = { ...details, status: 'completed', completedAt: store.clock().toISOString() };
  return patchAppointment(store, key, id, changes, () => ({}));
}

/**
 * Check in, un-check in, check out, cancel or no-show from the schedule. Only the status is sent: a
 * cancel-only body needs just appointments.cancel on the server. The arrival and completion stamps
 * are set locally the way the server sets them, so the card is right before the next pull.
 */
export function changeAppointmentStatus(
  store: StoreHandle,
  key: StoreKey,
  id: string,
  status: string,
): Promise<QueuedAppointment> {
  return patchAppointment(store, key, id, { status }, (current, next) => {
    const stamp = store.clock().toISOString();
    if (current.status === next.status) return {};
    if (next.status === 'in-progress') return { checkedInAt: current.checkedInAt ?? stamp };
    if (next.status === 'scheduled') return { checkedInAt: null };
    if (next.status === 'completed') return { completedAt: current.completedAt ?? stamp };
    return {};
  });
}

async function patchAppointment(
  store: StoreHandle,
  key: StoreKey,
  id: string,
  changes: AppointmentChanges,
  localStamps: (current: LocalAppointment, next: LocalAppointment) => Partial<LocalAppointment>,
  wire: Record<string, unknown> = {},
): Promise<QueuedAppointment> {
  const current = (await readRecord(store, key, 'appointments', id)) as LocalAppointment | undefined;
  if (!current) throw invalid('id', 'Appointment not found.');
  const parsed = parseWith(patchAppointmentSchema, changes);
  if (!parsed.ok) throw new CommandValidationError(parsed.issues);
  const body: PatchAppointmentBody = parsed.value;
  checkTransition(normalizeStatus(current.status), body.status);
  const next: LocalAppointment = { ...current, updatedAt: store.clock().toISOString() };
  const sent: Record<string, unknown> = {};
  for (const field of changedFields(body)) {
    sent[field] = body[field];
    Object.assign(next, { [field]: body[field] });
  }
  if (body.override !== undefined) sent.override = body.override;
  if (body.patientId !== undefined || body.providerId !== undefined) {
    Object.assign(next, await displayFields(store, key, next.patientId, next.providerId));
  }
  Object.assign(next, localStamps(current, next));
  next.day = store.calendar.dayOf(next.appointmentDate);
  const entry = await writeThrough(store, key, {
    table: 'appointments',
    op: 'update',
    record: next as unknown as PlainRecord,
    request: { method: 'PATCH', endpoint: `/api/appointments/${id}`, body: { ...sent, ...wire } },
  });
  return { appointment: next, entry };
}
