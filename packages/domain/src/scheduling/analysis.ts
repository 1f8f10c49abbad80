import { localDate, localTime, longDate } from '../time/zones.ts';
import { type DaySchedule, type FreeSlot, freeSlots } from './availability.ts';
import { checkHoursAt } from './booking-rules.ts';
import {
  type ConflictCandidate,
  findConflicts,
  formatClockTime,
  type Interval,
  intervalOf,
  overlaps,
} from './conflicts.ts';
import { isBlocking } from './status-transitions.ts';

export type ConflictSeverity = 'critical' | 'warning' | 'info';

export interface AnalyzedConflict {
  type: string;
  severity: ConflictSeverity;
  message: string;
  appointmentId?: string;
  patient?: string;
  time?: string;
  room?: string;
}

export type SuggestionType = 'time_shift' | 'room_change' | 'provider_change' | 'reschedule' | 'combination';

export interface Suggestion {
  id: string;
  type: SuggestionType;
  title: string;
  description: string;
  /** Percent, 0 to 100. */
  confidence: number;
  impact: 'minimal' | 'moderate' | 'significant';
  /** Minutes the appointment moves by on the same day. */
  estimatedDelay?: number;
  /** The fields to change on the booking to take the suggestion. */
  change: { appointmentDate?: string; treatmentRoom?: string; providerId?: number };
}

export interface ConflictAnalysis {
  conflicts: AnalyzedConflict[];
  suggestions: Suggestion[];
}

export interface AnalysisOptions {
  /** The schedule of the next open day, for a reschedule suggestion. */
  nextOpenDay?: DaySchedule;
  excludeAppointmentId?: string | null;
}

const MINUTE_MS = 60_000;
const MAX_SUGGESTIONS = 5;
/** This long or longer without a break earns the provider-workload note. */
const WORKLOAD_LIMIT_MINUTES = 180;
/** A gap shorter than this is no break: there is barely time to clean the room. */
const MIN_BREAK_MINUTES = 15;
/** Ties in confidence list the least disruptive kind first. */
const TYPE_ORDER: readonly SuggestionType[] = [
  'room_change',
  'time_shift',
  'provider_change',
  'combination',
  'reschedule',
];
/** Interchangeable providers: a doctor's patient can see another doctor (or an admin dentist), not a hygienist. */
const DOCTOR_LIKE_ROLES: readonly string[] = ['doctor', 'dentist', 'admin'];

type Candidate = ConflictCandidate & { patientId?: string };

function roleGroup(role: string): string {
  return DOCTOR_LIKE_ROLES.includes(role) ? 'doctor' : role;
}

function minutesBetween(from: number, to: number): number {
  return Math.round(Math.abs(to - from) / MINUTE_MS);
}

function spokenMinutes(total: number): string {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  const parts = [
    hours > 0 ? `${hours} hour${hours === 1 ? '' : 's'}` : '',
    minutes > 0 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : '',
  ];
  return parts.filter(Boolean).join(' ');
}

function shiftWords(from: number, to: number): string {
  return `${spokenMinutes(minutesBetween(from, to))} ${to > from ? 'later' : 'earlier'}`;
}

/** The free slot closest in time to `target`; a later one wins a tie, since few patients can come earlier than planned. */
function nearest(slots: readonly FreeSlot[], target: number): FreeSlot | undefined {
  return [...slots].sort((a, b) => {
    const da = Math.abs(Date.parse(a.start) - target);
    const db = Math.abs(Date.parse(b.start) - target);
    return da - db || Date.parse(b.start) - Date.parse(a.start);
  })[0];
}

/** Confidence falls the further the appointment moves: each 30-minute step costs `perStep` points. */
function fading(base: number, perStep: number, floor: number, minutes: number): number {
  return Math.max(floor, base - perStep * Math.ceil(minutes / 30));
}

function impactOfShift(minutes: number): Suggestion['impact'] {
  if (minutes <= 30) return 'minimal';
  return minutes <= 120 ? 'moderate' : 'significant';
}

function patientBookings(candidate: Candidate, day: DaySchedule) {
  if (!candidate.patientId) return [];
  return day.appointments.filter((other) => other.patientId === candidate.patientId && isBlocking(other.status));
}

function doubleBookings(candidate: Candidate, day: DaySchedule): AnalyzedConflict[] {
  const date = localDate(candidate.appointmentDate, day.timeZone);
  return patientBookings(candidate, day)
    .filter((other) => localDate(other.appointmentDate, day.timeZone) === date)
    .map((other) => {
      const time = formatClockTime(other.appointmentDate, day.timeZone);
      return {
        type: 'patient_double_booking',
        severity: 'warning',
        message: `${other.patientName} already has an appointment this day at ${time} in ${other.treatmentRoom}`,
        appointmentId: other.id,
        patient: other.patientName,
        time,
        room: other.treatmentRoom,
      };
    });
}

