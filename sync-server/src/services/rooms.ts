import { checkHoursAt } from '@dental/domain/scheduling/booking-rules';
import { findConflicts } from '@dental/domain/scheduling/conflicts';
import type { TreatmentRoom } from '@dental/domain/scheduling/rooms';
import { instantAt, localTime } from '@dental/domain/time/zones';
import type { Db } from '../db/connection.ts';
import { activeRooms, toTreatmentRoom } from '../repos/treatment-rooms.ts';
import { practiceTimezone } from './practice-time.ts';
import { daySchedules } from './schedule.ts';

/** User ids start at 1: a candidate with this provider clashes only over its room. */
const NO_PROVIDER = 0;

export async function roomsOf(db: Db, practiceId: number): Promise<TreatmentRoom[]> {
  return (await activeRooms(db, practiceId)).map(toTreatmentRoom);
}

/**
 * Rooms free of bookings and maintenance from `time` on `date` (the practice's clock) for `duration`
 * minutes; none when the practice is closed then.
 */
export async function availableRooms(
  db: Db,
  practiceId: number,
  query: { date: string; time: string; duration: number },
): Promise<TreatmentRoom[]> {
  const timeZone = await practiceTimezone(db, practiceId);
  const start = instantAt(query.date, query.time, timeZone);
  // A time the spring daylight-saving change skips never happens, so nothing is free then.
  if (localTime(start, timeZone) !== query.time) return [];
  const [day] = await daySchedules(db, practiceId, [query.date]);
  if (!checkHoursAt(day.hours, timeZone, start, query.duration).ok) return [];
  const rooms = await activeRooms(db, practiceId);
  return rooms
    .filter(
      (room) =>
        findConflicts(
          {
            providerId: NO_PROVIDER,
            treatmentRoom: room.room_code,
            appointmentDate: start,
            duration: query.duration,
          },
          day.appointments,
          { maintenance: day.maintenance, timeZone },
        ).length === 0,
    )
    .map(toTreatmentRoom);
}
