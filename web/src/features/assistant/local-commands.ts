import type { ExecutionPlan } from '@dental/domain/assistant/contract';
import type { AppointmentChanges, AppointmentInput, CheckInDetails, LocalStore } from '@dental/local-store';

type WriteRequest = Extract<ExecutionPlan, { kind: 'write' }>['request'];

/** A planned write as the device's store does it; null when the store has no command for it. */
export type LocalCommand = (store: LocalStore) => Promise<unknown>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const APPOINTMENT_PATH = /^\/api\/appointments\/([^/?#]+)$/;
const CHECKED_IN = new Set(['checked-in', 'in-progress']);

/**
 * The plan names the API route the screens use; on the device the same change is the store command
 * the schedule calls, written locally and queued in the outbox (the store checks the body with the
 * route's own schema). POST /api/appointments books; PATCH /api/appointments/:id checks in, changes a
 * status (no-show, cancel) or moves.
 */
export function localCommandFor(request: WriteRequest, options: { override?: boolean } = {}): LocalCommand | null {
  // Placing despite conflicts the preview showed, as the form's 'Book anyway' does.
  const body: Record<string, unknown> = {
    ...(isRecord(request.body) ? request.body : {}),
    ...(options.override ? { override: true } : {}),
  };
  if (request.method === 'POST' && request.endpoint === '/api/appointments') {
    return (store) => store.appointments.create(body as unknown as AppointmentInput);
  }
  const id = request.method === 'PATCH' ? APPOINTMENT_PATH.exec(request.endpoint)?.[1] : undefined;
  if (!id) return null;
  const appointmentId = decodeURIComponent(id);
  const { status, ...rest } = body;
  if (typeof status === 'string' && CHECKED_IN.has(status)) {
    const { checkedInAt: _stampedByTheStore, ...details } = rest;
    return (store) => store.appointments.checkIn(appointmentId, details as CheckInDetails);
  }
  if (typeof status === 'string' && Object.keys(rest).every((field) => field === 'override')) {
    return (store) => store.appointments.changeStatus(appointmentId, status);
  }
  return (store) => store.appointments.update(appointmentId, body as AppointmentChanges);
}
