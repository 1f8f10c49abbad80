import {
  type AppointmentNotificationKind,
  absenceNotification,
  appointmentNotification,
  type DisplacementCounts,
  maintenanceNotification,
} from '@dental/domain/communications/event-notifications';
import type { Appointment } from '@dental/domain/scheduling/appointment';
import { localDate } from '@dental/domain/time/zones';
import { providerDisplayName } from '@dental/domain/users/user';
import type { Db } from '../db/connection.ts';
import { findUserById } from '../repos/users.ts';
import type { AppointmentEvent, EventActor } from './appointment-event-types.ts';
import { notify } from './notify.ts';
import { practiceTimezone } from './practice-time.ts';

type Change = { before: Appointment; after: Appointment };

const moved = ({ before, after }: Change) =>
  before.appointmentDate !== after.appointmentDate ||
  before.treatmentRoom !== after.treatmentRoom ||
  before.providerId !== after.providerId;

/** What a PATCH means for the provider: a cancellation, a check-in, a move, or nothing worth a notification. */
function editKind({ before, after }: Change): AppointmentNotificationKind | undefined {
  if (after.status !== before.status) {
    if (after.status === 'cancelled') return 'cancelled';
    if (after.status === 'in-progress') return 'checked-in';
  }
  return moved({ before, after }) ? 'moved' : undefined;
}

function counts(changes: readonly Change[]): DisplacementCounts {
  const cancelled = changes.filter(
    ({ before, after }) => after.status === 'cancelled' && before.status !== 'cancelled',
  );
  return { cancelled: cancelled.length, moved: changes.filter(moved).length - cancelled.filter(moved).length };
}

async function providerName(db: Db, providerId: number, changes: readonly Change[]): Promise<string> {
  const known = changes.find(({ before }) => before.providerId === providerId)?.before.providerName;
  if (known) return known;
  const account = await findUserById(db, providerId);
  if (!account) return '';
  const { first_name: firstName, last_name: lastName, role } = account.row;
  return providerDisplayName({ firstName, lastName, role });
}

/**
 * The staff notifications a schedule event creates (issue 19 point 8), stored in the event's transaction.
 * Nobody is told of what they did themselves: the actor is always left out.
 */
export async function notifyAppointmentEvent(db: Db, actor: EventActor, event: AppointmentEvent): Promise<void> {
  const at = { practiceId: actor.practiceId, now: actor.now };
  const except = actor.userId;
  switch (event.kind) {
    case 'booked': {
      const timeZone = await practiceTimezone(db, actor.practiceId);
      const notification = appointmentNotification('booked', event.after, timeZone);
      await notify(db, at, { userIds: [event.after.providerId], except }, notification);
      return;
    }
    case 'edited': {
      const kind = editKind(event);
      if (!kind) return;
      const timeZone = await practiceTimezone(db, actor.practiceId);
      const notification = appointmentNotification(kind, event.after, timeZone, event.before);
      // A booking handed to another provider concerns both: the one who lost it and the one who has it.
      const userIds = [event.after.providerId, event.before.providerId];
      await notify(db, at, { userIds, except }, notification);
      return;
    }
    case 'rescheduled': {
      // An absence is told once, by its absence-recorded event, which follows.
      if (event.cause.entity !== 'maintenance_schedule' || event.changes.length === 0) return;
      const timeZone = await practiceTimezone(db, actor.practiceId);
      const rooms = [...new Set(event.changes.map(({ before }) => before.treatmentRoom))].sort();
      const [firstDate = ''] = event.changes.map(({ before }) => localDate(before.appointmentDate, timeZone)).sort();
      const notification = maintenanceNotification({ rooms, firstDate }, counts(event.changes));
      const userIds = event.changes.map(({ before }) => before.providerId);
      await notify(db, at, { userIds, holding: 'appointments.edit', except }, notification);
      return;
    }
    case 'absence-recorded': {
      const { absence, changes } = event;
      const name = await providerName(db, absence.providerId, changes);
      const notification = absenceNotification({ ...absence, providerName: name }, counts(changes));
      await notify(db, at, { userIds: [absence.providerId], holding: 'appointments.edit', except }, notification);
      return;
    }
  }
}
