import { DEFAULTS } from '../constants.ts';
import { checkWithinHours, minutesOfDay, openSpan, timeSlots, type WeeklyHours } from '../practices/hours.ts';
import { instantAt, localDate, localDayRange, localTime } from '../time/zones.ts';
import { addDays, checkHoursAt } from './booking-rules.ts';
import {
  type AbsenceWindow,
  absenceOn,
  type BookedAppointment,
  type Interval,
  intervalOf,
  type MaintenanceWindow,
  overlaps,
} from './conflicts.ts';
import { isBlocking } from './status-transitions.ts';

/** One practice day with everything that decides what can still be booked; the browser builds it offline too. */
export interface DaySchedule {
  /** YYYY-MM-DD on the practice's clock. */
  date: string;
  timeZone: string;
  hours: WeeklyHours;
  /** Room codes in display order, e.g. 'Room 1'. */
  rooms: readonly string[];
  /** Roles: doctor, hygienist, admin (and others). */
  providers: readonly { id: number; name: string; role: string }[];
  appointments: readonly BookedAppointment[];
  maintenance: readonly MaintenanceWindow[];
  /** Providers absent that day are never offered. */
  absences?: readonly AbsenceWindow[];
}

export interface FreeSlot {
  /** ISO instant. */
  start: string;
  /** 'HH:MM' on the practice's clock. */
  time: string;
  room: string;
  /** Providers free for the whole span. */
  providerIds: number[];
}

export interface FreeSlotOptions {
  excludeProviderId?: number;
  room?: string;
  /** ISO instant: only slots starting at or after it. */
  after?: string;
}

const NEXT_OPEN_SEARCH_DAYS = 14;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

function windowOf(window: MaintenanceWindow): Interval {
  return { start: Date.parse(window.startDateTime), end: Date.parse(window.endDateTime) };
}

/**
 * Every slot of the day's 30-minute grid where a room is free for `duration` minutes and at least
 * one provider is too; a room without a free provider cannot be booked, so it is not offered.
 * Judged exactly as findConflicts judges a booking: half-open intervals, cancelled and no-show
 * appointments never block, maintenance blocks its room.
 */
export function freeSlots(day: DaySchedule, duration: number, options: FreeSlotOptions = {}): FreeSlot[] {
  const { timeZone } = day;
  const after = options.after === undefined ? Number.NEGATIVE_INFINITY : Date.parse(options.after);
  const rooms = options.room === undefined ? day.rooms : day.rooms.filter((room) => room === options.room);
  const providers = day.providers.filter(
    (provider) => provider.id !== options.excludeProviderId && !absenceOn(day.absences, provider.id, day.date),
  );
  const byProvider = new Map<number, Interval[]>();
  const byRoom = new Map<string, Interval[]>();
  const note = <K>(index: Map<K, Interval[]>, key: K, span: Interval) => {
    const spans = index.get(key);
    if (spans) spans.push(span);
    else index.set(key, [span]);
  };
  for (const appointment of day.appointments) {
    if (!isBlocking(appointment.status)) continue;
    const span = intervalOf(appointment.appointmentDate, appointment.duration);
    note(byProvider, appointment.providerId, span);
    note(byRoom, appointment.treatmentRoom, span);
  }
  for (const window of day.maintenance) note(byRoom, window.roomId, windowOf(window));
  const free = (spans: Interval[] | undefined, span: Interval) => !spans?.some((other) => overlaps(span, other));

  const range = localDayRange(day.date, timeZone);
  const midnight = Date.parse(range.start);
  // A day of exactly 24 hours has no clock change: each wall-clock time is midnight plus its
  // minutes, which spares a time-zone lookup per slot. Change days take the slow, exact path.
  const steady = Date.parse(range.end) - midnight === DAY_MS;

  const slots: FreeSlot[] = [];
  for (const time of timeSlots(day.hours, day.date, DEFAULTS.timeSlotMinutes)) {
    const start = steady
      ? new Date(midnight + minutesOfDay(time) * MINUTE_MS).toISOString()
      : instantAt(day.date, time, timeZone);
    // A wall-clock time the spring change skips does not exist that day.
    if (!steady && (localTime(start, timeZone) !== time || localDate(start, timeZone) !== day.date)) continue;
    if (Date.parse(start) < after) continue;
    const fits = steady
      ? checkWithinHours(day.hours, day.date, time, duration)
      : checkHoursAt(day.hours, timeZone, start, duration);
    if (!fits.ok) continue;
    const span = intervalOf(start, duration);
    const providerIds = providers
      .filter((provider) => free(byProvider.get(provider.id), span))
      .map((provider) => provider.id);
    if (providerIds.length === 0) continue;
    for (const room of rooms) {
      if (free(byRoom.get(room), span)) slots.push({ start, time, room, providerIds: [...providerIds] });
    }
  }
  return slots;
}

/**
 * `date` when the practice is open then, else the next open date; `date` itself when none comes within the
 * search (the caller's own check then says the day is closed). What a booking or a follow-up is moved to when
 * the day asked for is a Sunday or a closed holiday.
 */
export function openDateFrom(hours: WeeklyHours, date: string): string {
  return openSpan(hours, date) ? date : (nextOpenDate(hours, date) ?? date);
}

/** The first open date strictly after `date`, looking at most `maxDays` ahead. */
export function nextOpenDate(hours: WeeklyHours, date: string, maxDays = NEXT_OPEN_SEARCH_DAYS): string | null {
  for (let offset = 1; offset <= maxDays; offset++) {
    const candidate = addDays(date, offset);
    if (openSpan(hours, candidate)) return candidate;
  }
  return null;
}
