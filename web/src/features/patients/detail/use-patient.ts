import { readAppointmentsForPatient, readRecord, readTable } from '@dental/local-store/reads';
import type { LocalAppointment, LocalPatient } from '@dental/local-store/records';
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

export function useProviders(): Provider[] {
  const { store } = useLocalData();
  return useLiveQuery(async () => (store ? providersFrom(await readTable(store, 'users')) : []), [store]) ?? [];
}
