import { SCHEDULING } from '@dental/domain/constants';

/** Spec 9: from 30 to 120 minutes, in 30-minute steps. */
const DURATIONS = Array.from(
  { length: (SCHEDULING.maxDurationMinutes - SCHEDULING.minDurationMinutes) / SCHEDULING.durationStepMinutes + 1 },
  (_, index) => SCHEDULING.minDurationMinutes + index * SCHEDULING.durationStepMinutes,
);

export const DURATION_OPTIONS = DURATIONS.map((minutes) => ({ value: String(minutes), label: `${minutes} min` }));
