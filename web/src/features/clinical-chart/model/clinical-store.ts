import type { EntryInput, LocalClinicalChart, LocalClinicalNote, LocalStore } from '@dental/local-store';

export type { EntryInput, LocalClinicalNote };
export type LocalChartView = LocalClinicalChart;
/** The device's clinical commands (store.clinical): every write is checked, kept on the device and queued. */
export type ClinicalCommands = LocalStore['clinical'];

export function clinicalOf(store: LocalStore | null): ClinicalCommands | null {
  return store?.clinical ?? null;
}
