import { can } from '@dental/domain/permissions/can';
import { addDays } from '@dental/domain/scheduling/booking-rules';
import {
  type FrontOfficeDay,
  frontOfficeDay,
  unconfirmedAppointments,
  weekOf,
} from '@dental/domain/scheduling/front-office-day';
import { fullName } from '@dental/domain/users/user';
import type { AttentionItem, LocalAppointment, LocalRecall } from '@dental/local-store';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { useLocalData } from '../../platform/offline/local-data.tsx';
import { useDayArrival, useSyncStatus } from '../../platform/offline/sync-status.ts';
import { useNow } from '../../platform/practice/use-now.ts';
import { practiceToday, useScheduleDay } from '../scheduling/index.ts';

/** Waits and lateness move on while the dashboard stays open. */
const TICK_MS = 30_000;

export interface DueRecall {
  recall: LocalRecall;
  /** Null while the patient's record has not reached this device. */
  patientName: string | null;
}

export interface FrontOffice {
  timeZone: string;
  today: string;
  tomorrow: string;
  week: { from: string; to: string };
  /** What the user may see: the device only holds the tables the user may read. */
  showsAppointments: boolean;
  showsRecalls: boolean;
  /** Today's lists, once today's appointments are on the device (undefined until then). */
  day: FrontOfficeDay<LocalAppointment> | undefined;
  /** Tomorrow's appointments still scheduled, once they are on the device. */
  unconfirmed: LocalAppointment[] | undefined;
  recalls: DueRecall[] | undefined;
  attention: AttentionItem[] | undefined;
}

const onDevice = (arrival: string) => arrival === 'arrived' || arrival === 'updating';
const firstFilling = (status: { fill: { phase: string } | undefined }) => status.fill?.phase === 'snapshot';

/** Everything the receptionist dashboard shows, read live from the current practice's store on this device. */
export function useFrontOffice(): FrontOffice {
  const { user } = useAuth();
  const { store, timezone } = useLocalData();
  const now = useNow(TICK_MS);
  const today = practiceToday(timezone);
  const tomorrow = addDays(today, 1);
  const week = useMemo(() => weekOf(today), [today]);
  const showsAppointments = can(user, 'appointments.view');
  const showsRecalls = can(user, 'patients.view');

  const todayRead = useScheduleDay(today);
  const tomorrowRead = useScheduleDay(tomorrow);
  const todayArrived = onDevice(useDayArrival(today)) && todayRead.loaded && todayRead.current;
  const tomorrowArrived = onDevice(useDayArrival(tomorrow)) && tomorrowRead.loaded && tomorrowRead.current;
  const filling = useSyncStatus(firstFilling);

  const day = useMemo(
    () => (todayArrived ? frontOfficeDay(todayRead.appointments, now, timezone) : undefined),
    [todayArrived, todayRead.appointments, now, timezone],
  );
  const unconfirmed = useMemo(
    () => (tomorrowArrived ? unconfirmedAppointments(tomorrowRead.appointments) : undefined),
    [tomorrowArrived, tomorrowRead.appointments],
  );

  const recalls = useLiveQuery(async (): Promise<DueRecall[]> => {
    if (!store || !showsRecalls) return [];
    const due = (await store.recalls.dueBetween(week.from, week.to)).filter((recall) => recall.status === 'active');
    const patients = await Promise.all(due.map((recall) => store.patients.get(recall.patientId)));
    return due.map((recall, index) => {
      const patient = patients[index];
      return { recall, patientName: patient ? fullName(patient) : null };
    });
  }, [store, showsRecalls, week.from, week.to]);
  const attention = useLiveQuery(async () => (store ? store.outbox.needingAttention() : []), [store]);

  return {
    timeZone: timezone,
    today,
    tomorrow,
    week,
    showsAppointments,
    showsRecalls,
    day,
    unconfirmed,
    // Recalls are among the last records of a first fill: an empty list then would read as "none due".
    recalls: filling ? undefined : recalls,
    attention,
  };
}
