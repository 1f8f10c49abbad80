import type { WeeklyHours } from '@dental/domain/practices/hours';
import { openDateFrom } from '@dental/domain/scheduling/availability';
import { useEffect, useRef } from 'react';
import type { FormInitial } from './appointment-form-values.ts';
import { takeHandoff } from './smart-scheduling-handoff.ts';

/**
 * A patient from ?patientId= or a smart-scheduling hand-off opens the booking form once, on an
 * open day. The hand-off is taken only once the hours are known, so a remount before then cannot
 * lose it.
 */
export function useBookingPrefill(
  hours: WeeklyHours | null,
  date: string,
  patientId: string | undefined,
  open: (initial: FormInitial) => void,
): void {
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !hours) return;
    done.current = true;
    const handoff = takeHandoff();
    if (!handoff && !patientId) return;
    const wanted = handoff?.date ?? date;
    const target = openDateFrom(hours, wanted);
    open({
      date: target,
      patientId: handoff?.patientId ?? patientId,
      // A time chosen for another day means nothing on the day the form moved to.
      time: target === wanted ? handoff?.time : undefined,
      duration: handoff?.duration,
      room: handoff?.recommendedRoom,
      procedure: handoff?.procedureType,
    });
  }, [hours, date, patientId, open]);
}