/** The provider's run of work around the candidate, merged across gaps too short to rest in. */
function workload(candidate: Candidate, day: DaySchedule): AnalyzedConflict | undefined {
  const own = intervalOf(candidate.appointmentDate, candidate.duration);
  const spans = day.appointments
    .filter((other) => other.providerId === candidate.providerId && isBlocking(other.status))
    .map((other) => intervalOf(other.appointmentDate, other.duration))
    .concat(own)
    .sort((a, b) => a.start - b.start);
  let run: Interval | undefined;
  for (const span of spans) {
    if (run && span.start - run.end < MIN_BREAK_MINUTES * MINUTE_MS) {
      run = { start: run.start, end: Math.max(run.end, span.end) };
    } else if (run && overlaps(run, own)) {
      break;
    } else {
      run = { ...span };
    }
  }
  if (!run || !overlaps(run, own)) return undefined;
  const minutes = minutesBetween(run.start, run.end);
  if (minutes < WORKLOAD_LIMIT_MINUTES) return undefined;
  const name = day.providers.find((provider) => provider.id === candidate.providerId)?.name ?? 'The provider';
  const from = formatClockTime(new Date(run.start).toISOString(), day.timeZone);
  const to = formatClockTime(new Date(run.end).toISOString(), day.timeZone);
  return {
    type: 'provider_workload',
    severity: 'info',
    message: `${name} would work ${spokenMinutes(minutes)} without a break (${from} to ${to})`,
    time: from,
  };
}

/** Free slots the patient could actually attend: none overlapping their other bookings. */
function attendable(candidate: Candidate, day: DaySchedule): FreeSlot[] {
  const busy = patientBookings(candidate, day).map((other) => intervalOf(other.appointmentDate, other.duration));
  return freeSlots(day, candidate.duration).filter((slot) => {
    const span = intervalOf(slot.start, candidate.duration);
    return !busy.some((other) => overlaps(span, other));
  });
}

