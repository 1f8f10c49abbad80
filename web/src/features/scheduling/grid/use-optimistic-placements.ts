import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type GridAppointment, shownOnGrid } from '../day/schedule-model.ts';

/**
 * A move or resize shown from the drop on, so the card does not jump back while the change is
 * written and read again. It applies while the appointment still has the data it had at the drop.
 */
interface Placement {
  updatedAt: string | undefined;
  treatmentRoom: string;
  appointmentDate: string;
  duration: number;
  /** The write finished: the next read of the day replaces this, so a later rollback is not hidden. */
  written: boolean;
}

export type PlacementChange = Partial<Pick<Placement, 'treatmentRoom' | 'appointmentDate' | 'duration'>>;

/** The grid's appointments (cancelled and no-show left out) with drops not yet read back applied. */
export function useOptimisticPlacements(appointments: readonly GridAppointment[]) {
  const [placements, setPlacements] = useState<ReadonlyMap<string, Placement>>(new Map());
  const latestUpdatedAt = useRef(new Map<string, string | undefined>());

  useEffect(() => {
    latestUpdatedAt.current = new Map(appointments.map((appointment) => [appointment.id, appointment.updatedAt]));
    setPlacements((current) => {
      if (![...current.values()].some((entry) => entry.written)) return current;
      return new Map([...current].filter(([, entry]) => !entry.written));
    });
  }, [appointments]);

  const shown = useMemo(
    () =>
      appointments.filter(shownOnGrid).map((appointment) => {
        const placement = placements.get(appointment.id);
        if (!placement || placement.updatedAt !== appointment.updatedAt) return appointment;
        const { treatmentRoom, appointmentDate, duration } = placement;
        return { ...appointment, treatmentRoom, appointmentDate, duration };
      }),
    [appointments, placements],
  );

  const place = useCallback((appointment: GridAppointment, change: PlacementChange) => {
    setPlacements((current) =>
      new Map(current).set(appointment.id, {
        updatedAt: appointment.updatedAt,
        treatmentRoom: appointment.treatmentRoom,
        appointmentDate: appointment.appointmentDate,
        duration: appointment.duration,
        ...change,
        written: false,
      }),
    );
  }, []);

  /** After the write: dropped if it failed or the new data is already read, else kept until the next read. */
  const settle = useCallback((id: string, written: boolean) => {
    setPlacements((current) => {
      const entry = current.get(id);
      if (!entry) return current;
      const next = new Map(current);
      if (!written || latestUpdatedAt.current.get(id) !== entry.updatedAt) next.delete(id);
      else next.set(id, { ...entry, written: true });
      return next;
    });
  }, []);

  return { shown, place, settle };
}
