import { BOOKABLE_DURATIONS } from '@dental/domain/scheduling/booking-rules';

export const DURATION_OPTIONS = BOOKABLE_DURATIONS.map((minutes) => ({
  value: String(minutes),
  label: `${minutes} min`,
}));