function suggest(candidate: Candidate, day: DaySchedule, nextOpenDay: DaySchedule | undefined): Suggestion[] {
  const { timeZone } = day;
  const target = Date.parse(candidate.appointmentDate);
  const providerName = (id: number) => day.providers.find((provider) => provider.id === id)?.name ?? 'the provider';
  const clock = (slot: FreeSlot) => formatClockTime(slot.start, timeZone);
  const slots = attendable(candidate, day);
  const withProvider = slots.filter((slot) => slot.providerIds.includes(candidate.providerId));
  const atTarget = (slot: FreeSlot) => Date.parse(slot.start) === target;
  const suggestions: Suggestion[] = [];

  const shifted = nearest(
    withProvider.filter((slot) => slot.room === candidate.treatmentRoom && !atTarget(slot)),
    target,
  );
  if (shifted) {
    const moved = minutesBetween(target, Date.parse(shifted.start));
    suggestions.push({
      id: `time_shift-${shifted.room}-${shifted.time}`,
      type: 'time_shift',
      title: `Move to ${clock(shifted)}`,
      description: `${shifted.room} and ${providerName(candidate.providerId)} are free at ${clock(shifted)}, ${shiftWords(target, Date.parse(shifted.start))}.`,
      confidence: fading(92, 6, 50, moved),
      impact: impactOfShift(moved),
      estimatedDelay: moved,
      change: { appointmentDate: shifted.start },
    });
  }

  const otherRoom = withProvider.find((slot) => atTarget(slot) && slot.room !== candidate.treatmentRoom);
  if (otherRoom) {
    suggestions.push({
      id: `room_change-${otherRoom.room}-${otherRoom.time}`,
      type: 'room_change',
      title: `Use ${otherRoom.room}`,
      description: `${otherRoom.room} is free at ${clock(otherRoom)} with the same provider.`,
      confidence: 90,
      impact: 'minimal',
      estimatedDelay: 0,
      change: { treatmentRoom: otherRoom.room },
    });
  }

  const sameRoom = slots.find((slot) => atTarget(slot) && slot.room === candidate.treatmentRoom);
  const role = day.providers.find((provider) => provider.id === candidate.providerId)?.role;
  const substitute =
    sameRoom && role !== undefined
      ? day.providers.find(
          (provider) =>
            provider.id !== candidate.providerId &&
            roleGroup(provider.role) === roleGroup(role) &&
            sameRoom.providerIds.includes(provider.id),
        )
      : undefined;
  if (sameRoom && substitute) {
    suggestions.push({
      id: `provider_change-${sameRoom.room}-${sameRoom.time}-${substitute.id}`,
      type: 'provider_change',
      title: `Book with ${substitute.name}`,
      description: `${substitute.name} is free at ${clock(sameRoom)} in ${sameRoom.room}.`,
      confidence: 80,
      impact: 'moderate',
      estimatedDelay: 0,
      change: { providerId: substitute.id },
    });
  }

  if (!shifted && !otherRoom) {
    const elsewhere = nearest(
      withProvider.filter((slot) => slot.room !== candidate.treatmentRoom && !atTarget(slot)),
      target,
    );
    if (elsewhere) {
      const moved = minutesBetween(target, Date.parse(elsewhere.start));
      suggestions.push({
        id: `combination-${elsewhere.room}-${elsewhere.time}`,
        type: 'combination',
        title: `Move to ${clock(elsewhere)} in ${elsewhere.room}`,
        description: `${elsewhere.room} and ${providerName(candidate.providerId)} are free at ${clock(elsewhere)}, ${shiftWords(target, Date.parse(elsewhere.start))}.`,
        confidence: fading(76, 6, 40, moved),
        impact: moved <= 120 ? 'moderate' : 'significant',
        estimatedDelay: moved,
        change: { appointmentDate: elsewhere.start, treatmentRoom: elsewhere.room },
      });
    }
  }

  if (nextOpenDay) {
    const time = localTime(candidate.appointmentDate, timeZone);
    const later = attendable(candidate, nextOpenDay).filter((slot) => slot.providerIds.includes(candidate.providerId));
    const inRoom = later.filter((slot) => slot.room === candidate.treatmentRoom);
    const sameTime = inRoom.find((slot) => slot.time === time);
    const chosen = sameTime ?? inRoom[0] ?? later[0];
    if (chosen) {
      const roomChanged = chosen.room !== candidate.treatmentRoom;
      suggestions.push({
        id: `reschedule-${nextOpenDay.date}-${chosen.room}-${chosen.time}`,
        type: 'reschedule',
        title: `Reschedule to ${longDate(chosen.start, nextOpenDay.timeZone)} at ${formatClockTime(chosen.start, nextOpenDay.timeZone)}`,
        description: `On the next open day, ${chosen.room} and ${providerName(candidate.providerId)} are free from ${formatClockTime(chosen.start, nextOpenDay.timeZone)} on.`,
        confidence: sameTime ? 60 : 55,
        impact: 'significant',
        change: { appointmentDate: chosen.start, ...(roomChanged ? { treatmentRoom: chosen.room } : {}) },
      });
    }
  }

  return suggestions
    .sort((a, b) => b.confidence - a.confidence || TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type))
    .slice(0, MAX_SUGGESTIONS);
}

/**
 * What stands in the way of a booking, and ways around it drawn from the day's real free slots.
 * Critical conflicts refuse the booking; warnings and notes only inform. The server answers
 * POST /api/appointments/analyze-conflicts with this, and the browser runs it offline.
 */
export function analyzeConflicts(
  candidate: Candidate,
  day: DaySchedule,
  options: AnalysisOptions = {},
): ConflictAnalysis {
  if (candidate.status !== undefined && !isBlocking(candidate.status)) return { conflicts: [], suggestions: [] };
  const ignored = new Set([candidate.id, options.excludeAppointmentId].filter((id): id is string => Boolean(id)));
  const withoutIgnored = (schedule: DaySchedule): DaySchedule => ({
    ...schedule,
    appointments: schedule.appointments.filter((other) => !ignored.has(other.id)),
  });
  const today = withoutIgnored(day);
  const { timeZone } = day;

  const conflicts: AnalyzedConflict[] = findConflicts(candidate, today.appointments, {
    maintenance: today.maintenance,
    absences: today.absences,
    timeZone,
  }).map(({ type, severity, message, appointmentId, patient, time, room }) => ({
    type,
    severity,
    message,
    appointmentId,
    patient,
    time,
    room,
  }));
  const hours = checkHoursAt(today.hours, timeZone, candidate.appointmentDate, candidate.duration);
  if (!hours.ok) {
    conflicts.push({
      type: 'practice_hours',
      severity: 'critical',
      message: hours.message,
      time: formatClockTime(candidate.appointmentDate, timeZone),
      room: candidate.treatmentRoom,
    });
  }
  conflicts.push(...doubleBookings(candidate, today));
  const tiring = workload(candidate, today);
  if (tiring) conflicts.push(tiring);

  const blocked = conflicts.some((found) => found.severity === 'critical');
  const nextOpenDay = options.nextOpenDay ? withoutIgnored(options.nextOpenDay) : undefined;
  return { conflicts, suggestions: blocked ? suggest(candidate, today, nextOpenDay) : [] };
}
