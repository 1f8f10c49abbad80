import { DEFAULTS } from '../constants.ts';
import { fill, type Text } from '../i18n/text.ts';
import { localDate } from '../time/zones.ts';
import { absenceReasonLabel } from './absence.schema.ts';
import { isBlocking } from './status-transitions.ts';

const MINUTE_MS = 60_000;

/** Spec 8 conflict messages. */
export const CONFLICT_TEXTS = {
  /** The refusal of a booking that clashes, with the conflicts beside it. */
  scheduling: /*i18n*/ { id: 'conflict.scheduling', message: 'Scheduling conflict' },
  room: /*i18n*/ { id: 'conflict.room', message: '{time} in {room} is already booked by {patient}' },
  provider: /*i18n*/ { id: 'conflict.provider', message: 'Provider is already seeing {patient} at {time}' },
  maintenance: /*i18n*/ {
    id: 'conflict.maintenance',
    message: 'This room is unavailable due to {title} ({from} to {to})',
  },
  absence: /*i18n*/ { id: 'conflict.absence', message: 'The provider is absent ({reason}) on this day' },
} as const satisfies Record<string, Text>;

/** The booking being placed: a new one, or an existing one being moved or resized. */
export interface ConflictCandidate {
  /** Set when the candidate is an existing appointment, so it never conflicts with itself. */
  id?: string | null;
  providerId: number;
  treatmentRoom: string;
  appointmentDate: string;
  duration: number;
  status?: string;
}

export interface BookedAppointment {
  id: string;
  providerId: number;
  treatmentRoom: string;
  appointmentDate: string;
  duration: number;
  status: string;
  patientName: string;
  /** Lets the analysis notice the same patient booked twice in a day. */
  patientId?: string;
}

export interface MaintenanceWindow {
  id: string;
  /** The room code, as appointments name rooms. */
  roomId: string;
  title: string;
  startDateTime: string;
  endDateTime: string;
}

/** A provider's absence (spec 3): whole practice days, both ends included. */
export interface AbsenceWindow {
  id: string;
  providerId: number;
  /** YYYY-MM-DD on the practice's clock. */
  startDate: string;
  endDate: string;
  reason: string;
}

export type ConflictType = 'room' | 'provider' | 'maintenance' | 'absence';

export interface Conflict {
  type: ConflictType;
  severity: 'critical';
  message: string;
  appointmentId?: string;
  maintenanceId?: string;
  absenceId?: string;
  patient?: string;
  time?: string;
  room?: string;
}

export interface ConflictOptions {
  maintenance?: readonly MaintenanceWindow[];
  absences?: readonly AbsenceWindow[];
  /** Also ignored, like the candidate's own id (the analyze-conflicts call names it separately). */
  excludeAppointmentId?: string | null;
  /** Times in messages are shown on the practice's clock. */
  timeZone?: string;
}

export interface Interval {
  start: number;
  end: number;
}

/** Whether the absence's days (inclusive) take in this practice date: one rule for the grid, the checks and the server. */
export function absenceCovers(absence: { startDate: string; endDate: string }, date: string): boolean {
  return absence.startDate <= date && date <= absence.endDate;
}

/** The absence, if any, that keeps the provider away on this practice date. */
export function absenceOn(
  absences: readonly AbsenceWindow[] | undefined,
  providerId: number,
  date: string,
): AbsenceWindow | undefined {
  return absences?.find((absence) => absence.providerId === providerId && absenceCovers(absence, date));
}

export function absenceMessage(reason: string): string {
  return fill(CONFLICT_TEXTS.absence, { reason: absenceReasonLabel(reason) });
}

export function intervalOf(startIso: string, minutes: number): Interval {
  const start = Date.parse(startIso);
  return { start, end: start + minutes * MINUTE_MS };
}

/** Half-open [start, end): one booking ending exactly when the next begins is not a clash. */
export function overlaps(a: Interval, b: Interval): boolean {
  return a.start < b.end && b.start < a.end;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

export function formatClockTime(iso: string, timeZone: string): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, hour: 'numeric', minute: '2-digit' });
    timeFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

/**
 * Every booking the candidate would clash with (spec 8 wording). Cancelled and no-show
 * appointments hold neither room nor provider, on either side.
 */
export function findConflicts(
  candidate: ConflictCandidate,
  existing: readonly BookedAppointment[],
  options: ConflictOptions = {},
): Conflict[] {
  if (candidate.status !== undefined && !isBlocking(candidate.status)) return [];
  const timeZone = options.timeZone ?? DEFAULTS.timezone;
  const span = intervalOf(candidate.appointmentDate, candidate.duration);
  const ignored = new Set([candidate.id, options.excludeAppointmentId].filter((id): id is string => Boolean(id)));
  const conflicts: Conflict[] = [];

  const clashing = existing
    .filter((other) => !ignored.has(other.id) && isBlocking(other.status))
    .filter((other) => overlaps(span, intervalOf(other.appointmentDate, other.duration)))
    // Ties broken by room and id, so the server and an offline device list the same clashes in the same order.
    .sort(
      (a, b) =>
        Date.parse(a.appointmentDate) - Date.parse(b.appointmentDate) ||
        a.treatmentRoom.localeCompare(b.treatmentRoom) ||
        a.id.localeCompare(b.id),
    );
  for (const other of clashing) {
    const time = formatClockTime(other.appointmentDate, timeZone);
    const about = { appointmentId: other.id, patient: other.patientName, time };
    if (other.treatmentRoom === candidate.treatmentRoom) {
      conflicts.push({
        type: 'room',
        severity: 'critical',
        message: fill(CONFLICT_TEXTS.room, { time, room: other.treatmentRoom, patient: other.patientName }),
        ...about,
        room: other.treatmentRoom,
      });
    }
    if (other.providerId === candidate.providerId) {
      conflicts.push({
        type: 'provider',
        severity: 'critical',
        message: fill(CONFLICT_TEXTS.provider, { patient: other.patientName, time }),
        ...about,
        room: other.treatmentRoom,
      });
    }
  }

  for (const window of options.maintenance ?? []) {
    if (window.roomId !== candidate.treatmentRoom) continue;
    const blocked = { start: Date.parse(window.startDateTime), end: Date.parse(window.endDateTime) };
    if (!overlaps(span, blocked)) continue;
    const from = formatClockTime(window.startDateTime, timeZone);
    const to = formatClockTime(window.endDateTime, timeZone);
    conflicts.push({
      type: 'maintenance',
      severity: 'critical',
      message: fill(CONFLICT_TEXTS.maintenance, { title: window.title, from, to }),
      maintenanceId: window.id,
      time: from,
      room: window.roomId,
    });
  }
  const absence = absenceOn(options.absences, candidate.providerId, localDate(candidate.appointmentDate, timeZone));
  if (absence) {
    conflicts.push({
      type: 'absence',
      severity: 'critical',
      message: absenceMessage(absence.reason),
      absenceId: absence.id,
    });
  }
  return conflicts;
}
