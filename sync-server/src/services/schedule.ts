import { effectiveRole, PROVIDER_ROLES } from '@dental/domain/permissions/roles';
import type { DaySchedule } from '@dental/domain/scheduling/availability';
import { absenceCovers, intervalOf, overlaps } from '@dental/domain/scheduling/conflicts';
import { localDayRange } from '@dental/domain/time/zones';
import { providerDisplayName } from '@dental/domain/users/user';
import type { Db } from '../db/connection.ts';
import { liveBookingsBetween } from '../repos/bookings.ts';
import { maintenanceBetween } from '../repos/maintenance-schedules.ts';
import { absencesBetween } from '../repos/provider-absences.ts';
import { activeRoomCodes } from '../repos/treatment-rooms.ts';
import { availableStaff } from '../repos/users.ts';
import { hoursWithHolidays } from './holidays.ts';
import { practiceTimezone } from './practice-time.ts';

/** Providers who can be booked today: provider roles working in the practice and not marked unavailable. */
async function bookableProviders(db: Db, practiceId: number): Promise<DaySchedule['providers']> {
  const rows = await availableStaff(db, practiceId);
  return rows
    .filter((row) => PROVIDER_ROLES.includes(effectiveRole(row.role)))
    .map((row) => ({
      id: row.id,
      name: providerDisplayName({ firstName: row.first_name, lastName: row.last_name, role: row.role }),
      role: effectiveRole(row.role),
    }));
}

/** One schedule per date, in order: a tuple of dates gives a tuple of schedules. */
type SchedulesOf<Dates extends readonly string[]> = { -readonly [K in keyof Dates]: DaySchedule };

/**
 * The practice's schedule for each date (YYYY-MM-DD on its clock), read in one pass, in the shape
 * the shared availability and conflict analysis take, so the server judges what the browser judges.
 */
export async function daySchedules<const Dates extends readonly string[]>(
  db: Db,
  practiceId: number,
  dates: Dates,
): Promise<SchedulesOf<Dates>> {
  if (dates.length === 0) return [] as SchedulesOf<Dates>;
  const timeZone = await practiceTimezone(db, practiceId);
  const hours = await hoursWithHolidays(db, practiceId);
  const rooms = await activeRoomCodes(db, practiceId);
  const providers = await bookableProviders(db, practiceId);
  const days = dates.map((date) => {
    const range = localDayRange(date, timeZone);
    return { date, span: { start: Date.parse(range.start), end: Date.parse(range.end) } };
  });
  const from = new Date(Math.min(...days.map((day) => day.span.start)));
  const to = new Date(Math.max(...days.map((day) => day.span.end)));

  const bookings = await liveBookingsBetween(db, practiceId, from, to);
  const maintenance = await maintenanceBetween(db, practiceId, from, to);

  const sortedDates = [...dates].sort();
  const absences = await absencesBetween(db, practiceId, sortedDates[0] ?? '', sortedDates.at(-1) ?? '');

  const schedules: DaySchedule[] = days.map(({ date, span }) => ({
    date,
    timeZone,
    hours,
    rooms,
    providers,
    appointments: bookings.filter((booking) => overlaps(span, intervalOf(booking.appointmentDate, booking.duration))),
    maintenance: maintenance.filter((window) =>
      overlaps(span, { start: Date.parse(window.startDateTime), end: Date.parse(window.endDateTime) }),
    ),
    absences: absences.filter((absence) => absenceCovers(absence, date)),
  }));
  return schedules as SchedulesOf<Dates>;
}
