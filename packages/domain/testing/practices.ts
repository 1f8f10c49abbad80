import type { DayHours, WeeklyHours } from '../src/practices/hours.ts';
import type { Practice } from '../src/practices/practice.ts';

/** Toronto Downtown Dental's zone: the demo's practice 1. */
export const TORONTO = 'America/Toronto';

export const open = (openTime: string, closeTime: string): DayHours => ({
  openTime,
  closeTime,
  isOpen: true,
  closed: false,
});

export const CLOSED: DayHours = { openTime: null, closeTime: null, isOpen: false, closed: true };

/** The seeded hours of practice 1: Monday to Friday 8 to 6 (Thursday to 8), Saturday 9 to 2, Sunday closed. */
export function aWeek(over: Partial<WeeklyHours> = {}): WeeklyHours {
  return {
    sunday: CLOSED,
    monday: open('08:00', '18:00'),
    tuesday: open('08:00', '18:00'),
    wednesday: open('08:00', '18:00'),
    thursday: open('08:00', '20:00'),
    friday: open('08:00', '18:00'),
    saturday: open('09:00', '14:00'),
    ...over,
  };
}

export function aPractice(over: Partial<Practice> = {}): Practice {
  return {
    id: 1,
    name: 'Toronto Downtown Dental',
    city: 'Toronto',
    province: 'ON',
    settings: { timezone: TORONTO },
    ...over,
  };
}
