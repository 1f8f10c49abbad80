import { readAppointmentsForPatient, readRecallsForPatient, readRecord, readTable } from '@dental/local-store/reads';
import type { LocalAppointment, LocalPatient, LocalRecall } from '@dental/local-store/records';
import { useLiveQuery } from 'dexie-react-hooks';
import { useLocalData } from '../../offline/local-data.tsx';
import { type Provider, providersFrom } from '../../scheduling/schedule-model.ts';

/** The patient from the device: undefined while reading, null when this device has no such patient. */
export function usePatient(id: string): LocalPatient | null | undefined {
  const { store, key } = useLocalData();
  return useLiveQuery(async () => {
    if (!store || !key) return undefined;
    return ((await readRecord(store, key, 'patients', id)) as LocalPatient | undefined) ?? null;
  }, [store, key, id]);
}

export function usePatientAppointments(id: string): LocalAppointment[] | undefined {
  const { store, key } = useLocalData();
  return useLiveQuery(async () => {
    if (!store || !key) return undefined;
    return readAppointmentsForPatient(store, key, id);
  }, [store, key, id]);
}

/** The patient's recalls from the device, soonest due first: a recall set at an offline check-out is there at once. */
export function usePatientRecalls(id: string): LocalRecall[] | undefined {
  const { store, key } = useLocalData();
  return useLiveQuery(async () => {
    if (!store || !key) return undefined;
    return readRecallsForPatient(store, key, id);
  }, [store, key, id]);
}

export function useProviders(): Provider[] {
  const { store } = useLocalData();
  return useLiveQuery(async () => (store ? providersFrom(await readTable(store, 'users')) : []), [store]) ?? [];
}
