import { invalidInput } from '@dental/domain/errors';
import { clockTime, minutesOfDay, WEEKDAY_NAMES, type WeeklyHours } from '@dental/domain/practices/hours';
import { describeZoneAt, displayName, utcOffsetMinutes, zoneInfo } from '@dental/domain/time/canadian-zones';
import { nextTransitions } from '@dental/domain/time/transitions';
import { localDate, localTime } from '@dental/domain/time/zones';
import type { Db } from '../db/connection.ts';
import { futureAppointmentStarts } from '../repos/appointments.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { weeklyHours } from '../repos/practice-hours.ts';
import { practicePlaces, setPracticeTimezone } from '../repos/practices.ts';
import { type Caller, requirePracticeAccess } from './caller.ts';
import type { PracticeHoursCache } from './practice-hours-cache.ts';

/** Issue 21, /timezone-management: every practice the admin may use, its zone, clock and next DST changes. */
export async function practiceZones(db: Db, caller: Caller, now: Date) {
  const places = await practicePlaces(db, caller.account.allowedPracticeIds);
  return {
    serverTime: now.toISOString(),
    practices: places.map((place) => ({
      practiceId: place.id,
      name: place.name,
      city: place.city,
      province: place.province,
      ...describeZoneAt(place.timezone, now),
      nextTransitions: nextTransitions(place.timezone, now, 2),
    })),
  };
}

/** Only a zone of the Canadian table (spec 3), by its own name. */
export function requireCanadianZone(timezone: string): void {
  if (zoneInfo(timezone)?.timeZone !== timezone) {
    throw invalidInput([{ field: 'timezone', message: 'timezone must be one of the Canadian time zones' }]);
  }
}

function shiftClock(clock: string | null, minutes: number): string | null {
  if (clock === null) return null;
  const shifted = (((minutesOfDay(clock) + minutes) % 1440) + 1440) % 1440;
  return clockTime(shifted);
}

/**
 * What changing the practice's zone would do, changing nothing: appointments keep their instant, so
 * their local times move by the offset difference (how many move, and the first as an example); the
 * weekly hours keep their wall-clock times, now read in the new zone (and what those were on the old clock).
 */
export async function previewZoneChange(db: Db, caller: Caller, practiceId: number, timezone: string, now: Date) {
  requirePracticeAccess(caller, practiceId);
  requireCanadianZone(timezone);
  const [place] = await practicePlaces(db, [practiceId]);
  const from = place?.timezone ?? timezone;
  const starts = await futureAppointmentStarts(db, practiceId, now.toISOString());
  const moving = starts.filter(
    (row) => utcOffsetMinutes(from, row.appointment_date) !== utcOffsetMinutes(timezone, row.appointment_date),
  );
  const first = moving[0];
  const hours: WeeklyHours = await weeklyHours(db, practiceId);
  // Hours 08:00 in the new zone were this time on the old clock (today's offsets).
  const difference = utcOffsetMinutes(from, now) - utcOffsetMinutes(timezone, now);
  return {
    practiceId,
    from: { timezone: from, displayName: displayName(from) },
    to: { timezone, displayName: displayName(timezone) },
    unchanged: from === timezone,
    appointments: {
      future: starts.length,
      shifted: moving.length,
      example: first
        ? {
            appointmentId: first.id,
            instant: first.appointment_date,
            before: { date: localDate(first.appointment_date, from), time: localTime(first.appointment_date, from) },
            after: {
              date: localDate(first.appointment_date, timezone),
              time: localTime(first.appointment_date, timezone),
            },
          }
        : null,
    },
    hours: WEEKDAY_NAMES.map((weekday) => {
      const day = hours[weekday];
      return {
        weekday,
        isOpen: day.isOpen,
        openTime: day.openTime,
        closeTime: day.closeTime,
        formerClockOpenTime: day.isOpen ? shiftClock(day.openTime, difference) : null,
        formerClockCloseTime: day.isOpen ? shiftClock(day.closeTime, difference) : null,
      };
    }),
  };
}

/** Applies the change the preview described; audited; the practice's cached hours are dropped. */
export async function changePracticeZone(
  db: Db,
  caller: Caller,
  practiceId: number,
  timezone: string,
  now: Date,
  cache: PracticeHoursCache,
) {
  const preview = await previewZoneChange(db, caller, practiceId, timezone, now);
  await setPracticeTimezone(db, practiceId, timezone);
  cache.invalidate(practiceId);
  await writeAudit(db, {
    at: now,
    userId: caller.account.row.id,
    practiceId,
    action: 'practice.timezone_change',
    entity: 'practice',
    entityId: practiceId,
    details: {
      from: preview.from.timezone,
      to: timezone,
      futureAppointments: preview.appointments.future,
      shiftedAppointments: preview.appointments.shifted,
    },
  });
  return { ...preview, applied: true };
}
