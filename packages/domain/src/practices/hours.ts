export const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

/** One weekday of a practice's hours; times are HH:MM, 24-hour, in the practice's own zone. */
export interface DayHours {
  openTime: string | null;
  closeTime: string | null;
  isOpen: boolean;
  closed: boolean;
}

export type WeeklyHours = Record<WeekdayName, DayHours>;

export interface PracticeHoursResponse {
  practiceId: number;
  hours: WeeklyHours;
  cached: boolean;
  timestamp: string;
}
