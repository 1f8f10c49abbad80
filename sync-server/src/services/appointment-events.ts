import type { Db } from '../db/connection.ts';
import { notifyAppointmentEvent } from './notification-events.ts';
import type { AppointmentEvent, EventActor } from './schedule-event.ts';
import { offerFreedSlots } from './waitlist-offers.ts';

export type { AppointmentEvent, EventActor } from './schedule-event.ts';

/** Tells everything that follows the schedule: staff notifications and waitlist offers for freed slots. */
export async function appointmentEvent(db: Db, actor: EventActor, event: AppointmentEvent): Promise<void> {
  await notifyAppointmentEvent(db, actor, event);
  await offerFreedSlots(db, actor, event);
}
