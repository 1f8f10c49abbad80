import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export { dayjs };

/** Long date in the practice's zone, whatever the device's zone: "Sunday, November 22, 2026". */
export function longDateIn(zone: string, now: Date = new Date()): string {
  return dayjs(now).tz(zone).format('dddd, MMMM D, YYYY');
}
