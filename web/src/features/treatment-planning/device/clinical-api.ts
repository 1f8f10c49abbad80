import type { LocalStore } from '@dental/local-store';

/** The device's clinical records and commands (`store.clinical`). */
export type ClinicalApi = LocalStore['clinical'];

export const clinicalOf = (store: LocalStore): ClinicalApi => store.clinical;
