import type {
  LocalAppointment,
  LocalFamilyRelationship,
  LocalPatient,
  LocalRecall,
  LocalSentForm,
  LocalStore,
} from '@dental/local-store';
import { useLiveQuery } from 'dexie-react-hooks';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import { type Provider, providersFrom } from '../../scheduling/index.ts';

/** The patient from the device: undefined while reading, null when this device has no such patient. */
export function usePatient(id: string): LocalPatient | null | undefined {
  const { store } = useLocalData();
  return useLiveQuery(async () => {
    if (!store) return undefined;
    return (await store.patients.get(id)) ?? null;
  }, [store, id]);
}

type PatientRead<T> = (store: LocalStore, patientId: string) => Promise<T[]>;

/** One patient's rows of a table, live from the device; undefined while the store opens or reads. */
function usePatientRows<T>(read: PatientRead<T>, id: string): T[] | undefined {
  const { store } = useLocalData();
  return useLiveQuery(async () => (store ? read(store, id) : undefined), [store, id, read]);
}

// Module-level, so a live query's dependencies stay the same from one render to the next.
const appointmentsOf: PatientRead<LocalAppointment> = (store, id) => store.appointments.ofPatient(id);
const recallsOf: PatientRead<LocalRecall> = (store, id) => store.recalls.ofPatient(id);
const familyOf: PatientRead<LocalFamilyRelationship> = (store, id) => store.family.ofPatient(id);
const sentFormsOf: PatientRead<LocalSentForm> = (store, id) => store.forms.sentTo(id);

export function usePatientAppointments(id: string): LocalAppointment[] | undefined {
  return usePatientRows(appointmentsOf, id);
}

/** The patient's recalls from the device, soonest due first: a recall set at an offline check-out is there at once. */
export function usePatientRecalls(id: string): LocalRecall[] | undefined {
  return usePatientRows(recallsOf, id);
}

/** The patient's family links from the device, by the relative's name. */
export function usePatientFamily(id: string): LocalFamilyRelationship[] | undefined {
  return usePatientRows(familyOf, id);
}

/** The forms sent to the patient, from the device, newest first. */
export function usePatientSentForms(id: string): LocalSentForm[] | undefined {
  return usePatientRows(sentFormsOf, id);
}

export function useProviders(): Provider[] {
  const { store } = useLocalData();
  return useLiveQuery(async () => (store ? providersFrom(await store.reference('users')) : []), [store]) ?? [];
}
