import { addDays } from '@dental/domain/scheduling/booking-rules';
import dayjs from 'dayjs';

export interface DayRange {
  from: string;
  to: string;
}

export const RANGE_PRESETS = ['last30', 'thisMonth', 'last3Months', 'thisYear'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** The preset ranges, each ending today (the practice's date); "last 30 days" is today and the 29 before it. */
export function presetRange(preset: RangePreset, today: string): DayRange {
  switch (preset) {
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'thisMonth':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case 'last3Months':
      return { from: addDays(dayjs(today).subtract(3, 'month').format('YYYY-MM-DD'), 1), to: today };
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** The preset a range is, if any, so its button shows as chosen. */
export function presetOf(range: DayRange, today: string): RangePreset | null {
  return (
    RANGE_PRESETS.find((preset) => {
      const candidate = presetRange(preset, today);
      return candidate.from === range.from && candidate.to === range.to;
    }) ?? null
  );
}
