import { CHECKOUT, SCHEDULING } from '../constants.ts';
import { fill, type Text } from '../i18n/text.ts';
import { checkWithinHours, type HoursCheck, minutesOfDay, type WeeklyHours } from '../practices/hours.ts';
import { addDays } from '../time/calendar.ts';
import { localDate, localTime } from '../time/zones.ts';
import type { FieldIssue } from '../validation/issues.ts';

const MINUTE_MS = 60_000;
const MINUTES_PER_DAY = 24 * 60;

/** The booking rules' refusals. */
export const BOOKING_RULE_TEXTS = {
  maxAdvance: /*i18n*/ {
    id: 'booking.maxAdvance',
    message: 'Appointments cannot be booked more than {days} days ahead.',
  },
  invalidDate: /*i18n*/ { id: 'booking.invalidDate', message: 'appointmentDate must be a valid date and time' },
  durationWhole: /*i18n*/ { id: 'booking.duration.whole', message: 'duration must be a whole number of minutes' },
  durationMin: /*i18n*/ { id: 'booking.duration.min', message: 'duration must be at least {minutes} minutes' },
  durationMax: /*i18n*/ { id: 'booking.duration.max', message: 'duration must be at most {minutes} minutes' },
  durationStep: /*i18n*/ { id: 'booking.duration.step', message: 'duration must be a multiple of {minutes} minutes' },
  durationFollowUp: /*i18n*/ {
    id: 'booking.duration.followUp',
    message: 'duration of a follow-up must be one of {minutes} minutes',
  },
} as const satisfies Record<string, Text>;

export const MAX_ADVANCE_MESSAGE = fill(BOOKING_RULE_TEXTS.maxAdvance, { days: SCHEDULING.maxAdvanceBookingDays });
export const INVALID_APPOINTMENT_DATE_MESSAGE = BOOKING_RULE_TEXTS.invalidDate.message;

/** Spec 9 duration limits; the request schema and the rule check word them alike. */
export const DURATION_MESSAGES = {
  whole: BOOKING_RULE_TEXTS.durationWhole.message,
  min: fill(BOOKING_RULE_TEXTS.durationMin, { minutes: SCHEDULING.minDurationMinutes }),
  max: fill(BOOKING_RULE_TEXTS.durationMax, { minutes: SCHEDULING.maxDurationMinutes }),
  step: fill(BOOKING_RULE_TEXTS.durationStep, { minutes: SCHEDULING.durationStepMinutes }),
  followUp: fill(BOOKING_RULE_TEXTS.durationFollowUp, { minutes: CHECKOUT.followUpDurationsMinutes.join(', ') }),
} as const;

/** Spec 9: every length a booking may take, from 30 to 120 minutes in 30-minute steps (a follow-up aside). */
export const BOOKABLE_DURATIONS: readonly number[] = Array.from(
  { length: (SCHEDULING.maxDurationMinutes - SCHEDULING.minDurationMinutes) / SCHEDULING.durationStepMinutes + 1 },
  (_, index) => SCHEDULING.minDurationMinutes + index * SCHEDULING.durationStepMinutes,
);

/** The appointment type the check-out follow-up books; only it may use the 15- and 45-minute lengths. */
export const FOLLOW_UP_APPOINTMENT_TYPE = 'follow-up';

export interface BookingTimes {
  /** ISO instant. */
  appointmentDate: string;
  duration: number;
  appointmentType?: string | null | undefined;
}

export interface BookingRuleContext {
  hours: WeeklyHours;
  timeZone: string;
  now: Date;
}

// Calendar arithmetic lives in its own small module so a page that needs only it (the patients' booking
// page) does not load the booking rules; kept importable from here for the rules' many callers.
export { addDays, daysBetween } from '../time/calendar.ts';

export function durationIssue(duration: number, appointmentType?: string | null): string | null {
  if (!Number.isInteger(duration)) return DURATION_MESSAGES.whole;
  if (appointmentType === FOLLOW_UP_APPOINTMENT_TYPE) {
    return (CHECKOUT.followUpDurationsMinutes as readonly number[]).includes(duration)
      ? null
      : DURATION_MESSAGES.followUp;
  }
  if (duration < SCHEDULING.minDurationMinutes) return DURATION_MESSAGES.min;
  if (duration > SCHEDULING.maxDurationMinutes) return DURATION_MESSAGES.max;
  if (duration % SCHEDULING.durationStepMinutes !== 0) return DURATION_MESSAGES.step;
  return null;
}

/** Spec 9: follow-ups booked at check-out may last 15 to 120 minutes; every other booking 30 to 120 in steps of 30. */
export function isAllowedDuration(duration: number, appointmentType?: string | null): boolean {
  return durationIssue(duration, appointmentType) === null;
}

/**
 * Whether a booking fits the practice's hours on its own clock. The span is measured on the wall
 * clock, so a booking that crosses a daylight-saving change is judged by the times a patient reads.
 */
export function checkHoursAt(
  hours: WeeklyHours,
  timeZone: string,
  appointmentDate: string,
  duration: number,
): HoursCheck {
  const date = localDate(appointmentDate, timeZone);
  const start = localTime(appointmentDate, timeZone);
  const end = new Date(Date.parse(appointmentDate) + duration * MINUTE_MS);
  const endsNextDay = localDate(end, timeZone) !== date;
  const wallMinutes =
    minutesOfDay(localTime(end, timeZone)) + (endsNextDay ? MINUTES_PER_DAY : 0) - minutesOfDay(start);
  return checkWithinHours(hours, date, start, wallMinutes);
}

/**
 * Rules every booking must meet whatever it clashes with (spec 5 and 9); an override of conflicts
 * does not lift them.
 */
export function checkBookingRules(booking: BookingTimes, context: BookingRuleContext): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const duration = durationIssue(booking.duration, booking.appointmentType);
  if (duration) issues.push({ field: 'duration', message: duration });
  if (Number.isNaN(Date.parse(booking.appointmentDate))) {
    issues.push({ field: 'appointmentDate', message: INVALID_APPOINTMENT_DATE_MESSAGE });
    return issues;
  }
  const lastBookableDate = addDays(localDate(context.now, context.timeZone), SCHEDULING.maxAdvanceBookingDays);
  if (localDate(booking.appointmentDate, context.timeZone) > lastBookableDate) {
    issues.push({ field: 'appointmentDate', message: MAX_ADVANCE_MESSAGE });
    return issues;
  }
  const within = checkHoursAt(context.hours, context.timeZone, booking.appointmentDate, booking.duration);
  if (!within.ok) issues.push({ field: 'appointmentDate', message: within.message });
  return issues;
}
