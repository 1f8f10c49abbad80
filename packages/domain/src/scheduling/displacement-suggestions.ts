import { fill } from '../i18n/text.ts';
import { localTime } from '../time/zones.ts';
import type { Appointment } from './appointment.ts';
import { type DaySchedule, type FreeSlot, freeSlots } from './availability.ts';
import type { MaintenanceWindow } from './conflicts.ts';
import {
  byOriginalTime,
  type Choice,
  cleared,
  firstOpenDayAfter,
  SlotLedger,
  SUGGESTION_TEXTS,
  shortDay,
  spanOf,
  suggestionsFor,
  toUnit,
} from './move-plans.ts';
import type { SmartSuggestion } from './reschedule-plan.ts';

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
          reasoning: fill(SUGGESTION_TEXTS.roomFreeReason, { room: otherRoom.room }),
          text: (time) => fill(SUGGESTION_TEXTS.moveToRoom, { room: otherRoom.room, time }),
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
          reasoning: SUGGESTION_TEXTS.laterSameDayReason.message,
          text: (time) => fill(SUGGESTION_TEXTS.rescheduleToIn, { time, room: later.room }),
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
          reasoning: SUGGESTION_TEXTS.nextOpenDayReason.message,
          text: (time) => fill(SUGGESTION_TEXTS.rescheduleTo, { date: shortDay(nextDay.date), time }),
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
