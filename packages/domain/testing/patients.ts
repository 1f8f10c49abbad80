import * as v from 'valibot';
import { createPatientSchema, newPatient, type Patient } from '../src/patients/patient.schema.ts';
import { fixedClock } from '../src/time/clock.ts';
import type { BodyInput } from './body.ts';

/** A new-patient request body as a client sends it (POST /api/patients, or queued offline). */
export type NewPatientInput = BodyInput<ReturnType<typeof createPatientSchema>>;

const STAMP = '2026-11-20T14:00:00.000Z';
let made = 0;

/**
 * A valid new patient of practice 1. Each call gets its own last name, email and phone, so two built
 * patients are never taken for duplicates of each other (the demo data's numbers differ too).
 */
export function aPatient(over: Partial<NewPatientInput> = {}): NewPatientInput {
  made += 1;
  return {
    firstName: 'Noor',
    lastName: `Haddad${made}`,
    phone: `437555${String(made % 10_000).padStart(4, '0')}`,
    email: `noor.haddad${made}@example.ca`,
    dateOfBirth: '1987-06-14',
    address: '12 Front St W',
    city: 'Toronto',
    province: 'ON',
    zipCode: 'M5J 2N1',
    practiceId: 1,
    isActive: true,
    medicalHistory: { conditions: [], medications: [], communicationPreference: 'sms' },
    ...over,
  };
}

/** A stored patient record, as the server lists it and the device keeps it: built from `aPatient`'s body. */
export function aPatientRecord(over: Partial<Patient> = {}, stamp = STAMP): Patient {
  const body = v.parse(createPatientSchema(fixedClock(stamp)), aPatient());
  const id = over.id ?? `00000000-0000-4000-8000-${String(made).padStart(12, '0')}`;
  return { ...newPatient(id, over.practiceId ?? 1, body, stamp), ...over };
}
