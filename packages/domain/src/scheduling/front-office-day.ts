import { instantAt, localDate } from '../time/zones.ts';
import { addDays } from './booking-rules.ts';
import { minutesWaiting } from './check-in.ts';
import { type AppointmentStatus, isExpected, normalizeStatus } from './status-transitions.ts';

/**
 * The front office's view of a practice day: who comes next, who is late, who waits, who did not come,
 * and, per treatment room, who is in the chair and who is next. Read by the receptionist dashboard and
 * the operatory display from the device's copy, so the same rules hold offline.
 */

/** What these rules read of an appointment; a LocalAppointment fits as it is. */
export interface DayAppointment {
  id: string;
  /** The room code, such as 'Room 3'. */
  treatmentRoom: string;
  /** Start instant, ISO-8601 UTC. */
  appointmentDate: string;
  duration: number;
  status: string;
  checkedInAt?: string | null;
  /** 'HH:MM' on the practice's clock, entered at quick check-in. */
  arrivalTime?: string | null;
}

export interface Waiting<T> {
  appointment: T;
  /** When the patient arrived (ISO instant); null for a visit opened without a check-in time. */
  since: string | null;
  minutes: number;
}

export interface Late<T> {
  appointment: T;
  /** Whole minutes past the start time. */
  minutes: number;
}

export interface FrontOfficeDay<T> {
  /** Scheduled and not yet due, soonest first. */
  nextArrivals: T[];
  /** Checked in (in-progress), the longest wait first. */
  waiting: Waiting<T>[];
  /** Scheduled, past the start time and not checked in, the latest first (the longest overdue leads). */
  runningLate: Late<T>[];
  noShows: T[];
}

const startOf = (appointment: DayAppointment) => Date.parse(appointment.appointmentDate);
const bySoonest = (a: DayAppointment, b: DayAppointment) => startOf(a) - startOf(b) || a.id.localeCompare(b.id);
const statusOf = (appointment: DayAppointment): AppointmentStatus | undefined => normalizeStatus(appointment.status);

/**
 * When the patient arrived: the arrival time the desk entered, on the day of check-in, else the check-in
 * itself. Null for an appointment not checked in.
 */
export function arrivedAt(appointment: DayAppointment, timeZone: string): string | null {
  const { checkedInAt, arrivalTime } = appointment;
  if (!checkedInAt) return null;
  return arrivalTime ? instantAt(localDate(checkedInAt, timeZone), arrivalTime, timeZone) : checkedInAt;
}

/** Who is checked in and for how long, the longest wait first. */
export function waitingPatients<T extends DayAppointment>(
  appointments: readonly T[],
  now: Date,
  timeZone: string,
): Waiting<T>[] {
  return appointments
    .filter((appointment) => statusOf(appointment) === 'in-progress')
    .map((appointment) => {
      const since = arrivedAt(appointment, timeZone);
      return { appointment, since, minutes: since ? minutesWaiting(since, now) : 0 };
    })
    .sort((a, b) => b.minutes - a.minutes || bySoonest(a.appointment, b.appointment));
}

/** One practice day's appointments (cancelled included: they are left out here) sorted into the desk's lists. */
export function frontOfficeDay<T extends DayAppointment>(
  appointments: readonly T[],
  now: Date,
  timeZone: string,
): FrontOfficeDay<T> {
  const at = now.getTime();
  const scheduled = appointments.filter((appointment) => isExpected(statusOf(appointment))).sort(bySoonest);
  return {
    nextArrivals: scheduled.filter((appointment) => startOf(appointment) >= at),
    waiting: waitingPatients(appointments, now, timeZone),
    runningLate: scheduled
      .filter((appointment) => startOf(appointment) < at)
      .map((appointment) => ({ appointment, minutes: Math.floor((at - startOf(appointment)) / 60_000) }))
      .sort((a, b) => b.minutes - a.minutes),
    noShows: appointments.filter((appointment) => statusOf(appointment) === 'no-show').sort(bySoonest),
  };
}

/** Appointments nobody has confirmed: still 'scheduled' (a patient's confirmation makes them 'confirmed'). */
export function unconfirmedAppointments<T extends DayAppointment>(appointments: readonly T[]): T[] {
  return appointments.filter((appointment) => statusOf(appointment) === 'scheduled').sort(bySoonest);
}

/** The calendar week (Monday to Sunday) holding this practice day, as YYYY-MM-DD bounds, both included. */
export function weekOf(date: string): { from: string; to: string } {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  const from = addDays(date, -((weekday + 6) % 7));
  return { from, to: addDays(from, 6) };
}

export interface RoomNow<T> {
  room: string;
  /** The patient in the chair: checked in (in-progress). */
  current: T | null;
  /** The next scheduled patient whose slot has not ended: a late patient is still the one expected. */
  next: T | null;
}

/** Per room, who is in the chair and who comes next, in the order of the rooms given. */
export function roomsNow<T extends DayAppointment>(
  rooms: readonly string[],
  appointments: readonly T[],
  now: Date,
): RoomNow<T>[] {
  const at = now.getTime();
  const sorted = [...appointments].sort(bySoonest);
  return rooms.map((room) => {
    const inRoom = sorted.filter((appointment) => appointment.treatmentRoom === room);
    const current = inRoom.find((appointment) => statusOf(appointment) === 'in-progress') ?? null;
    const next =
      inRoom.find(
        (appointment) => isExpected(statusOf(appointment)) && startOf(appointment) + appointment.duration * 60_000 > at,
      ) ?? null;
    return { room, current, next };
  });
}
