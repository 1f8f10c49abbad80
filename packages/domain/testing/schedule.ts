import type { DaySchedule } from '../src/scheduling/availability.ts';
import { DOCTOR, HYGIENIST } from './appointments.ts';
import { aWeek, TORONTO } from './practices.ts';

/** A Monday, and the day after: far enough ahead that "today" never gets in the way. */
export const MONDAY = '2027-01-11';
export const TUESDAY = '2027-01-12';

/** One practice day as the availability and conflict rules read it: three rooms, a doctor and a hygienist. */
export function aDaySchedule(over: Partial<DaySchedule> = {}): DaySchedule {
  return {
    date: MONDAY,
    timeZone: TORONTO,
    hours: aWeek(),
    rooms: ['Room 1', 'Room 2', 'Room 3'],
    providers: [DOCTOR, HYGIENIST],
    appointments: [],
    maintenance: [],
    ...over,
  };
}
