import type { Appointment } from '@dental/domain/scheduling/appointment';

/** Who caused an event, where and when. */
export interface EventActor {
  practiceId: number;
  /** Null when a patient acted from their own link. */
  userId: number | null;
  now: Date;
}

/**
 * What happened to the schedule, told once by the services that change it, inside their transaction:
 * - `booked`: a new appointment (one per booking, family bookings included);
 * - `edited`: a PATCH (move, resize, status change, other fields), with the appointment before and after;
 * - `rescheduled`: bookings a provider absence or a maintenance window moved, reassigned or cancelled;
 * - `absence-recorded`: a provider absence was processed (after its `rescheduled` event, if any).
 */
export type AppointmentEvent =
  | { kind: 'booked'; after: Appointment }
  | { kind: 'edited'; before: Appointment; after: Appointment }
  | {
      kind: 'rescheduled';
      cause: { entity: 'provider_absence' | 'maintenance_schedule'; id: string };
      changes: readonly { before: Appointment; after: Appointment }[];
    }
  | {
      kind: 'absence-recorded';
      absence: { id: string; providerId: number; startDate: string; endDate: string; reason: string };
      changes: readonly { before: Appointment; after: Appointment }[];
    };
