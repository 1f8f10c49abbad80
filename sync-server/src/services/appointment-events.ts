import type { Db } from '../db/connection.ts';
import type { AppointmentEvent, EventActor } from './appointment-event-types.ts';
import { notifyAppointmentEvent } from './notification-events.ts';
import { offerFreedSlots } from './waitlist-offers.ts';

// The listeners import the event's types from their own module, so they need not import this one back.
export type { AppointmentEvent, EventActor } from './appointment-event-types.ts';

/** Tells everything that follows the schedule: staff notifications and waitlist offers for freed slots. */
export async function appointmentEvent(db: Db, actor: EventActor, event: AppointmentEvent): Promise<void> {
  await notifyAppointmentEvent(db, actor, event);
  await offerFreedSlots(db, actor, event);
}
