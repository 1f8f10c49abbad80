import { CHECKOUT, SCHEDULING } from '../constants.ts';
import { minutesOfDay, openSpan } from '../practices/hours.ts';
import { type DaySchedule, freeSlots } from '../scheduling/availability.ts';
import { addDays } from '../scheduling/booking-rules.ts';
import { type BookedAppointment, findConflicts } from '../scheduling/conflicts.ts';
import { isBlocking } from '../scheduling/status-transitions.ts';
import { instantAt, localDate } from '../time/zones.ts';
import { fullName, providerDisplayName } from '../users/user.ts';
import type { AssistantAppointment, AssistantData, AssistantProvider, Slots } from './contract.ts';

/** Procedures a hygienist does; anything else is booked with a doctor. */
const HYGIENE_PROCEDURES: ReadonlySet<string> = new Set(['cleaning', 'scaling', 'fluoride']);
const BOOKABLE_ROLES: readonly string[] = ['doctor', 'hygienist'];
/** How far ahead find_slot looks for open days. */
const SLOT_SEARCH_DAYS = 14;
export const MAX_FOUND = 8;

export function patientName(data: AssistantData, patientId: string | undefined): string {
  const patient = data.patients.find((candidate) => candidate.id === patientId);
  return patient ? fullName(patient) : '';
}

export function providerName(provider: AssistantProvider | undefined): string {
  return provider ? providerDisplayName(provider) : '';
}

export function providerById(data: AssistantData, id: number | undefined): AssistantProvider | undefined {
  return data.providers.find((provider) => provider.id === id);
}

/**
 * The duration a procedure usually takes at this practice: the most frequent one on its appointments,
 * else the new-patient visit's or the scheduling default.
 */
export function usualDuration(data: AssistantData, procedure: string): number {
  const counts = new Map<number, number>();
  for (const appointment of data.appointments) {
    if (appointment.procedure !== procedure) continue;
    counts.set(appointment.duration, (counts.get(appointment.duration) ?? 0) + 1);
  }
  const [mostUsed] = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  if (mostUsed) return mostUsed[0];
  if (procedure === CHECKOUT.wizardBooking.procedure) return CHECKOUT.wizardBooking.durationMinutes;
  return SCHEDULING.defaultDurationMinutes;
}

function preferredRole(procedure: string): string {
  return HYGIENE_PROCEDURES.has(procedure.toLowerCase()) ? 'hygienist' : 'doctor';
}

/** The practice's bookings as the conflict rules read them, less the one being moved. */
function booked(data: AssistantData, excludeAppointmentId?: string): BookedAppointment[] {
  return data.appointments
    .filter((appointment) => appointment.id !== excludeAppointmentId)
    .map((appointment) => ({ ...appointment, patientName: patientName(data, appointment.patientId) }));
}

function daySchedule(data: AssistantData, date: string, excludeAppointmentId?: string): DaySchedule {
  return {
    date,
    timeZone: data.timeZone,
    hours: data.hours,
    rooms: data.rooms.map((room) => room.name),
    providers: data.providers
      .filter((provider) => BOOKABLE_ROLES.includes(provider.role))
      .map((provider) => ({ id: provider.id, name: providerDisplayName(provider), role: provider.role })),
    appointments: booked(data, excludeAppointmentId),
    maintenance: data.maintenance ?? [],
  };
}

/** Among free providers, the named one, else the first of the role the procedure needs (or of any role). */
function pickProvider(
  data: AssistantData,
  free: readonly number[],
  procedure: string,
  wanted: number | undefined,
  anyRole: boolean,
) {
  if (wanted !== undefined) return free.includes(wanted) ? wanted : undefined;
  if (anyRole) return free[0];
  const role = preferredRole(procedure);
  return free.find((id) => providerById(data, id)?.role === role);
}

function firstProvider(data: AssistantData, procedure: string): number | undefined {
  const role = preferredRole(procedure);
  const bookable = data.providers.filter((provider) => BOOKABLE_ROLES.includes(provider.role));
  return (bookable.find((provider) => provider.role === role) ?? bookable[0])?.id;
}

export interface Placement {
  providerId: number | undefined;
  room: string | undefined;
  appointmentDate: string;
  conflicts: string[];
}

/**
 * Who and where a booking at this time goes: the named provider and room when given, else the first
 * free ones by the availability rule. When nothing is free the named or first ones are kept, and the
 * route's conflict check answers; the clashes are listed for the preview.
 */
