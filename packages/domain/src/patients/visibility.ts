import { can, type PermissionSubject } from '../permissions/can.ts';
import type { Patient } from './patient.schema.ts';

export type RestrictedPatientSection = 'medicalHistory' | 'insurance';

export interface PatientView extends Omit<Patient, 'medicalHistory'> {
  medicalHistory: Partial<Patient['medicalHistory']> & Pick<Patient['medicalHistory'], 'communicationPreference'>;
  /** Sections left out because the viewer lacks the permission; never shown as "none". */
  restricted: RestrictedPatientSection[];
}

/** Medical history needs patients.medical_history and insurance needs patients.insurance; contact settings need neither. */
export function patientViewFor(patient: Patient, viewer: PermissionSubject): PatientView {
  const {
    conditions,
    medications,
    allergies,
    insuranceProvider,
    insurancePolicyNumber,
    communicationPreference,
    preferredLanguage,
    commercialConsent,
  } = patient.medicalHistory;
  const restricted: RestrictedPatientSection[] = [];
  // How to reach the patient is for everyone who sees them: the preference, the language of their messages and
  // their CASL consent (left out when never set, as on the record).
  const medicalHistory: PatientView['medicalHistory'] = {
    communicationPreference,
    ...(preferredLanguage === undefined ? {} : { preferredLanguage }),
    ...(commercialConsent === undefined ? {} : { commercialConsent }),
  };
  if (can(viewer, 'patients.medical_history')) {
    Object.assign(medicalHistory, { conditions, medications, allergies });
  } else {
    restricted.push('medicalHistory');
  }
  if (can(viewer, 'patients.insurance')) {
    Object.assign(medicalHistory, { insuranceProvider, insurancePolicyNumber });
  } else {
    restricted.push('insurance');
  }
  return { ...patient, medicalHistory, restricted };
}
