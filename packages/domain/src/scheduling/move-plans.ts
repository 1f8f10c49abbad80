import dayjs from 'dayjs';
import type { Text } from '../i18n/text.ts';
import { minutesOfDay, openSpan, twelveHourTime } from '../practices/hours.ts';
import { localDate, localTime } from '../time/zones.ts';
import type { Appointment } from './appointment.ts';
import type { DaySchedule, FreeSlot } from './availability.ts';
import { type AbsenceWindow, absenceOn, type Interval, type MaintenanceWindow, overlaps } from './conflicts.ts';
import type { SmartSuggestion, SmartSuggestionType } from './reschedule-plan.ts';

// What absence and displacement plans share: bookings moved as units, slots promised once, suggestions in the spec's shape.
const MINUTE_MS = 60_000;

/** The ready-made plans' words, for an absence and for a maintenance window. */
export const SUGGESTION_TEXTS = {
  provider: /*i18n*/ { id: 'suggestion.provider', message: 'Provider {id}' },
  reassignReason: /*i18n*/ {
    id: 'suggestion.reassignReason',
    message: '{provider} is free at the same time in {room}',
  },
  reassignTo: /*i18n*/ { id: 'suggestion.reassignTo', message: 'Reassign to {provider} at {time}' },
  firstOpenDayReason: /*i18n*/ {
    id: 'suggestion.firstOpenDayReason',
    message: 'The first open day after the absence, with the same provider',
  },
  rescheduleTo: /*i18n*/ { id: 'suggestion.rescheduleTo', message: 'Reschedule to {date} at {time}' },
  roomAndProviderReason: /*i18n*/ {
    id: 'suggestion.roomAndProviderReason',
    message: '{room} and {provider} are free on the same day',
  },
  moveToRoomWith: /*i18n*/ { id: 'suggestion.moveToRoomWith', message: 'Move to {room} with {provider} at {time}' },
  roomFreeReason: /*i18n*/ { id: 'suggestion.roomFreeReason', message: '{room} is free at the same time' },
  moveToRoom: /*i18n*/ { id: 'suggestion.moveToRoom', message: 'Move to {room} at {time}' },
  laterSameDayReason: /*i18n*/ {
    id: 'suggestion.laterSameDayReason',
    message: 'Later the same day, after the maintenance, with the same provider',
  },
  rescheduleToIn: /*i18n*/ { id: 'suggestion.rescheduleToIn', message: 'Reschedule to {time} in {room}' },
  nextOpenDayReason: /*i18n*/ {
    id: 'suggestion.nextOpenDayReason',
    message: 'The next open day, with the same provider',
  },
} as const satisfies Record<string, Text>;

/** A booking, or a family's back-to-back bookings, that must move together. */
export interface Unit {
  members: readonly Appointment[];
  groupId: string | null;
  start: number;
  /** From the first start to the last end. */
  minutes: number;
  room: string;
  providerId: number;
  date: string;
}

interface Claim {
  room: string;
  providerId: number;
  span: Interval;
}

export interface Choice {
  type: SmartSuggestionType;
  confidence: number;
  slot: FreeSlot;
  providerId: number;
  reasoning: string;
  text: (time: string) => string;
}

export function endOf(appointment: Appointment): number {
  return Date.parse(appointment.appointmentDate) + appointment.duration * MINUTE_MS;
}

export function toUnit(members: Appointment[], groupId: string | null, timeZone: string): Unit {
  const first = members[0] as Appointment;
  const start = Date.parse(first.appointmentDate);
  const end = Math.max(...members.map(endOf));
  return {
    members,
    groupId,
    start,
    minutes: Math.round((end - start) / MINUTE_MS),
    room: first.treatmentRoom,
    providerId: first.providerId,
    date: localDate(first.appointmentDate, timeZone),
  };
}

export function shortDay(date: string): string {
  return dayjs(date).format('ddd, MMM D');
}

/** The schedule as it will be once the moved bookings are gone and the new absence or window is in place. */
export function cleared(
  day: DaySchedule,
  moved: ReadonlySet<string>,
  extra: { absence?: AbsenceWindow; maintenance?: MaintenanceWindow },
): DaySchedule {
  return {
    ...day,
    appointments: day.appointments.filter((appointment) => !moved.has(appointment.id)),
    maintenance: extra.maintenance ? [...day.maintenance, extra.maintenance] : day.maintenance,
    absences: extra.absence ? [...(day.absences ?? []), extra.absence] : day.absences,
  };
}

export class SlotLedger {
  private readonly claims: Claim[] = [];

  free(room: string, providerId: number, span: Interval): boolean {
    return !this.claims.some(
      (claim) => (claim.room === room || claim.providerId === providerId) && overlaps(claim.span, span),
    );
  }

  claim(room: string, providerId: number, span: Interval): void {
    this.claims.push({ room, providerId, span });
  }
}

export function spanOf(slot: FreeSlot, minutes: number): Interval {
  const start = Date.parse(slot.start);
  return { start, end: start + minutes * MINUTE_MS };
}

/** Earliest slot at or after the original time of day, else the earliest; the original room first on ties. */
export function byOriginalTime(slots: readonly FreeSlot[], originalTime: string, room: string): FreeSlot[] {
  const original = minutesOfDay(originalTime);
  const rank = (slot: FreeSlot) => (minutesOfDay(slot.time) >= original ? 0 : 1);
  return [...slots].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      Date.parse(a.start) - Date.parse(b.start) ||
      Number(b.room === room) - Number(a.room === room),
  );
}

/** The unit's members shifted to the chosen slot, each keeping its place in the block. */
export function suggestionsFor(unit: Unit, choice: Choice, timeZone: string): Map<string, SmartSuggestion> {
  const start = Date.parse(choice.slot.start);
  const result = new Map<string, SmartSuggestion>();
  for (const member of unit.members) {
    const memberStart = new Date(start + (Date.parse(member.appointmentDate) - unit.start)).toISOString();
    const time = localTime(memberStart, timeZone);
    result.set(member.id, {
      type: choice.type,
      text: choice.text(twelveHourTime(time)),
      confidence: choice.confidence,
      reasoning: choice.reasoning,
      newDate: localDate(memberStart, timeZone),
      newTime: time,
      newProviderId: choice.providerId,
      newRoomId: choice.slot.room,
    });
  }
  return result;
}

export function firstOpenDayAfter(
  schedules: readonly DaySchedule[],
  after: string,
  providerId: number,
): DaySchedule | undefined {
  return [...schedules]
    .filter(
      (day) => day.date > after && openSpan(day.hours, day.date) && !absenceOn(day.absences, providerId, day.date),
    )
    .sort((a, b) => a.date.localeCompare(b.date))[0];
}
