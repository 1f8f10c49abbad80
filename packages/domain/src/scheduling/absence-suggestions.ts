import dayjs from 'dayjs';
import { SCHEDULING } from '../constants.ts';
import { ABSENCE_ALTERNATIVE_ROLES, type Role } from '../permissions/roles.ts';
import { minutesOfDay, openSpan, twelveHourTime, type WeeklyHours } from '../practices/hours.ts';
import { localDate, localTime } from '../time/zones.ts';
import type { AbsencePreview, AffectedAppointment } from './absence.schema.ts';
import type { Appointment } from './appointment.schema.ts';
import { type DaySchedule, type FreeSlot, freeSlots } from './availability.ts';
import { addDays } from './booking-rules.ts';
import { type AbsenceWindow, absenceOn, type Interval, type MaintenanceWindow, overlaps } from './conflicts.ts';
import type { SmartSuggestion, SmartSuggestionType } from './reschedule-plan.ts';

const MINUTE_MS = 60_000;
/** How far past the absence a next-day reschedule is looked for. */
export const NEXT_DAY_SEARCH_DAYS = 14;

/** The absence being planned; it is not stored yet, so it is applied to the schedules here. */
export interface PlannedAbsence {
  providerId: number;
  startDate: string;
  endDate: string;
}

export interface AbsenceSuggestionInput {
  absence: PlannedAbsence;
  /** The absent provider's bookings to move, in any order. */
  appointments: readonly Appointment[];
  /** Schedules of the affected days and of the days after the absence (see absenceScheduleDates). */
  schedules: readonly DaySchedule[];
  /** Whether two patients are family: their back-to-back bookings move as one block. */
  related?: (patientA: string, patientB: string) => boolean;
  /** ISO instant: nothing earlier is suggested. */
  now?: string;
}

/** The practice dates whose schedules absenceSuggestions reads: every affected day and the open days after the absence. */
export function absenceScheduleDates(
  absence: PlannedAbsence,
  affectedDates: readonly string[],
  hours: WeeklyHours,
): string[] {
  const dates = new Set(affectedDates);
  for (let offset = 1; offset <= NEXT_DAY_SEARCH_DAYS; offset++) {
    const date = addDays(absence.endDate, offset);
    if (openSpan(hours, date)) dates.add(date);
  }
  return [...dates].sort();
}

