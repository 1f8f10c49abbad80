import type { Db } from '../db/connection.ts';
import type { AppointmentEvent, EventActor } from './appointment-events.ts';

/** The staff notifications a schedule event creates (issue 19 point 8). */
export async function notifyAppointmentEvent(_db: Db, _actor: EventActor, _event: AppointmentEvent): Promise<void> {}
