/**
 * The week the scheduling tests book in: past the seeded four weeks, so these days start empty. The
 * test clock reads Sunday 22 November 2026.
 */
export const SUNDAY = '2027-01-31';
export const MONDAY = '2027-02-01';
export const TUESDAY = '2027-02-02';
export const WEDNESDAY = '2027-02-03';
export const THURSDAY = '2027-02-04';
export const FRIDAY = '2027-02-05';

/** Practice 1's weekday hours, as a booking outside them is told. */
export const HOURS_MESSAGE = 'Appointments must fall within practice hours (08:00 to 18:00).';
