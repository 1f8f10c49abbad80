import type { StoreKey } from '@dental/local-store/crypto/keys';
import {
  readAppointmentsForPatient,
  readFamilyForPatient,
  readRecallsForPatient,
  readRecord,
  readSentFormsForPatient,
  readTable,
} from '@dental/local-store/reads';
import type {
  LocalAppointment,
  LocalFamilyRelationship,
  LocalPatient,
  LocalRecall,
  LocalSentForm,
} from '@dental/local-store/records';
import type { LocalStore } from '@dental/local-store/store';
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

type PatientRead<T> = (store: LocalStore, key: StoreKey, patientId: string) => Promise<T[]>;

/** One patient's rows of a table, live from the device; undefined while the store opens or reads. */
function usePatientRows<T>(read: PatientRead<T>, id: string): T[] | undefined {
  const { store, key } = useLocalData();
  return useLiveQuery(async () => (store && key ? read(store, key, id) : undefined), [store, key, id, read]);
}

export function usePatientAppointments(id: string): LocalAppointment[] | undefined {
  return usePatientRows(readAppointmentsForPatient, id);
}

/** The patient's recalls from the device, soonest due first: a recall set at an offline check-out is there at once. */
export function usePatientRecalls(id: string): LocalRecall[] | undefined {
  return usePatientRows(readRecallsForPatient, id);
}

/** The patient's family links from the device, by the relative's name. */
export function usePatientFamily(id: string): LocalFamilyRelationship[] | undefined {
  return usePatientRows(readFamilyForPatient, id);
}

/** The forms sent to the patient, from the device, newest first. */
export function usePatientSentForms(id: string): LocalSentForm[] | undefined {
  return usePatientRows(readSentFormsForPatient, id);
}

export function useProviders(): Provider[] {
  const { store } = useLocalData();
  return useLiveQuery(async () => (store ? providersFrom(await readTable(store, 'users')) : []), [store]) ?? [];
}