/** A booking, or a family's back-to-back bookings, that must move together. */
interface Unit {
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

interface Choice {
  type: SmartSuggestionType;
  confidence: number;
  slot: FreeSlot;
  providerId: number;
  reasoning: string;
  text: (time: string) => string;
}

function endOf(appointment: Appointment): number {
  return Date.parse(appointment.appointmentDate) + appointment.duration * MINUTE_MS;
}

function toUnit(members: Appointment[], groupId: string | null, timeZone: string): Unit {
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

/**
 * Family members booked one right after the other with the same provider in the same room form one
 * block (as the family booking makes them); the block keeps the first member's id as its group id.
 */
export function familyUnits(
  appointments: readonly Appointment[],
  timeZone: string,
  related: (patientA: string, patientB: string) => boolean = () => false,
): { members: Appointment[]; groupId: string | null }[] {
  const sorted = [...appointments].sort(
    (a, b) => Date.parse(a.appointmentDate) - Date.parse(b.appointmentDate) || a.id.localeCompare(b.id),
  );
  const blocks: Appointment[][] = [];
  for (const appointment of sorted) {
    const block = blocks.at(-1);
    const last = block?.at(-1);
    const joins =
      block !== undefined &&
      last !== undefined &&
      endOf(last) === Date.parse(appointment.appointmentDate) &&
      last.providerId === appointment.providerId &&
      last.treatmentRoom === appointment.treatmentRoom &&
      localDate(last.appointmentDate, timeZone) === localDate(appointment.appointmentDate, timeZone) &&
      block.some(
        (member) => member.patientId !== appointment.patientId && related(member.patientId, appointment.patientId),
      );
    if (joins) block.push(appointment);
    else blocks.push([appointment]);
  }
  return blocks.map((members) => ({ members, groupId: members.length > 1 ? (members[0] as Appointment).id : null }));
}

function shortDay(date: string): string {
  return dayjs(date).format('ddd, MMM D');
}

/** The schedule as it will be once the moved bookings are gone and the new absence or window is in place. */
function cleared(
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

class SlotLedger {
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

function spanOf(slot: FreeSlot, minutes: number): Interval {
  const start = Date.parse(slot.start);
  return { start, end: start + minutes * MINUTE_MS };
}

function roleOf(day: DaySchedule, providerId: number): string | undefined {
  return day.providers.find((provider) => provider.id === providerId)?.role;
}

function nameOf(day: DaySchedule, providerId: number): string {
  return day.providers.find((provider) => provider.id === providerId)?.name ?? `Provider ${providerId}`;
}

/** Another provider who may take the booking (spec 6: doctor, hygienist or admin), free and not yet promised. */
function alternativeProvider(
  day: DaySchedule,
  slot: FreeSlot,
  minutes: number,
  excluded: number,
  ledger: SlotLedger,
): number | undefined {
  return slot.providerIds.find(
    (id) =>
      id !== excluded &&
      ABSENCE_ALTERNATIVE_ROLES.includes(roleOf(day, id) as Role) &&
      ledger.free(slot.room, id, spanOf(slot, minutes)),
  );
}

/** Earliest slot at or after the original time of day, else the earliest; the original room first on ties. */
function byOriginalTime(slots: readonly FreeSlot[], originalTime: string, room: string): FreeSlot[] {
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
function suggestionsFor(unit: Unit, choice: Choice, timeZone: string): Map<string, SmartSuggestion> {
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

function firstOpenDayAfter(
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

/**
 * Up to three ready-made plans per affected booking (spec 2.10 and 9), drawn from real free slots:
 * reassign to another suitable provider free at the same time in the same room (0.9), the first
 * open day after the absence with the same provider, at or after the original time of day (0.8),
 * and another room with another suitable provider on the same day, nearest the original time (0.7).
 * Bookings are served in time order and no slot is promised twice; a family block moves as one.
 */
export function absenceSuggestions(input: AbsenceSuggestionInput): AbsencePreview {
  const { absence, schedules } = input;
  const timeZone = schedules[0]?.timeZone;
  if (timeZone === undefined) {
    return { affected: input.appointments.map((appointment) => ({ appointment, groupId: null, suggestions: [] })) };
  }
  const moved = new Set(input.appointments.map((appointment) => appointment.id));
  const window: AbsenceWindow = { id: 'planned', reason: 'other', ...absence };
  const days = new Map(schedules.map((day) => [day.date, cleared(day, moved, { absence: window })]));
  const options = input.now === undefined ? {} : { after: input.now };
  const ledger = new SlotLedger();
  const { reassign, nextDayReschedule, roomChange } = SCHEDULING.absenceConfidence;
  const suggestions = new Map<string, SmartSuggestion[]>();
  const groups = new Map<string, string | null>();

  for (const block of familyUnits(input.appointments, timeZone, input.related)) {
    const unit = toUnit(block.members, block.groupId, timeZone);
    for (const member of unit.members) groups.set(member.id, unit.groupId);
    const choices: Choice[] = [];
    const take = (choice: Choice) => {
      choices.push(choice);
      ledger.claim(choice.slot.room, choice.providerId, spanOf(choice.slot, unit.minutes));
    };
    const sameDay = days.get(unit.date);

    if (sameDay) {
      const atSameTime = freeSlots(sameDay, unit.minutes, { ...options, room: unit.room }).find(
        (slot) => Date.parse(slot.start) === unit.start,
      );
      const providerId = atSameTime && alternativeProvider(sameDay, atSameTime, unit.minutes, unit.providerId, ledger);
      if (atSameTime && providerId !== undefined) {
        const name = nameOf(sameDay, providerId);
        take({
          type: 'reassign',
          confidence: reassign,
          slot: atSameTime,
          providerId,
          reasoning: `${name} is free at the same time in ${unit.room}`,
          text: (time) => `Reassign to ${name} at ${time}`,
        });
      }
    }

    const nextDay = firstOpenDayAfter([...days.values()], absence.endDate, unit.providerId);
    if (nextDay) {
      const originalTime = localTime(new Date(unit.start), timeZone);
      const open = freeSlots(nextDay, unit.minutes, options).filter(
        (slot) =>
          slot.providerIds.includes(unit.providerId) &&
          ledger.free(slot.room, unit.providerId, spanOf(slot, unit.minutes)),
      );
      const slot = byOriginalTime(open, originalTime, unit.room)[0];
      if (slot) {
        take({
          type: 'reschedule',
          confidence: nextDayReschedule,
          slot,
          providerId: unit.providerId,
          reasoning: 'The first open day after the absence, with the same provider',
          text: (time) => `Reschedule to ${shortDay(nextDay.date)} at ${time}`,
        });
      }
    }

    if (sameDay) {
      const nearest = freeSlots(sameDay, unit.minutes, options)
        .filter((slot) => slot.room !== unit.room)
        .sort(
          (a, b) =>
            Math.abs(Date.parse(a.start) - unit.start) - Math.abs(Date.parse(b.start) - unit.start) ||
            Date.parse(a.start) - Date.parse(b.start),
        );
      for (const slot of nearest) {
        const providerId = alternativeProvider(sameDay, slot, unit.minutes, unit.providerId, ledger);
        if (providerId === undefined) continue;
        const name = nameOf(sameDay, providerId);
        take({
          type: 'room-change',
          confidence: roomChange,
          slot,
          providerId,
          reasoning: `${slot.room} and ${name} are free on the same day`,
          text: (time) => `Move to ${slot.room} with ${name} at ${time}`,
        });
        break;
      }
    }

    // At most one choice of each kind was taken, so the three are all kept.
    const chosen = choices.sort((a, b) => b.confidence - a.confidence).slice(0, SCHEDULING.maxAbsenceSuggestions);
    for (const choice of chosen) {
      for (const [id, suggestion] of suggestionsFor(unit, choice, timeZone)) {
        suggestions.set(id, [...(suggestions.get(id) ?? []), suggestion]);
      }
    }
  }

  const affected: AffectedAppointment[] = [...input.appointments]
    .sort((a, b) => Date.parse(a.appointmentDate) - Date.parse(b.appointmentDate) || a.id.localeCompare(b.id))
    .map((appointment) => ({
      appointment,
      groupId: groups.get(appointment.id) ?? null,
      suggestions: suggestions.get(appointment.id) ?? [],
    }));
  return { affected };
}

export interface DisplacementInput {
  window: MaintenanceWindow;
  /** The bookings in the window's way. */
  appointments: readonly Appointment[];
  /** The window's days and the open days after them. */
  schedules: readonly DaySchedule[];
  now?: string;
}

export interface DisplacementPreview {
  affected: { appointment: Appointment; suggestions: SmartSuggestion[] }[];
}

/** The same confidences order for moving bookings out of a maintenance window: the lighter the change, the higher. */
export const DISPLACEMENT_CONFIDENCE = { roomChange: 0.9, laterSameDay: 0.8, nextOpenDay: 0.7 } as const;

/**
 * Where each booking in a maintenance window's way could go: another room at the same time with the
 * same provider (0.9), later the same day after the window (0.8), the next open day (0.7). No slot is
 * promised twice.
 */
export function displacementSuggestions(input: DisplacementInput): DisplacementPreview {
  const { window, schedules } = input;
  const timeZone = schedules[0]?.timeZone;
  if (timeZone === undefined) {
    return { affected: input.appointments.map((appointment) => ({ appointment, suggestions: [] })) };
  }
  const moved = new Set(input.appointments.map((appointment) => appointment.id));
  const days = new Map(schedules.map((day) => [day.date, cleared(day, moved, { maintenance: window })]));
  const options = input.now === undefined ? {} : { after: input.now };
  const ledger = new SlotLedger();
  const windowEnd = Date.parse(window.endDateTime);
  const sorted = [...input.appointments].sort(
    (a, b) => Date.parse(a.appointmentDate) - Date.parse(b.appointmentDate) || a.id.localeCompare(b.id),
  );

  const affected = sorted.map((appointment) => {
    const unit = toUnit([appointment], null, timeZone);
    const usable = (slot: FreeSlot) =>
      slot.providerIds.includes(unit.providerId) && ledger.free(slot.room, unit.providerId, spanOf(slot, unit.minutes));
    const choices: Choice[] = [];
    const take = (choice: Choice) => {
      choices.push(choice);
      ledger.claim(choice.slot.room, choice.providerId, spanOf(choice.slot, unit.minutes));
    };
    const sameDay = days.get(unit.date);
    if (sameDay) {
      const slots = freeSlots(sameDay, unit.minutes, options).filter(usable);
      const otherRoom = slots.find((slot) => Date.parse(slot.start) === unit.start && slot.room !== unit.room);
      if (otherRoom) {
        take({
          type: 'room-change',
          confidence: DISPLACEMENT_CONFIDENCE.roomChange,
          slot: otherRoom,
          providerId: unit.providerId,
          reasoning: `${otherRoom.room} is free at the same time`,
          text: (time) => `Move to ${otherRoom.room} at ${time}`,
        });
      }
      const later = byOriginalTime(
        slots.filter((slot) => Date.parse(slot.start) >= windowEnd && usable(slot)),
        localTime(window.endDateTime, timeZone),
        unit.room,
      )[0];
      if (later) {
        take({
          type: 'reschedule',
          confidence: DISPLACEMENT_CONFIDENCE.laterSameDay,
          slot: later,
          providerId: unit.providerId,
          reasoning: 'Later the same day, after the maintenance, with the same provider',
          text: (time) => `Reschedule to ${time} in ${later.room}`,
        });
      }
    }
    const nextDay = firstOpenDayAfter([...days.values()], unit.date, unit.providerId);
    if (nextDay) {
      const slot = byOriginalTime(
        freeSlots(nextDay, unit.minutes, options).filter(usable),
        localTime(appointment.appointmentDate, timeZone),
        unit.room,
      )[0];
      if (slot) {
        take({
          type: 'reschedule',
          confidence: DISPLACEMENT_CONFIDENCE.nextOpenDay,
          slot,
          providerId: unit.providerId,
          reasoning: 'The next open day, with the same provider',
          text: (time) => `Reschedule to ${shortDay(nextDay.date)} at ${time}`,
        });
      }
    }
    const suggestions: SmartSuggestion[] = [];
    for (const choice of choices) {
      const suggestion = suggestionsFor(unit, choice, timeZone).get(appointment.id);
      if (suggestion) suggestions.push(suggestion);
    }
    return { appointment, suggestions };
  });
  return { affected };
}
