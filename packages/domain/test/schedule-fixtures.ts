import type { DayHours, WeeklyHours } from '../src/practices/hours.ts';
import type { DaySchedule } from '../src/scheduling/availability.ts';
import type { BookedAppointment, MaintenanceWindow } from '../src/scheduling/conflicts.ts';
import { instantAt } from '../src/time/zones.ts';

export const TZ = 'America/Toronto';

export const open = (openTime: string, closeTime: string): DayHours => ({
  openTime,
  closeTime,
  isOpen: true,
  closed: false,
});
export const CLOSED: DayHours = { openTime: null, closeTime: null, isOpen: false, closed: true };

/** Toronto Downtown Dental's seeded hours: Monday to Friday 8 to 6 (Thursday to 8), Saturday 9 to 2, Sunday closed. */
export const week = (over: Partial<WeeklyHours> = {}): WeeklyHours => ({
  sunday: CLOSED,
  monday: open('08:00', '18:00'),
  tuesday: open('08:00', '18:00'),
  wednesday: open('08:00', '18:00'),
  thursday: open('08:00', '20:00'),
  friday: open('08:00', '18:00'),
  saturday: open('09:00', '14:00'),
  ...over,
});

/** A Monday. */
export const MONDAY = '2027-01-11';
export const TUESDAY = '2027-01-12';

export const DOCTOR = { id: 2, name: 'Dr. Daniel Chen', role: 'doctor' };
export const DOCTOR_TWO = { id: 7, name: 'Dr. Ana Silva', role: 'doctor' };
export const ADMIN = { id: 1, name: 'Dr. Avery Morgan', role: 'admin' };
export const HYGIENIST = { id: 3, name: 'Priya Sharma', role: 'hygienist' };
export const HYGIENIST_TWO = { id: 9, name: 'Lee Wong', role: 'hygienist' };

/** The instant of a wall-clock time on the practice's clock. */
export const on = (date: string, time: string) => instantAt(date, time, TZ);

let counter = 0;
export function booked(
  over: Partial<BookedAppointment> & Pick<BookedAppointment, 'appointmentDate'>,
): BookedAppointment {
  counter += 1;
  return {
    id: `b${counter}`,
    providerId: DOCTOR.id,
    treatmentRoom: 'Room 1',
    duration: 30,
    status: 'scheduled',
    patientName: `Patient ${counter}`,
    ...over,
  };
}

export function maintenance(room: string, start: string, end: string, title = 'Compressor repair'): MaintenanceWindow {
  return { id: `m-${room}-${start}`, roomId: room, title, startDateTime: start, endDateTime: end };
}

export function schedule(over: Partial<DaySchedule> = {}): DaySchedule {
  return {
    date: MONDAY,
    timeZone: TZ,
    hours: week(),
    rooms: ['Room 1', 'Room 2', 'Room 3'],
    providers: [DOCTOR, HYGIENIST],
    appointments: [],
    maintenance: [],
    ...over,
  };
}

/** Mulberry32: a small seeded generator, so a failing random case can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}
