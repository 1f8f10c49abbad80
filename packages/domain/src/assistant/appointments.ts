import { localDate, localTime } from '../time/zones.ts';
import type { AssistantAppointment } from './contract.ts';

/** Statuses an appointment can still be moved, cancelled, checked in or marked a no-show from. */
const SETTLED: ReadonlySet<string> = new Set(['cancelled', 'completed', 'no-show', 'checked-out']);

export interface AppointmentQuery {
  patientIds?: readonly string[];
  date?: string;
  time?: string;
  providerId?: number;
  procedure?: string;
  /** Only this day's appointments (check-in, no-show). */
  onlyDate?: string;
}

interface Placed {
  appointment: AssistantAppointment;
  date: string;
  time: string;
}

/**
 * The one appointment a command is about: the patient's on the given day (or at the given time),
 * else their next upcoming one. Undefined when nothing narrows it to one: a write is never offered
 * on a guessed appointment.
 */
export function findAppointment(
  appointments: readonly AssistantAppointment[],
  query: AppointmentQuery,
  today: string,
  timeZone: string,
): Placed | undefined {
  const { patientIds, date, time, providerId, procedure, onlyDate } = query;
  if (!patientIds && date === undefined && time === undefined && procedure === undefined && providerId === undefined) {
    return undefined;
  }
  const placed: Placed[] = [];
  for (const appointment of appointments) {
    if (SETTLED.has(appointment.status)) continue;
    if (patientIds && !patientIds.includes(appointment.patientId)) continue;
    if (providerId !== undefined && appointment.providerId !== providerId) continue;
    if (procedure !== undefined && appointment.procedure !== procedure) continue;
    const day = localDate(appointment.appointmentDate, timeZone);
    if (onlyDate !== undefined && day !== onlyDate) continue;
    placed.push({ appointment, date: day, time: localTime(appointment.appointmentDate, timeZone) });
  }
  placed.sort((a, b) => a.appointment.appointmentDate.localeCompare(b.appointment.appointmentDate));
  const exact = placed.filter(
    (p) => (date === undefined || p.date === date) && (time === undefined || p.time === time),
  );
  if (date !== undefined || time !== undefined) {
    if (exact.length === 1) return exact[0];
    if (exact.length > 1 && patientIds) return exact[0];
    // 'the 10:30' said without a day is today's.
    const todays = date === undefined ? exact.filter((p) => p.date === today) : [];
    if (todays.length === 1) return todays[0];
    if (exact.length > 1) return undefined;
    // A day or time typed that matches nothing is a mistake to show, not a reason to pick another one.
    if (!patientIds) return undefined;
  }
  const upcoming = placed.filter((p) => p.date >= today);
  if (!patientIds && upcoming.length !== 1) return undefined;
  return upcoming[0];
}
