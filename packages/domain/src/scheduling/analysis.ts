import { formatInstantLongDate } from '../i18n/formats.ts';
import { SOURCE_LANGUAGE } from '../i18n/language.ts';
import { fill, type Text } from '../i18n/text.ts';
import { localDate, localTime } from '../time/zones.ts';
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
import { SUGGESTION_TEXTS } from './move-plans.ts';
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

/** The analysis's notes and suggestions; `{duration}` is spoken by `spokenMinutes` ('1 hour 30 minutes'). */
export const ANALYSIS_TEXTS = {
  doubleBooking: /*i18n*/ {
    id: 'analysis.doubleBooking',
    message: '{patient} already has an appointment this day at {time} in {room}',
  },
  workload: /*i18n*/ {
    id: 'analysis.workload',
    message: '{provider} would work {duration} without a break ({from} to {to})',
  },
  theProviderStart: /*i18n*/ { id: 'analysis.theProvider.start', message: 'The provider' },
  theProvider: /*i18n*/ { id: 'analysis.theProvider', message: 'the provider' },
  moveTo: /*i18n*/ { id: 'analysis.moveTo', message: 'Move to {time}' },
  freeLater: /*i18n*/ {
    id: 'analysis.freeLater',
    message: '{room} and {provider} are free at {time}, {duration} later.',
  },
  freeEarlier: /*i18n*/ {
    id: 'analysis.freeEarlier',
    message: '{room} and {provider} are free at {time}, {duration} earlier.',
  },
  useRoom: /*i18n*/ { id: 'analysis.useRoom', message: 'Use {room}' },
  roomFree: /*i18n*/ { id: 'analysis.roomFree', message: '{room} is free at {time} with the same provider.' },
  bookWith: /*i18n*/ { id: 'analysis.bookWith', message: 'Book with {provider}' },
  providerFree: /*i18n*/ { id: 'analysis.providerFree', message: '{provider} is free at {time} in {room}.' },
  moveToIn: /*i18n*/ { id: 'analysis.moveToIn', message: 'Move to {time} in {room}' },
  nextOpenDay: /*i18n*/ {
    id: 'analysis.nextOpenDay',
    message: 'On the next open day, {room} and {provider} are free from {time} on.',
  },
} as const satisfies Record<string, Text>;

/** A span spoken in hours and minutes, one text for each singular and plural pairing. */
export const SPOKEN_DURATION_TEXTS = {
  hourOne: /*i18n*/ { id: 'duration.hour.one', message: '{hours} hour' },
  hourMany: /*i18n*/ { id: 'duration.hour.many', message: '{hours} hours' },
  minuteOne: /*i18n*/ { id: 'duration.minute.one', message: '{minutes} minute' },
  minuteMany: /*i18n*/ { id: 'duration.minute.many', message: '{minutes} minutes' },
  hourOneMinuteOne: /*i18n*/ { id: 'duration.hourOne.minuteOne', message: '{hours} hour {minutes} minute' },
  hourOneMinuteMany: /*i18n*/ { id: 'duration.hourOne.minuteMany', message: '{hours} hour {minutes} minutes' },
  hourManyMinuteOne: /*i18n*/ { id: 'duration.hourMany.minuteOne', message: '{hours} hours {minutes} minute' },
  hourManyMinuteMany: /*i18n*/ { id: 'duration.hourMany.minuteMany', message: '{hours} hours {minutes} minutes' },
} as const satisfies Record<string, Text>;

const SPOKEN = SPOKEN_DURATION_TEXTS;
/** By the hours' form then the minutes' form: none, one, many. */
const SPOKEN_BY_FORM: readonly (readonly (Text | null)[])[] = [
  [null, SPOKEN.minuteOne, SPOKEN.minuteMany],
  [SPOKEN.hourOne, SPOKEN.hourOneMinuteOne, SPOKEN.hourOneMinuteMany],
  [SPOKEN.hourMany, SPOKEN.hourManyMinuteOne, SPOKEN.hourManyMinuteMany],
];

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
  const form = (n: number) => Math.min(n, 2);
  const text = SPOKEN_BY_FORM[form(hours)]?.[form(minutes)];
  return text ? fill(text, { hours, minutes }) : '';
}

/** 'Room 2 and Dr. Lee are free at 9:30 a.m., 30 minutes later.' */
function freeAt(room: string, provider: string, time: string, from: number, to: number): string {
  const text = to > from ? ANALYSIS_TEXTS.freeLater : ANALYSIS_TEXTS.freeEarlier;
  return fill(text, { room, provider, time, duration: spokenMinutes(minutesBetween(from, to)) });
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
  // In the order of the day, so the device and the server list them alike whatever order their rows came in.
  return patientBookings(candidate, day)
    .filter((other) => localDate(other.appointmentDate, day.timeZone) === date)
    .sort((a, b) => Date.parse(a.appointmentDate) - Date.parse(b.appointmentDate) || a.id.localeCompare(b.id))
    .map((other) => {
      const time = formatClockTime(other.appointmentDate, day.timeZone);
      return {
        type: 'patient_double_booking',
        severity: 'warning',
        message: fill(ANALYSIS_TEXTS.doubleBooking, { patient: other.patientName, time, room: other.treatmentRoom }),
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
  const name =
    day.providers.find((provider) => provider.id === candidate.providerId)?.name ??
    ANALYSIS_TEXTS.theProviderStart.message;
  const from = formatClockTime(new Date(run.start).toISOString(), day.timeZone);
  const to = formatClockTime(new Date(run.end).toISOString(), day.timeZone);
  return {
    type: 'provider_workload',
    severity: 'info',
    message: fill(ANALYSIS_TEXTS.workload, { provider: name, duration: spokenMinutes(minutes), from, to }),
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
  const providerName = (id: number) =>
    day.providers.find((provider) => provider.id === id)?.name ?? ANALYSIS_TEXTS.theProvider.message;
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
      title: fill(ANALYSIS_TEXTS.moveTo, { time: clock(shifted) }),
      description: freeAt(
        shifted.room,
        providerName(candidate.providerId),
        clock(shifted),
        target,
        Date.parse(shifted.start),
      ),
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
      title: fill(ANALYSIS_TEXTS.useRoom, { room: otherRoom.room }),
      description: fill(ANALYSIS_TEXTS.roomFree, { room: otherRoom.room, time: clock(otherRoom) }),
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
      title: fill(ANALYSIS_TEXTS.bookWith, { provider: substitute.name }),
      description: fill(ANALYSIS_TEXTS.providerFree, {
        provider: substitute.name,
        time: clock(sameRoom),
        room: sameRoom.room,
      }),
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
        title: fill(ANALYSIS_TEXTS.moveToIn, { time: clock(elsewhere), room: elsewhere.room }),
        description: freeAt(
          elsewhere.room,
          providerName(candidate.providerId),
          clock(elsewhere),
          target,
          Date.parse(elsewhere.start),
        ),
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
        title: fill(SUGGESTION_TEXTS.rescheduleTo, {
          date: formatInstantLongDate(chosen.start, nextOpenDay.timeZone, SOURCE_LANGUAGE),
          time: formatClockTime(chosen.start, nextOpenDay.timeZone),
        }),
        description: fill(ANALYSIS_TEXTS.nextOpenDay, {
          room: chosen.room,
          provider: providerName(candidate.providerId),
          time: formatClockTime(chosen.start, nextOpenDay.timeZone),
        }),
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
