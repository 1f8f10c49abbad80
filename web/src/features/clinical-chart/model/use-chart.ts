import type { LocalAppointment, LocalPatient } from '@dental/local-store';
import { useLiveQuery } from 'dexie-react-hooks';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import { type ClinicalCommands, clinicalOf, type LocalChartView } from './clinical-store.ts';

/** The device's clinical commands for the open store; null while it opens (or on a store without them). */
export function useClinical(): ClinicalCommands | null {
  return clinicalOf(useLocalData().store);
}

/** The patient's whole chart from the device, redrawn after each write and each pull. */
export function useChartView(patientId: string): LocalChartView | undefined {
  const { store } = useLocalData();
  return useLiveQuery(async () => {
    const clinical = clinicalOf(store);
    return clinical ? clinical.chart(patientId) : undefined;
  }, [store, patientId]);
}

export function usePatientRecord(patientId: string): LocalPatient | null | undefined {
  const { store } = useLocalData();
  return useLiveQuery(async () => {
    if (!store) return undefined;
    return (await store.patients.get(patientId)) ?? null;
  }, [store, patientId]);
}

export function usePatientVisits(patientId: string): LocalAppointment[] | undefined {
  const { store } = useLocalData();
  return useLiveQuery(async () => (store ? store.appointments.ofPatient(patientId) : undefined), [store, patientId]);
}
