import dayjs from 'dayjs';
import { isCalendarDate } from '../scheduling/appointment-fields.ts';

export interface RecallInterval {
  months: number;
  weeks: number;
}

/**
 * When a recall falls due after a visit (spec 9 presets: cleaning 6 months, follow-up 2 weeks…).
 * Calendar arithmetic on dates, never on instants, so a daylight-saving change cannot move it a day;
 * a month end clamps to the shorter month (31 August + 6 months is 28 or 29 February).
 */
export function recallDueDate(visitDate: string, interval: RecallInterval): string {
  if (!isCalendarDate(visitDate)) throw new RangeError(`visitDate must be a date (YYYY-MM-DD), got ${visitDate}`);
  return dayjs(visitDate)
    .add(interval.months, 'month')
    .add(interval.weeks * 7, 'day')
    .format('YYYY-MM-DD');
}
