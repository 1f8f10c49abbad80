import { SCHEDULING } from '../constants.ts';
import { fill } from '../i18n/text.ts';
import { ABSENCE_ALTERNATIVE_ROLES, type Role } from '../permissions/roles.ts';
import { openSpan, type WeeklyHours } from '../practices/hours.ts';
import { localDate, localTime } from '../time/zones.ts';
import type { AbsencePreview, AffectedAppointment } from './absence.schema.ts';
import type { Appointment } from './appointment.ts';
import { type DaySchedule, type FreeSlot, freeSlots } from './availability.ts';
import { addDays } from './booking-rules.ts';
import type { AbsenceWindow } from './conflicts.ts';
import {
  byOriginalTime,
  type Choice,
  cleared,
  endOf,
  firstOpenDayAfter,
  SlotLedger,
  SUGGESTION_TEXTS,
  shortDay,
  spanOf,
  suggestionsFor,
  toUnit,
} from './move-plans.ts';
import type { SmartSuggestion } from './reschedule-plan.ts';

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

function roleOf(day: DaySchedule, providerId: number): string | undefined {
  return day.providers.find((provider) => provider.id === providerId)?.role;
}

function nameOf(day: DaySchedule, providerId: number): string {
  return (
    day.providers.find((provider) => provider.id === providerId)?.name ??
    fill(SUGGESTION_TEXTS.provider, { id: providerId })
  );
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
          reasoning: fill(SUGGESTION_TEXTS.reassignReason, { provider: name, room: unit.room }),
          text: (time) => fill(SUGGESTION_TEXTS.reassignTo, { provider: name, time }),
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
          reasoning: SUGGESTION_TEXTS.firstOpenDayReason.message,
          text: (time) => fill(SUGGESTION_TEXTS.rescheduleTo, { date: shortDay(nextDay.date), time }),
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
          reasoning: fill(SUGGESTION_TEXTS.roomAndProviderReason, { room: slot.room, provider: name }),
          text: (time) => fill(SUGGESTION_TEXTS.moveToRoomWith, { room: slot.room, provider: name, time }),
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
