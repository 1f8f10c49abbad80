import { useCallback, useMemo, useRef, useState } from 'react';
import { absentOn, type ScheduleDay, type ScheduleTools, type SlotRef } from '../scheduling/index.ts';
import { AbsenceWizard } from './absence/absence-wizard.tsx';
import { MaintenanceForm, type MaintenanceTarget } from './maintenance/maintenance-form.tsx';

/** The schedule screen's provider-absence and room-maintenance dialogs, and how to open them. */
export function useScheduleTools(day: ScheduleDay): ScheduleTools {
  const dayRef = useRef(day);
  dayRef.current = day;
  const [absence, setAbsence] = useState({ opened: false, session: 0 });
  const [maintenance, setMaintenance] = useState<{ target: MaintenanceTarget | null; session: number }>({
    target: null,
    session: 0,
  });

  const openAbsence = useCallback(() => setAbsence((current) => ({ opened: true, session: current.session + 1 })), []);
  const openMaintenance = useCallback((slot?: SlotRef) => {
    const target: MaintenanceTarget = { mode: 'create', date: dayRef.current.date, ...slot };
    setMaintenance((current) => ({ target, session: current.session + 1 }));
  }, []);
  const editMaintenance = useCallback((id: string) => {
    const schedule = dayRef.current.maintenanceRows.find((row) => String(row.id) === id);
    if (schedule) setMaintenance((current) => ({ target: { mode: 'edit', schedule }, session: current.session + 1 }));
  }, []);

  const absences = useMemo(() => absentOn(day.absences, day.date), [day.absences, day.date]);

  const dialogs = (
    <>
      <AbsenceWizard
        opened={absence.opened}
        session={absence.session}
        date={day.date}
        providers={day.providers}
        rooms={day.rooms}
        hours={day.hours}
        timeZone={day.timeZone}
        onClose={() => setAbsence((current) => ({ ...current, opened: false }))}
      />
      <MaintenanceForm
        target={maintenance.target}
        session={maintenance.session}
        rooms={day.rooms}
        timeZone={day.timeZone}
        onClose={() => setMaintenance((current) => ({ ...current, target: null }))}
      />
    </>
  );

  return { openAbsence, openMaintenance, editMaintenance, absences, dialogs };
}
