import { onAppointmentEvent } from './appointment-events.ts';
import { notifyAppointmentEvent } from './notification-events.ts';
import { offerFreedSlots } from './waitlist-offers.ts';

/** What follows every schedule change: staff notifications, then waitlist offers for the slots it freed. */
export function registerScheduleListeners(): void {
  onAppointmentEvent(notifyAppointmentEvent);
  onAppointmentEvent(offerFreedSlots);
}