export function place(
  data: AssistantData,
  booking: { date: string; time: string; duration: number; procedure: string; providerId?: number; room?: string },
  excludeAppointmentId?: string,
): Placement {
  const appointmentDate = instantAt(booking.date, booking.time, data.timeZone);
  const day = daySchedule(data, booking.date, excludeAppointmentId);
  const options =
    booking.room === undefined ? { after: appointmentDate } : { after: appointmentDate, room: booking.room };
  const atStart = freeSlots(day, booking.duration, options).filter((slot) => slot.start === appointmentDate);
  // The role the procedure needs first, in any room; then any free bookable provider rather than a busy one.
  const pick = (anyRole: boolean) => {
    for (const slot of atStart) {
      const chosen = pickProvider(data, slot.providerIds, booking.procedure, booking.providerId, anyRole);
      if (chosen !== undefined) return { providerId: chosen, room: slot.room };
    }
    return undefined;
  };
  const free = pick(false) ?? pick(true);
  let providerId = free?.providerId;
  let room = free?.room;
  providerId ??= booking.providerId ?? firstProvider(data, booking.procedure);
  room ??= booking.room ?? data.rooms[0]?.name;
  const conflicts =
    providerId === undefined || room === undefined
      ? []
      : findConflicts(
          {
            id: excludeAppointmentId ?? null,
            providerId,
            treatmentRoom: room,
            appointmentDate,
            duration: booking.duration,
          },
          booked(data, excludeAppointmentId),
          { maintenance: data.maintenance ?? [], timeZone: data.timeZone },
        ).map((conflict) => conflict.message);
  return { providerId, room, appointmentDate, conflicts };
}

/**
 * The appointment a move, cancel, check-in or no-show is about: the one named, else the patient's on the
 * date given, else (check-in, no-show) today's closest to now, else their next one from today on.
 */
export function appointmentFor(
  data: AssistantData,
  slots: Slots,
  scope: 'today' | 'upcoming',
): AssistantAppointment | undefined {
  if (slots.appointmentId) return data.appointments.find((appointment) => appointment.id === slots.appointmentId);
  if (!slots.patientId) return undefined;
  const today = localDate(data.now, data.timeZone);
  const now = data.now.getTime();
  const mine = data.appointments
    .filter((appointment) => appointment.patientId === slots.patientId && isBlocking(appointment.status))
    .sort((a, b) => Date.parse(a.appointmentDate) - Date.parse(b.appointmentDate));
  const onDate = (date: string) => mine.filter((a) => localDate(a.appointmentDate, data.timeZone) === date);
  if (slots.date) {
    const [first] = onDate(slots.date);
    if (first) return first;
  }
  if (scope === 'today') {
    const distance = (a: AssistantAppointment) => Math.abs(Date.parse(a.appointmentDate) - now);
    return [...onDate(today)].sort((a, b) => distance(a) - distance(b))[0];
  }
  return mine.find((appointment) => localDate(appointment.appointmentDate, data.timeZone) >= today);
}

const PART_OF_DAY: Record<NonNullable<Slots['partOfDay']>, { from: number; to: number }> = {
  morning: { from: 0, to: 12 * 60 },
  afternoon: { from: 12 * 60, to: 17 * 60 },
  evening: { from: 17 * 60, to: 24 * 60 },
};

/** The first day a period names, on the practice's clock (next_week starts on its Monday). */
export function periodStart(data: AssistantData, period: string | undefined): string {
  const today = localDate(data.now, data.timeZone);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  if (period === 'next_week') return addDays(today, (8 - weekday) % 7 || 7);
  if (period === 'next_month') return `${addDays(`${today.slice(0, 8)}28`, 4).slice(0, 8)}01`;
  return today;
}

export interface FoundSlot {
  date: string;
  time: string;
  providerId: number;
  provider: string;
  room: string;
}

/** Up to eight open times from the given day on (never in the past), one per time, in the parts of day asked for. */
export function openTimes(data: AssistantData, slots: Slots): FoundSlot[] {
  const procedure = slots.procedure ?? '';
  const duration = slots.duration ?? usualDuration(data, procedure);
  const first = slots.date ?? periodStart(data, slots.period);
  const part = slots.partOfDay ? PART_OF_DAY[slots.partOfDay] : undefined;
  const found: FoundSlot[] = [];
  for (let offset = 0; offset < SLOT_SEARCH_DAYS && found.length < MAX_FOUND; offset++) {
    const date = addDays(first, offset);
    if (!openSpan(data.hours, date)) continue;
    const options = {
      after: data.now.toISOString(),
      ...(slots.room === undefined ? {} : { room: slots.room }),
    };
    let lastTime = '';
    for (const slot of freeSlots(daySchedule(data, date), duration, options)) {
      if (slot.time === lastTime) continue;
      const minutes = minutesOfDay(slot.time);
      if (part && (minutes < part.from || minutes >= part.to)) continue;
      const providerId =
        pickProvider(data, slot.providerIds, procedure, slots.providerId, false) ??
        pickProvider(data, slot.providerIds, procedure, slots.providerId, true);
      if (providerId === undefined) continue;
      lastTime = slot.time;
      found.push({
        date,
        time: slot.time,
        providerId,
        provider: providerName(providerById(data, providerId)),
        room: slot.room,
      });
      if (found.length >= MAX_FOUND) break;
    }
  }
  return found;
}

/** HH:mm plus minutes, kept within the day. */
export function laterTime(time: string, minutes: number): string {
  const total = Math.min(minutesOfDay(time) + minutes, 24 * 60 - 1);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

export const DEFAULT_PROCEDURE = 'Check-up';
export const DEFAULT_MAINTENANCE_START = CHECKOUT.maintenanceDefaults.startTime;
