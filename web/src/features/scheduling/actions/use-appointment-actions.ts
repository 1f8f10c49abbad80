import { checkHoursAt } from '@dental/domain/scheduling/booking-rules';
import { type Conflict, findConflicts } from '@dental/domain/scheduling/conflicts';
import { friendlyConflictMessage } from '@dental/local-store';
import { t } from '@lingui/core/macro';
import { useCallback, useMemo, useRef } from 'react';
import { domainText } from '../../../platform/i18n/domain-text.ts';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import { toast } from '../../../platform/toasts/toast.ts';
import type { GridAppointment } from '../day/schedule-model.ts';
import type { ScheduleDay } from '../day/use-schedule-day.ts';

/** Status changes made straight from the menu; check-in and check-out go through the front-desk dialogs. */
export type StatusAction = 'un-check-in' | 'cancel' | 'no-show';

const STATUS_OF: Record<StatusAction, string> = {
  'un-check-in': 'scheduled',
  cancel: 'cancelled',
  'no-show': 'no-show',
};

/** Spec 8's failure toasts, one per action (read when shown, in the language shown). */
function failure(action: StatusAction): string {
  switch (action) {
    case 'un-check-in':
      return t`Failed to un-check in patient`;
    case 'cancel':
      return t`Failed to cancel appointment`;
    case 'no-show':
      return t`Failed to mark as no-show`;
  }
}

/** A refusal from the device's store or the server, in the language shown when it is a domain text. */
function messageOf(error: unknown): string | undefined {
  return error instanceof Error ? domainText(error.message) : undefined;
}

/** Spec 8's friendly move texts, from conflicts found on this device instead of a 409. */
function moveRefusal(conflicts: readonly Conflict[]): { title: string; message: string } {
  const message = domainText(friendlyConflictMessage({ status: 409, message: '', body: { conflicts } }) ?? '');
  const blockedByMaintenance = conflicts.some((conflict) => conflict.type === 'maintenance');
  const sameRoom = conflicts.some((conflict) => conflict.type === 'room');
  return { title: blockedByMaintenance && !sameRoom ? t`Room Unavailable` : t`Time Slot Unavailable`, message };
}

/**
 * Status changes, moves and resizes: checked on this device first, then written locally and queued
 * (optimistic). If the server later refuses one, the outbox restores the row and lists it under
 * Needs attention.
 */
export function useAppointmentActions(day: ScheduleDay) {
  const localData = useLocalData();
  const localRef = useRef(localData);
  localRef.current = localData;
  const dayRef = useRef(day);
  dayRef.current = day;

  const conflictsOf = useCallback((candidate: GridAppointment): Conflict[] => {
    const { appointments, maintenance, absences, timeZone } = dayRef.current;
    return findConflicts(candidate, appointments, { maintenance, absences, timeZone });
  }, []);

  const setStatus = useCallback(async (appointment: GridAppointment, action: StatusAction): Promise<boolean> => {
    const local = localRef.current;
    if (!local.store) return false;
    try {
      await local.store.appointments.changeStatus(appointment.id, STATUS_OF[action]);
      local.afterWrite();
      return true;
    } catch (error) {
      toast(failure(action), messageOf(error), 'error');
      return false;
    }
  }, []);

  const move = useCallback(
    async (appointment: GridAppointment, target: { room: string; appointmentDate: string }): Promise<boolean> => {
      const local = localRef.current;
      if (!local.store) return false;
      const { hours, timeZone } = dayRef.current;
      const hoursCheck = hours ? checkHoursAt(hours, timeZone, target.appointmentDate, appointment.duration) : null;
      if (hoursCheck && !hoursCheck.ok) {
        toast(t`Cannot Move Appointment`, domainText(hoursCheck.message), 'error');
        return false;
      }
      const conflicts = conflictsOf({
        ...appointment,
        treatmentRoom: target.room,
        appointmentDate: target.appointmentDate,
      });
      if (conflicts.length > 0) {
        const refusal = moveRefusal(conflicts);
        toast(refusal.title, refusal.message, 'error');
        return false;
      }
      try {
        await local.store.appointments.update(appointment.id, {
          treatmentRoom: target.room,
          appointmentDate: target.appointmentDate,
        });
        local.afterWrite();
        return true;
      } catch (error) {
        toast(t`Cannot Move Appointment`, messageOf(error), 'error');
        return false;
      }
    },
    [conflictsOf],
  );

  const resize = useCallback(
    async (appointment: GridAppointment, duration: number): Promise<boolean> => {
      const local = localRef.current;
      if (!local.store) return false;
      const { hours, timeZone } = dayRef.current;
      const hoursCheck = hours ? checkHoursAt(hours, timeZone, appointment.appointmentDate, duration) : null;
      if (hoursCheck && !hoursCheck.ok) {
        toast(t`Failed to resize appointment`, domainText(hoursCheck.message), 'error');
        return false;
      }
      if (conflictsOf({ ...appointment, duration }).length > 0) {
        toast(t`Failed to resize appointment`, t`Duration change conflicts with other appointments`, 'error');
        return false;
      }
      try {
        await local.store.appointments.update(appointment.id, { duration });
        local.afterWrite();
        return true;
      } catch (error) {
        toast(t`Failed to resize appointment`, messageOf(error), 'error');
        return false;
      }
    },
    [conflictsOf],
  );

  return useMemo(() => ({ setStatus, move, resize }), [setStatus, move, resize]);
}
