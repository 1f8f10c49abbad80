import { useMemo } from 'react';
import { type Formats, formats, useFormats } from '../../platform/i18n/formats.ts';

/**
 * A wall-clock time ('HH:MM') as the schedule shows it: English keeps the schedule's 24-hour
 * '14:30' (the spec's texts, which the booking toasts and the time lists repeat), French reads
 * '14 h 30'. Values sent or compared stay 'HH:MM'.
 */
function timeTextOf(shared: Formats): (time: string) => string {
  return shared.language === 'en' ? (time) => time : shared.clock;
}

/** In components: re-renders with the language. */
export function useTimeText(): (time: string) => string {
  const shared = useFormats();
  return useMemo(() => timeTextOf(shared), [shared]);
}

/** Outside components (toasts, announcements): the language active when called. */
export function timeText(time: string): string {
  return timeTextOf(formats())(time);
}
