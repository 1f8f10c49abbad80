import type { Db } from '../db/connection.ts';
import type { AppointmentEvent, EventActor } from './appointment-event-types.ts';

// The listeners import the event's types from their own module, so they need not import this one back.
export type { AppointmentEvent, EventActor } from './appointment-event-types.ts';

export type AppointmentEventListener = (db: Db, actor: EventActor, event: AppointmentEvent) => Promise<void>;

const listeners = new Set<AppointmentEventListener>();

/**
 * Adds what follows the schedule (staff notifications, waitlist offers: services/schedule-listeners.ts).
 * Listeners are registered at start-up rather than imported here, so those services may use the booking
 * services that tell the events without an import cycle.
 */
export function onAppointmentEvent(listener: AppointmentEventListener): void {
  listeners.add(listener);
}

/** Tells every listener, in order, inside the caller's transaction: a listener's failure rolls the change back. */
export async function appointmentEvent(db: Db, actor: EventActor, event: AppointmentEvent): Promise<void> {
  for (const listener of listeners) await listener(db, actor, event);
}
