/** The sections of a patient's page; a link may open one (`/patients/{id}?tab=forms`). */
export const PATIENT_TABS = ['details', 'medical', 'appointments', 'recalls', 'family', 'forms', 'messages'] as const;
export type PatientTab = (typeof PATIENT_TABS)[number];
