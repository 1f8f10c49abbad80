import type { Appointment } from '@dental/domain/scheduling/appointment';
import type { BookedAppointment } from '@dental/domain/scheduling/conflicts';
import { NON_BLOCKING_STATUSES } from '@dental/domain/scheduling/status-transitions';
import { fullName } from '@dental/domain/users/user';
import type { Db } from '../db/connection.ts';
import { appointmentQuery, toAppointment } from './appointments.ts';

const MINUTE_MS = 60_000;
/** Longest booking that can start before a window and still reach into it (spec 9 maximum is 120). */
const LOOKBACK_MS = 24 * 60 * MINUTE_MS;

/** Live bookings with what the shared conflict rules read; narrowed further by each caller. */
function liveBookingsQuery(db: Db, practiceId: number, from: Date, to: Date) {
  return db
    .selectFrom('appointments as a')
    .innerJoin('patients as p', 'p.id', 'a.patient_id')
    .select([
      'a.id',
      'a.patient_id',
      'a.provider_id',
      'a.treatment_room',
      'a.appointment_date',
      'a.duration',
      'a.status',
      'p.first_name',
      'p.last_name',
    ])
    .where('a.practice_id', '=', practiceId)
    .where('a.appointment_date', '>=', new Date(from.getTime() - LOOKBACK_MS).toISOString())
    .where('a.appointment_date', '<', to.toISOString())
    .where('a.status', 'not in', [...NON_BLOCKING_STATUSES]);
}

type LiveBookingRow = Awaited<ReturnType<ReturnType<typeof liveBookingsQuery>['executeTakeFirstOrThrow']>>;

function toBookedAppointment(row: LiveBookingRow): BookedAppointment {
  return {
    id: row.id,
    patientId: row.patient_id,
    providerId: row.provider_id,
    treatmentRoom: row.treatment_room,
    appointmentDate: row.appointment_date,
    duration: row.duration,
    status: row.status,
    patientName: fullName({ firstName: row.first_name, lastName: row.last_name }),
  };
}

/** Live bookings that could overlap [from, to): those starting inside it or up to a day before. */
export async function liveBookingsBetween(db: Db, practiceId: number, from: Date, to: Date) {
  return (await liveBookingsQuery(db, practiceId, from, to).execute()).map(toBookedAppointment);
}

export interface BookingWindow {
  practiceId: number;
  treatmentRoom: string;
  providerId: number;
  start: Date;
  end: Date;
}

/** Live bookings of the room or the provider that could overlap the window; the rule itself is the domain's. */
export async function bookingsNear(db: Db, window: BookingWindow): Promise<BookedAppointment[]> {
  const rows = await liveBookingsQuery(db, window.practiceId, window.start, window.end)
    .where((eb) =>
      eb.or([eb('a.treatment_room', '=', window.treatmentRoom), eb('a.provider_id', '=', window.providerId)]),
    )
    .execute();
  return rows.map(toBookedAppointment);
}

/** The room's live bookings that could overlap [start, end), as full appointments. */
export async function roomBookingsNear(
  db: Db,
  practiceId: number,
  window: { roomId: string; startDateTime: string; endDateTime: string },
): Promise<Appointment[]> {
  const rows = await appointmentQuery(db)
    .where('a.practice_id', '=', practiceId)
    .where('a.treatment_room', '=', window.roomId)
    .where('a.appointment_date', '>=', new Date(Date.parse(window.startDateTime) - LOOKBACK_MS).toISOString())
    .where('a.appointment_date', '<', window.endDateTime)
    .where('a.status', 'not in', [...NON_BLOCKING_STATUSES])
    .execute();
  return rows.map(toAppointment);
}

/** The provider's appointments starting in [start, end) in none of the given statuses, by start time. */
export async function providerAppointmentsStarting(
  db: Db,
  practiceId: number,
  providerId: number,
  range: { start: string; end: string },
  excludedStatuses: readonly string[],
): Promise<Appointment[]> {
  const rows = await appointmentQuery(db)
    .where('a.practice_id', '=', practiceId)
    .where('a.provider_id', '=', providerId)
    .where('a.appointment_date', '>=', range.start)
    .where('a.appointment_date', '<', range.end)
    .where('a.status', 'not in', [...excludedStatuses])
    .orderBy('a.appointment_date')
    .orderBy('a.id')
    .execute();
  return rows.map(toAppointment);
}
