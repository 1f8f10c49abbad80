/** Patients: the list, one patient's record, and the directory of patients on this device that search reads. */
export { PATIENT_TABS, type PatientTab } from './detail/patient-tabs.ts';
export type { PatientsQuery } from './list/patient-list-model.ts';
export { PatientDirectoryProvider, usePatientDirectory, usePatientMatches } from './search/patient-directory.tsx';
export { PatientSelect } from './search/patient-select.tsx';

/** The pages, loaded apart: the sign-in page and the shell do not carry their code. */
export const loadPatientsPage = () => import('./list/patients-page.tsx');
export const loadPatientDetailPage = () => import('./detail/patient-detail-page.tsx');
/** The New Patient wizard on its own, for screens that offer it outside the list (the dashboard's quick action). */
export const loadNewPatientWizard = () => import('./wizard/new-patient-wizard.tsx');
