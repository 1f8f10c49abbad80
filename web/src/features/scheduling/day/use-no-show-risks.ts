import { NO_HISTORY, type NoShowRisk, noShowRisk, type VisitHistory } from '@dental/domain/scheduling/no-show-risk';
import { isStillToCome } from '@dental/domain/scheduling/status-transitions';
import { localDayRange } from '@dental/domain/time/zones';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { useLocalData } from '../../../platform/offline/local-data.tsx';

/** What the risk needs of an appointment; a LocalAppointment fits as it is. */
export interface RiskAppointment {
  id: string;
  patientId: string;
  appointmentDate: string;
  createdAt: string;
  status: string;
}

const NO_RISKS: ReadonlyMap<string, NoShowRisk> = new Map();
const NO_HISTORIES: ReadonlyMap<string, VisitHistory> = new Map();

/**
 * The no-show risk of each upcoming, still scheduled appointment among these, keyed by appointment id.
 * Past visits come from the device (every appointment of the practice is kept there), counted up to the
 * start of `fromDay`, so it works offline; one read and one pass per change of the list, never per card.
 */
export function useNoShowRisks(
  appointments: readonly RiskAppointment[],
  fromDay: string,
  timeZone: string,
): ReadonlyMap<string, NoShowRisk> {
  const { store } = useLocalData();
  const upcoming = useMemo(() => {
    const now = Date.now();
    return appointments.filter((a) => isStillToCome(a, now));
  }, [appointments]);
  const patientIds = useMemo(() => [...new Set(upcoming.map((a) => a.patientId))].sort(), [upcoming]);
  const before = localDayRange(fromDay, timeZone).start;
  const histories = useLiveQuery(
    async () => (store && patientIds.length > 0 ? store.appointments.visitHistories(patientIds, before) : NO_HISTORIES),
    [store, patientIds.join(','), before],
  );
  return useMemo(() => {
    if (!histories || upcoming.length === 0) return NO_RISKS;
    const risks = new Map<string, NoShowRisk>();
    for (const appointment of upcoming) {
      const history = histories.get(appointment.patientId) ?? NO_HISTORY;
      risks.set(appointment.id, noShowRisk({ ...appointment, history, timeZone }));
    }
    return risks;
  }, [upcoming, histories, timeZone]);
}
