import { SCHEDULING } from '../constants.ts';
import { minutesOfDay, WEEKDAY_NAMES, weekdayOf } from '../practices/hours.ts';
import type { Appointment } from '../scheduling/appointment.ts';
import type { DaySchedule } from '../scheduling/availability.ts';
import { checkHoursAt } from '../scheduling/booking-rules.ts';
import { absenceOn, findConflicts, type Interval, intervalOf } from '../scheduling/conflicts.ts';
import { isBlocking } from '../scheduling/status-transitions.ts';
import { localDate, localTime } from '../time/zones.ts';
import type { PartOfDay, WaitlistEntry, WaitlistPriority } from './entry.ts';

const MINUTE_MS = 60_000;

/** Where each part of the day begins and ends on the practice's clock, in minutes after midnight (end excluded). */
export const PART_OF_DAY_SPANS: Readonly<Record<Exclude<PartOfDay, 'any'>, { from: number; to: number }>> = {
  morning: { from: 0, to: 12 * 60 },
  afternoon: { from: 12 * 60, to: 17 * 60 },
  evening: { from: 17 * 60, to: 24 * 60 },
};

/** How many waiting entries one freed slot is offered to at most: the best ranked first. */
export const OFFERS_PER_SLOT = 5;

/** A slot a schedule change freed: a room and a provider's time, `duration` minutes from `start`. */
export interface FreedSlot {
  providerId: number;
  treatmentRoom: string;
  /** ISO instant. */
  start: string;
  duration: number;
}

/** A freed slot as offered: the providers really free for all of it, the freed provider first. */
export interface OpenSlot {
  treatmentRoom: string;
  start: string;
  duration: number;
  providerIds: readonly number[];
}

type Candidate = Pick<WaitlistEntry, 'providerId' | 'weekdays' | 'partOfDay' | 'duration' | 'status'>;

export function partOfDayAt(start: string, timeZone: string): Exclude<PartOfDay, 'any'> {
  const minutes = minutesOfDay(localTime(start, timeZone));
  if (minutes < PART_OF_DAY_SPANS.morning.to) return 'morning';
  return minutes < PART_OF_DAY_SPANS.afternoon.to ? 'afternoon' : 'evening';
}

/**
 * Whether a waiting entry fits an open slot: its provider (if it names one) is free then, the slot's
 * weekday and part of day are ones the patient chose, and the visit is no longer than the free time.
 */
export function fitsSlot(entry: Candidate, slot: OpenSlot, timeZone: string): boolean {
  if (entry.status !== 'waiting' && entry.status !== 'offered') return false;
  if (entry.duration > slot.duration) return false;
  if (entry.providerId === null ? slot.providerIds.length === 0 : !slot.providerIds.includes(entry.providerId)) {
    return false;
  }
  const weekday = WEEKDAY_NAMES.indexOf(weekdayOf(localDate(slot.start, timeZone)));
  if (entry.weekdays.length > 0 && !entry.weekdays.includes(weekday)) return false;
  return entry.partOfDay === 'any' || entry.partOfDay === partOfDayAt(slot.start, timeZone);
}

/** The provider an entry would be booked with in a slot it fits: the one it asked for, else the freed one. */
export function offeredProvider(entry: Pick<WaitlistEntry, 'providerId'>, slot: OpenSlot): number | undefined {
  return entry.providerId ?? slot.providerIds[0];
}

const PRIORITY_RANK: Readonly<Record<WaitlistPriority, number>> = { high: 0, medium: 1, low: 2 };

/** Candidates in the order they are offered a slot: higher priority first, then who has waited longest. */
export function compareCandidates(
  a: Pick<WaitlistEntry, 'priority' | 'createdAt' | 'id'>,
  b: Pick<WaitlistEntry, 'priority' | 'createdAt' | 'id'>,
): number {
  return (
    PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] ||
    a.createdAt.localeCompare(b.createdAt) ||
    a.id.localeCompare(b.id)
  );
}

/** When an offer made now lapses: spec 9's waitlist timeout. */
export function offerExpiry(now: Date): string {
  return new Date(now.getTime() + SCHEDULING.waitlistTimeoutMs).toISOString();
}

function spanOf(appointment: Pick<Appointment, 'appointmentDate' | 'duration'>): Interval {
  return intervalOf(appointment.appointmentDate, appointment.duration);
}

/**
 * The time one change freed: the old booking's span, less what the booking still holds of it when it
 * stays in the same room with the same provider (a move by less than its length, or a shortening).
 */
export function freedByChange(before: Appointment, after: Appointment): FreedSlot[] {
  if (!isBlocking(before.status)) return [];
  const old = spanOf(before);
  const kept =
    isBlocking(after.status) && after.treatmentRoom === before.treatmentRoom && after.providerId === before.providerId
      ? spanOf(after)
      : { start: old.end, end: old.end };
  const pieces: Interval[] = [
    { start: old.start, end: Math.min(old.end, Math.max(old.start, kept.start)) },
    { start: Math.max(old.start, Math.min(old.end, kept.end)), end: old.end },
  ];
  return pieces
    .filter((piece) => piece.end > piece.start)
    .map((piece) => ({
      providerId: before.providerId,
      treatmentRoom: before.treatmentRoom,
      start: new Date(piece.start).toISOString(),
      duration: (piece.end - piece.start) / MINUTE_MS,
    }));
}

/**
 * The freed slot as it can really be booked now, judged by the same conflict, absence and hours rules
 * as a booking: the room must be free for all of it, and the providers listed are those free too (the
 * freed provider first, then the day's others, so an absent provider's room time can go to a colleague).
 * Null when the room is taken or no provider is free.
 */
export function openSlot(freed: FreedSlot, day: DaySchedule): OpenSlot | null {
  const options = { maintenance: day.maintenance, absences: day.absences ?? [], timeZone: day.timeZone };
  if (!checkHoursAt(day.hours, day.timeZone, freed.start, freed.duration).ok) return null;
  const placement = { treatmentRoom: freed.treatmentRoom, appointmentDate: freed.start, duration: freed.duration };
  const ordered = [
    freed.providerId,
    ...day.providers.map((provider) => provider.id).filter((id) => id !== freed.providerId),
  ];
  const providerIds = ordered.filter(
    (providerId) =>
      day.providers.some((provider) => provider.id === providerId) &&
      !absenceOn(day.absences, providerId, day.date) &&
      findConflicts({ ...placement, providerId }, day.appointments, options).length === 0,
  );
  if (providerIds.length === 0) return null;
  return { treatmentRoom: freed.treatmentRoom, start: freed.start, duration: freed.duration, providerIds };
}
