import type { LocalAppointment } from '@dental/local-store';
import { useCallback, useRef, useState } from 'react';
import type { FrontDesk, FrontDeskOptions, GridAppointment, ScheduleDay } from '../scheduling/index.ts';
import { QuickCheckInDialog } from './check-in/quick-check-in-dialog.tsx';
import { CheckOutWizard } from './check-out/check-out-wizard.tsx';
import { ExpressCheckOutDialog } from './check-out/express-check-out-dialog.tsx';
import { WaitingRoomPanel } from './waiting-room-panel.tsx';

type Open =
  | { kind: 'check-in'; appointment: GridAppointment }
  | { kind: 'express' | 'wizard'; appointment: LocalAppointment }
  | null;

/** The schedule screen's front desk: the check-in and check-out dialogs and the waiting room. */
export function useFrontDesk(day: ScheduleDay, { today, canEdit, onBookManually }: FrontDeskOptions): FrontDesk {
  const dayRef = useRef(day);
  dayRef.current = day;
  const [open, setOpen] = useState<Open>(null);
  const close = useCallback(() => setOpen(null), []);

  const checkIn = useCallback((appointment: GridAppointment) => setOpen({ kind: 'check-in', appointment }), []);
  const checkOut = useCallback((appointment: GridAppointment) => {
    const stored = dayRef.current.appointments.find((entry) => entry.id === appointment.id);
    if (stored) setOpen({ kind: 'express', appointment: stored });
  }, []);

  const waitingRoom = (
    <WaitingRoomPanel
      date={day.date}
      today={today}
      appointments={day.appointments}
      timeZone={day.timeZone}
      canCheckOut={canEdit}
      onCheckOut={checkOut}
    />
  );
  const dialogs = (
    <>
      <QuickCheckInDialog
        appointment={open?.kind === 'check-in' ? open.appointment : null}
        timeZone={day.timeZone}
        onClose={close}
      />
      <ExpressCheckOutDialog
        appointment={open?.kind === 'express' ? open.appointment : null}
        timeZone={day.timeZone}
        onClose={close}
        onFullCheckOut={(appointment) => setOpen({ kind: 'wizard', appointment })}
        onBookManually={onBookManually}
      />
      <CheckOutWizard
        appointment={open?.kind === 'wizard' ? open.appointment : null}
        timeZone={day.timeZone}
        onClose={close}
        onBookManually={onBookManually}
      />
    </>
  );
  return { checkIn, checkOut, waitingRoom, dialogs };
}
